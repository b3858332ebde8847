import { describe, expect, it } from 'vitest';
import { isSendable } from './message-fields.ts';

describe('isSendable (spec part 2 §5.3: trimmed text required, at most 5000 characters)', () => {
  it.each([
    ['', false],
    ['   \n\t ', false],
    ['Hola', true],
    ['  Hola  ', true],
    ['a'.repeat(5000), true],
    [` ${'a'.repeat(5000)} `, true],
    ['a'.repeat(5001), false],
  ])('%j → %s', (text, expected) => {
    expect(isSendable(text)).toBe(expected);
  });
});
