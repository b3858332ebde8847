import { describe, expect, it } from 'vitest';
import { applyPhoneEdit, formatPhoneNumber, parsePhoneNumber } from './phone-number.ts';

describe('formatPhoneNumber', () => {
  it.each([
    ['', ''],
    ['6', '6'],
    ['612', '612'],
    ['6123', '612 3'],
    ['612345678', '612 345 678'],
    ['612 34 56 78', '612 345 678'],
    ['612-345-678', '612 345 678'],
    ['+34612345678', '+346 123 456 78'],
    ['+', '+'],
    [' +34 6', '+346'],
    ['34+6', '346'],
    ['abc', ''],
  ])('%j → %j', (input, expected) => {
    expect(formatPhoneNumber(input)).toBe(expected);
  });
});

describe('parsePhoneNumber', () => {
  it.each([
    ['612 345 678', '612345678'],
    ['+346 123 456 78', '+34612345678'],
    ['  ', ''],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(parsePhoneNumber(input)).toBe(expected);
  });

  it('undoes the formatting', () => {
    expect(parsePhoneNumber(formatPhoneNumber('+34 612-345-678'))).toBe('+34612345678');
  });
});

describe('applyPhoneEdit', () => {
  it('groups the digit typed at the end and keeps the caret at the end', () => {
    expect(applyPhoneEdit('612', '6123', 4)).toEqual({ value: '612 3', caret: 5 });
  });

  it('keeps the caret after the digit typed in the middle', () => {
    // "612 345" with a 9 typed after the 1: "6192 345" → "619 234 5", caret after the 9.
    expect(applyPhoneEdit('612 345', '6192 345', 3)).toEqual({ value: '619 234 5', caret: 3 });
  });

  it('deletes the digit before a space when backspace removes the space', () => {
    // Caret after the space of "612 345"; backspace removes the space.
    expect(applyPhoneEdit('612 345', '612345', 3)).toEqual({ value: '613 45', caret: 2 });
  });

  it('deletes a digit with backspace and keeps the caret after the digit before it', () => {
    expect(applyPhoneEdit('612 345', '612 45', 4)).toEqual({ value: '612 45', caret: 3 });
    expect(applyPhoneEdit('612 345 6', '612 35 6', 5)).toEqual({ value: '612 356', caret: 5 });
  });

  it('keeps a pasted number grouped, caret at its end', () => {
    expect(applyPhoneEdit('', '612345678', 9)).toEqual({ value: '612 345 678', caret: 11 });
  });

  it('keeps the leading plus', () => {
    expect(applyPhoneEdit('+', '+3', 2)).toEqual({ value: '+3', caret: 2 });
  });
});
