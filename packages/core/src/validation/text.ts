/**
 * The character policy of every text the app accepts. Text is stored in PostgreSQL, printed in
 * emails and pages and sent in headers: a NUL byte is refused by the database, control characters
 * break headers and logs, a lone surrogate cannot be encoded as UTF-8, and a name made of
 * invisible characters looks like no name at all.
 */

/** C0 and C1 control characters (DEL included); a text area keeps tab and line feed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_TEXT_AREA = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** Line and paragraph separators break a single line as a line feed does. */
const LINE_SEPARATOR = /[\u2028\u2029]/;

/** A UTF-16 surrogate without its partner: not a character, and no UTF-8 encoding exists for it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that prints nothing: white space, separators, format characters (zero-width space and
 * joiners, word joiner, byte order mark, soft hyphen, ...) and the blank letters used to fake an
 * empty name (Hangul fillers, braille blank).
 */
const BLANK = /^[\s\p{Z}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]*$/u;

export type TextKind = 'line' | 'textArea' | 'password';

/** Whether every character of the text is allowed in that kind of field. */
export function hasAllowedCharacters(text: string, kind: TextKind): boolean {
  if (LONE_SURROGATE.test(text)) return false;
  if (kind === 'textArea') return !CONTROL_IN_TEXT_AREA.test(text);
  if (kind === 'line' && LINE_SEPARATOR.test(text)) return false;
  return !CONTROL.test(text);
}

/** Whether the text shows nothing when printed (and so counts as empty). */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** Browsers post text area lines ending in CR LF: one line feed each, as typed. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}
