import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { contactDetailsSchema, loginSchema, profileSettingsSchema } from './account.ts';
import { MESSAGES as M } from './messages.ts';
import { phoneNumber, toE164 } from './phone.ts';
import {
  email,
  loginEmail,
  loginPassword,
  optionalString,
  optionalTextArea,
  password,
  personName,
  requiredString,
  textArea,
  token,
} from './shared.ts';
import { hasAllowedCharacters, isBlank, normalizeNewlines } from './text.ts';

const firstError = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';

describe('character policy', () => {
  it.each([
    ['Lucía', 'line', true],
    ['😀 emoji pairs are fine', 'line', true],
    ['a\u0000b', 'line', false],
    ['a\u0000b', 'textArea', false],
    ['a\u0000b', 'password', false],
    ['a\nb', 'line', false],
    ['a\nb', 'textArea', true],
    ['a\tb', 'textArea', true],
    ['a\tb', 'line', false],
    ['a\rb', 'textArea', false],
    ['a\u001bb', 'textArea', false],
    ['a\u007fb', 'line', false],
    ['a\u0085b', 'line', false],
    ['a\u009fb', 'textArea', false],
    ['a\u2028b', 'line', false],
    ['a\u2028b', 'textArea', true],
    [`a${LONE_HIGH}b`, 'line', false],
    [`a${LONE_LOW}`, 'textArea', false],
    [`${LONE_LOW}${LONE_HIGH}`, 'password', false],
  ] as const)('%j as %s → %s', (text, kind, allowed) => {
    expect(hasAllowedCharacters(text, kind)).toBe(allowed);
  });

  it.each([
    ['', true],
    ['   ', true],
    ['\u200B\u200C\u200D', true],
    ['\u2060\uFEFF\u00AD', true],
    ['\u3164\u115F\u1160\u2800\uFFA0', true],
    ['\u00A0\u2003\u3000', true],
    ['\u200Ba', false],
    ['.', false],
  ])('%j is blank: %s', (text, blank) => {
    expect(isBlank(text)).toBe(blank);
  });

  it('turns the CR LF of a posted text area into line feeds', () => {
    expect(normalizeNewlines('a\r\nb\rc\nd')).toBe('a\nb\nc\nd');
  });
});

describe('text fields', () => {
  it.each([
    ['personName', personName(), 'x'.repeat(LIMITS.nameMax), null],
    ['personName', personName(), 'x'.repeat(LIMITS.nameMax + 1), M.nameTooLong],
    ['personName', personName(), 'x'.repeat(900_000), M.nameTooLong],
    ['personName', personName(), 'Ana\u0000', M.charactersInvalid],
    ['personName', personName(), 'Ana\nMaría', M.charactersInvalid],
    ['personName', personName(), '\u200B\u200B', M.required],
    ['personName', personName(), '\u3164', M.required],
    ['requiredString', requiredString(), 'x'.repeat(LIMITS.lineMax + 1), M.tooLong],
    ['requiredString', requiredString(), `x${LONE_HIGH}`, M.charactersInvalid],
    ['email', email(), `${'a'.repeat(LIMITS.emailMax - 12)}@example.com`, null],
    ['email', email(), `${'a'.repeat(LIMITS.emailMax - 11)}@example.com`, M.emailInvalid],
    ['email', email(), 'a\u0000b@example.com', M.charactersInvalid],
    ['loginEmail', loginEmail(), `${'a'.repeat(10_000)}@example.com`, M.emailInvalid],
    ['loginEmail', loginEmail(), 'a\u0000@example.com', M.charactersInvalid],
    ['loginEmail', loginEmail(), 'old-address-without-tld@host', null],
    ['password', password(), 'tortilla\u0000patatas', M.charactersInvalid],
    ['password', password(), `tortilla-${LONE_LOW}-patatas`, M.charactersInvalid],
    ['password', password(), 'tortilla de patatas', null],
    ['loginPassword', loginPassword(), 'x', null],
    ['loginPassword', loginPassword(), 'x'.repeat(LIMITS.passwordMax + 1), M.passwordTooLong],
    ['loginPassword', loginPassword(), 'x\u0000', M.charactersInvalid],
    ['token', token(), 'eyJhbGciOi.payload-_x', null],
    ['token', token(), 'ab\u0000c', M.charactersInvalid],
    ['token', token(), 'ab c', M.invalid],
    ['token', token(), 'x'.repeat(LIMITS.tokenMax + 1), M.invalid],
    ['textArea', textArea(), 'first line\nsecond\tline', null],
    ['textArea', textArea(), 'x'.repeat(LIMITS.textAreaMax + 1), M.textTooLong],
    ['textArea', textArea(), 'bell\u0007', M.charactersInvalid],
    ['textArea', textArea(), '\u200B\n\u200B', M.required],
    ['optionalString', optionalString(), 'x'.repeat(LIMITS.lineMax + 1), M.tooLong],
    ['optionalString', optionalString(), 'x\u0000', M.charactersInvalid],
    ['optionalTextArea', optionalTextArea(), 'x'.repeat(LIMITS.textAreaMax + 1), M.textTooLong],
  ] as const)('%s, case %#', (_name, schema, value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });

  it('keeps the line feeds of a text area, as typed', () => {
    expect(textArea().parse('  hola\r\nadiós  ')).toBe('hola\nadiós');
    expect(optionalTextArea().parse('a\r\n\r\nb')).toBe('a\n\nb');
  });

  it('reads invisible optional text as no text', () => {
    expect(optionalString().parse('\u200B\u2060')).toBeUndefined();
    expect(optionalTextArea().parse('\uFEFF\n\u200D')).toBeUndefined();
  });
});

