/**
 * The part of ICU MessageFormat the catalogues use, without a library (decision 0035: the
 * formatter and its parser were a tenth of every page's JavaScript): arguments `{name}` (as text),
 * `{n, number}`, `{n, plural, =0 {…} one {…} other {…}}` with `#`,
 * `{x, select, a {…} other {…}}`, and ICU quoting (`''` is an apostrophe; `'{…}'` is literal text).
 * Anything else (tags, styles, offsets, dates) is refused when a message is compiled, so a text
 * that needs more fails its test instead of rendering wrongly. `message-format.test.ts` holds every
 * catalogue text to the reference implementation's output.
 */

export type MessageValue = string | number | boolean | null | undefined | Date;

type Part =
  | string
  | { kind: 'argument'; name: string; number: boolean }
  | { kind: 'pound' }
  | { kind: 'plural'; name: string; options: Record<string, Part[]> }
  | { kind: 'select'; name: string; options: Record<string, Part[]> };

export interface CompiledMessage {
  format(values?: Record<string, MessageValue>): string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

function plurals(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

class Parser {
  private at = 0;
  constructor(private readonly source: string) {}

  done(): boolean {
    return this.at === this.source.length;
  }

  fail(why: string): never {
    throw new SyntaxError(`${why} at ${this.at} in message: ${this.source}`);
  }

  /** Text and arguments up to an unmatched `}` (inside an option) or the end. */
  message(inPlural: boolean): Part[] {
    const parts: Part[] = [];
    let text = '';
    const s = this.source;
    while (this.at < s.length) {
      const c = s[this.at] as string;
      if (c === '}') break;
      if (c === '{') {
        if (text) parts.push(text);
        text = '';
        parts.push(this.argument());
        continue;
      }
      if (c === '#' && inPlural) {
        if (text) parts.push(text);
        text = '';
        parts.push({ kind: 'pound' });
        this.at += 1;
        continue;
      }
      if (c === '<') this.fail('Tags are not supported');
      if (c === "'") {
        const next = s[this.at + 1];
        if (next === "'") {
          text += "'";
          this.at += 2;
          continue;
        }
        if (next === '{' || next === '}' || (next === '#' && inPlural) || next === '|') {
          // Quoted literal text up to the next lone apostrophe ('' inside stays one).
          this.at += 1;
          while (this.at < s.length) {
            const q = s[this.at] as string;
            if (q === "'") {
              if (s[this.at + 1] === "'") {
                text += "'";
                this.at += 2;
                continue;
              }
              this.at += 1;
              break;
            }
            text += q;
            this.at += 1;
          }
          continue;
        }
      }
      text += c;
      this.at += 1;
    }
    if (text) parts.push(text);
    return parts;
  }

  private space() {
    while (/\s/.test(this.source[this.at] ?? '')) this.at += 1;
  }

  private word(): string {
    this.space();
    const match = /^[^\s{},#'|]+/.exec(this.source.slice(this.at));
    if (!match) this.fail('A name was expected');
    this.at += match[0].length;
    this.space();
    return match[0];
  }

  private expect(c: string) {
    if (this.source[this.at] !== c) this.fail(`"${c}" was expected`);
    this.at += 1;
  }

  private argument(): Part {
    this.expect('{');
    const name = this.word();
    if (this.source[this.at] === '}') {
      this.at += 1;
      return { kind: 'argument', name, number: false };
    }
    this.expect(',');
    const type = this.word();
    if (type === 'number') {
      this.expect('}');
      return { kind: 'argument', name, number: true };
    }
    if (type !== 'plural' && type !== 'select') this.fail(`The argument type "${type}" is not supported`);
    this.expect(',');
    const options: Record<string, Part[]> = {};
    for (;;) {
      this.space();
      if (this.source[this.at] === '}') break;
      const key = this.word();
      if (key.startsWith('offset:')) this.fail('Plural offsets are not supported');
      this.expect('{');
      options[key] = this.message(type === 'plural');
      this.expect('}');
    }
    this.expect('}');
    if (!options.other) this.fail('An "other" option is required');
    return { kind: type, name, options };
  }
}

function valueNamed(values: Record<string, MessageValue> | undefined, name: string): MessageValue {
  if (!values || !(name in values)) throw new Error(`The message needs a value for "${name}"`);
  return values[name];
}

function render(
  parts: readonly Part[],
  locale: string,
  values: Record<string, MessageValue> | undefined,
  pound: number | undefined,
): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
    } else if (part.kind === 'pound') {
      out += pound === undefined ? '#' : numberFormat(locale).format(pound);
    } else if (part.kind === 'argument') {
      const value = valueNamed(values, part.name);
      // As intl-messageformat: a plain argument is its text (no number formatting), null or false none.
      if (part.number) out += numberFormat(locale).format(Number(value));
      else if (typeof value === 'string' || typeof value === 'number') out += String(value);
      else out += value ? String(value) : '';
    } else if (part.kind === 'plural') {
      const n = Number(valueNamed(values, part.name));
      const chosen = part.options[`=${n}`] ?? part.options[plurals(locale).select(n)] ?? part.options.other;
      out += render(chosen as Part[], locale, values, n);
    } else {
      const key = String(valueNamed(values, part.name));
      out += render((part.options[key] ?? part.options.other) as Part[], locale, values, pound);
    }
  }
  return out;
}

/** Parses an ICU message once; `format` then fills it for the locale. */
export function compileMessage(source: string, locale: string): CompiledMessage {
  const parser = new Parser(source);
  const parts = parser.message(false);
  // The top level ends at the end of the text; a stray "}" stops it early.
  if (!parser.done()) parser.fail('Unmatched "}"');
  return { format: (values) => render(parts, locale, values, undefined) };
}
