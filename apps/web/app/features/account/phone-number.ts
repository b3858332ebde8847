/**
 * The phone input of spec part 2 §5.2: digits grouped in threes while typing, spaces stripped when
 * the number is sent. Anything that is not a digit, or a leading "+", is dropped as the person
 * types; whether the digits make a phone number is the core's `phoneNumber` schema's to say (the
 * API stores it as E.164, reading a number without a country code as Spanish).
 */

const GROUP_SIZE = 3;

/** "+34612345678" → "+346 123 456 78"; "612345678" → "612 345 678". */
export function formatPhoneNumber(input: string): string {
  const plus = input.trimStart().startsWith('+') ? '+' : '';
  const digits = input.replace(/\D/g, '');
  const groups: string[] = [];
  for (let start = 0; start < digits.length; start += GROUP_SIZE) {
    groups.push(digits.slice(start, start + GROUP_SIZE));
  }
  return plus + groups.join(' ');
}

/** What the API receives: the number without the spaces added for reading. */
export function parsePhoneNumber(value: string): string {
  return value.replace(/\s+/g, '');
}

const isSignificant = (char: string) => /[\d+]/.test(char);

function significantBefore(value: string, caret: number): number {
  let count = 0;
  for (const char of value.slice(0, caret)) if (isSignificant(char)) count += 1;
  return count;
}

function caretAfterSignificant(formatted: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (isSignificant(formatted.charAt(index))) seen += 1;
    if (seen === count) return index + 1;
  }
  return formatted.length;
}

/**
 * One keystroke in the phone input: the new text formatted, and where the caret goes so that it
 * stays after the same digit. Deleting one of the spaces formatting added would only bring it back,
 * so it deletes the digit before it instead, as the person meant.
 */
export function applyPhoneEdit(
  previous: string,
  typed: string,
  caret: number,
): { value: string; caret: number } {
  let text = typed;
  let position = caret;
  const removedOnlySpace =
    typed.length === previous.length - 1 &&
    parsePhoneNumber(typed) === parsePhoneNumber(previous) &&
    /\s/.test(previous.charAt(caret));
  if (removedOnlySpace && position > 0) {
    text = typed.slice(0, position - 1) + typed.slice(position);
    position -= 1;
  }
  const value = formatPhoneNumber(text);
  return { value, caret: caretAfterSignificant(value, significantBefore(text, position)) };
}