describe('phone numbers', () => {
  it.each([
    ['612345678', '+34612345678'],
    ['612 34 56 78', '+34612345678'],
    ['+34 612 345 678', '+34612345678'],
    ['0034612345678', '+34612345678'],
    ['91 123 45 67', '+34911234567'],
    ['+1 202 555 0143', '+12025550143'],
    ['+44 20 7946 0958', '+442079460958'],
    ['', undefined],
    ['   ', undefined],
    [undefined, undefined],
  ])('%j is stored as %s', (typed, stored) => {
    expect(phoneNumber().parse(typed)).toBe(stored);
  });

  it.each([
    'hello',
    '6',
    '612345678 ext 5',
    'call 612345678',
    '6123\u00004567',
    '1'.repeat(900_000),
    '+34 612 345 678 999 999 999 999 999 999 999',
  ])('refuses %j', (typed) => {
    expect(firstError(phoneNumber(), typed)).toBe(M.phoneInvalid);
  });

  it('reads a number without a country code in the given country', () => {
    expect(toE164('020 7946 0958', 'GB')).toBe('+442079460958');
    expect(toE164('020 7946 0958')).toBeUndefined();
  });
});

describe('account forms', () => {
  it('refuses a NUL byte, a name of 900 KB and an invisible name in the profile', () => {
    expect(firstError(profileSettingsSchema, { firstName: 'a\u0000', lastName: 'b' })).toBe(
      M.charactersInvalid,
    );
    expect(firstError(profileSettingsSchema, { firstName: 'a'.repeat(900_000), lastName: 'b' })).toBe(
      M.nameTooLong,
    );
    expect(firstError(profileSettingsSchema, { firstName: '\u200B', lastName: 'b' })).toBe(M.required);
  });

  it('stores the phone of the contact details as E.164', () => {
    const schema = contactDetailsSchema({ currentEmail: 'ana@example.com' });
    expect(schema.parse({ email: 'ana@example.com', phoneNumber: '612 345 678' })).toEqual({
      email: 'ana@example.com',
      phoneNumber: '+34612345678',
    });
    expect(firstError(schema, { email: 'ana@example.com', phoneNumber: 'hello' })).toBe(M.phoneInvalid);
    expect(firstError(schema, { email: 'ana@example.com', currentPassword: 'x\u0000' })).toBe(
      M.charactersInvalid,
    );
  });

  it('bounds the log-in email', () => {
    expect(firstError(loginSchema, { email: `${'a'.repeat(10_000)}@x.es`, password: 'x' })).toBe(
      M.emailInvalid,
    );
  });
});
