import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import {
  confirmSignupSchema,
  contactDetailsSchema,
  emailVerificationSchema,
  loginSchema,
  passwordChangeSchema,
  passwordRecoverySchema,
  passwordResetSchema,
  profileSettingsSchema,
  signupSchema,
} from './account.ts';
import { descriptionSchema, locationSchema, videoSchema } from './listing-forms.ts';
import { enquirySchema, messageSchema, reviewSchema } from './messaging.ts';
import { billingAddressSchema, checkoutSchema } from './payment.ts';
import { phoneNumber } from './phone.ts';
import {
  EMAIL_RE,
  email,
  httpUrl,
  loginEmail,
  loginPassword,
  optionalString,
  optionalTextArea,
  password,
  personName,
  requiredString,
  textArea,
  title,
  token,
} from './shared.ts';

/**
 * Whatever text arrives, a text schema either refuses it or returns text within its limit that
 * PostgreSQL, headers, logs and pages can hold. The oracle below is written independently of
 * `text.ts`, from the rules themselves.
 */
type Kind = 'line' | 'textArea' | 'password';

function problemsOf(value: string, kind: Kind): string[] {
  const problems: string[] = [];
  try {
    encodeURIComponent(value);
  } catch {
    problems.push('lone surrogate');
  }
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const allowedInTextArea = kind === 'textArea' && (code === 0x09 || code === 0x0a);
    if ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) && !allowedInTextArea) {
      problems.push(`control U+${code.toString(16)}`);
    }
    if (kind === 'line' && (code === 0x2028 || code === 0x2029)) problems.push('line separator');
  }
  return problems;
}

const INVISIBLE = [' ', '\u00A0', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u3000', '\u00AD'];
const NASTY = ['\u0000', '\n', '\r', '\t', '\u0085', '\u2028', '\uD800', '\uDFFF', '😀', 'ñ', 'a', '@', '.'];

/** Random text of every sort, with nasty characters and lengths around and far beyond the limit. */
function anyText(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'binary', minLength: max - 2, maxLength: max + 2 }),
    fc.string({ unit: fc.constantFrom(...NASTY), maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...INVISIBLE), minLength: 1, maxLength: 20 }),
    fc
      .tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.constantFrom(...NASTY))
      .map(([a, b]) => a + b),
    fc.integer({ min: max + 1, max: 900_000 }).map((length) => 'x'.repeat(length)),
  );
}

interface TextField {
  name: string;
  schema: z.ZodType;
  max: number;
  kind: Kind;
  required: boolean;
  /** Extra shape of an accepted value. */
  shape?: RegExp;
}

const E164 = /^\+[1-9]\d{6,14}$/;

const FIELDS: TextField[] = [
  { name: 'requiredString', schema: requiredString(), max: LIMITS.lineMax, kind: 'line', required: true },
  { name: 'optionalString', schema: optionalString(), max: LIMITS.lineMax, kind: 'line', required: false },
  { name: 'personName', schema: personName(), max: LIMITS.nameMax, kind: 'line', required: true },
  { name: 'title', schema: title(), max: LIMITS.titleMax, kind: 'line', required: true },
  { name: 'textArea', schema: textArea(), max: LIMITS.textAreaMax, kind: 'textArea', required: true },
  {
    name: 'optionalTextArea',
    schema: optionalTextArea(),
    max: LIMITS.textAreaMax,
    kind: 'textArea',
    required: false,
  },
  {
    name: 'email',
    schema: email(),
    max: LIMITS.emailMax,
    kind: 'line',
    required: true,
    shape: EMAIL_RE,
  },
  { name: 'loginEmail', schema: loginEmail(), max: LIMITS.emailMax, kind: 'line', required: true },
  { name: 'password', schema: password(), max: LIMITS.passwordMax, kind: 'password', required: true },
  {
    name: 'loginPassword',
    schema: loginPassword(),
    max: LIMITS.passwordMax,
    kind: 'password',
    required: true,
  },
  {
    name: 'token',
    schema: token(),
    max: LIMITS.tokenMax,
    kind: 'line',
    required: true,
    shape: /^[\x21-\x7E]+$/,
  },
  { name: 'httpUrl', schema: httpUrl(), max: LIMITS.urlMax, kind: 'line', required: true },
  {
    name: 'phoneNumber',
    schema: phoneNumber(),
    max: 16,
    kind: 'line',
    required: false,
    shape: E164,
  },
];

function checkAccepted(field: TextField, value: unknown) {
  if (value === undefined) {
    expect(field.required, `${field.name} returned nothing`).toBe(false);
    return;
  }
  expect(typeof value).toBe('string');
  const text = value as string;
  // Limits count characters (code points), as a person counts them; zod does the same.
  expect([...text].length).toBeLessThanOrEqual(field.max);
  expect(problemsOf(text, field.kind)).toEqual([]);
  if (field.kind !== 'password') {
    expect(text).toBe(text.trim());
    expect(text.replace(/[\s\p{Z}\p{Cf}\u3164\u115F\u1160\u2800\uFFA0]/gu, '')).not.toBe('');
  }
  if (field.shape) expect(text).toMatch(field.shape);
}

describe.each(FIELDS)('$name', (field) => {
  it('refuses any text or returns text within its limit, without control characters', () => {
    fc.assert(
      fc.property(anyText(field.max), (input) => {
        const result = field.schema.safeParse(input);
        if (result.success) checkAccepted(field, result.data);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a NUL byte anywhere', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (before, after) => {
        expect(field.schema.safeParse(`${before}\u0000${after}`).success).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  // A password of spaces is a password (spec part 2 §5.1: not trimmed); every other text is not.
  it.skipIf(field.kind === 'password')('refuses text made only of invisible characters when required', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...INVISIBLE), maxLength: 20 }), (input) => {
        const result = field.schema.safeParse(input);
        if (field.required) expect(result.success).toBe(false);
        else expect(result.success && result.data).toBeFalsy();
      }),
      { numRuns: 100 },
    );
  });
});

/** Every form whose text the API stores or looks up: random values in each text field. */
const FORMS: {
  name: string;
  schema: z.ZodType;
  valid: Record<string, unknown>;
  limits: Record<string, number>;
}[] = [
  {
    name: 'profileSettingsSchema',
    schema: profileSettingsSchema,
    valid: { firstName: 'Ana', lastName: 'Pérez', bio: 'Hola', instagram: 'ana', tiktok: 'ana' },
    limits: { firstName: 100, lastName: 100, bio: 5000, instagram: 200, tiktok: 200 },
  },
  {
    name: 'contactDetailsSchema',
    schema: contactDetailsSchema({ currentEmail: 'ana@example.com' }),
    valid: { email: 'ana@example.com', phoneNumber: '612345678' },
    limits: { email: 254, phoneNumber: 16 },
  },
  {
    name: 'signupSchema',
    schema: signupSchema,
    valid: {
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'P',
      password: 'tortilla-de-patatas',
      captcha: 'tok',
      termsAccepted: true,
    },
    limits: { email: 254, firstName: 100, lastName: 100, password: 256, captcha: 4096 },
  },
  {
    name: 'confirmSignupSchema',
    schema: confirmSignupSchema,
    valid: { email: 'ana@example.com', firstName: 'Ana', lastName: 'P', termsAccepted: true },
    limits: { email: 254, firstName: 100, lastName: 100 },
  },
  {
    name: 'loginSchema',
    schema: loginSchema,
    valid: { email: 'ana@example.com', password: 'x' },
    limits: { email: 254, password: 256 },
  },
  {
    name: 'passwordRecoverySchema',
    schema: passwordRecoverySchema,
    valid: { email: 'ana@example.com' },
    limits: { email: 254 },
  },
  {
    name: 'passwordResetSchema',
    schema: passwordResetSchema,
    valid: { token: 'abc', newPassword: 'tortilla-de-patatas' },
    limits: { token: 4096, newPassword: 256 },
  },
  {
    name: 'passwordChangeSchema',
    schema: passwordChangeSchema,
    valid: { currentPassword: 'tortilla-vieja', newPassword: 'tortilla-nueva' },
    limits: { currentPassword: 256, newPassword: 256 },
  },
  {
    name: 'emailVerificationSchema',
    schema: emailVerificationSchema,
    valid: { token: 'abc' },
    limits: { token: 4096 },
  },
  {
    name: 'messageSchema',
    schema: messageSchema,
    valid: { content: 'Hola' },
    limits: { content: 5000 },
  },
  {
    name: 'enquirySchema',
    schema: enquirySchema,
    valid: { listingId: '6f1e3c2a-7b7d-4f5e-9a0b-1c2d3e4f5a6b', message: 'Hola' },
    limits: { message: 5000 },
  },
  {
    name: 'reviewSchema',
    schema: reviewSchema,
    valid: { rating: 5, content: 'Bien' },
    limits: { content: 5000 },
  },
  {
    name: 'descriptionSchema',
    schema: descriptionSchema,
    valid: { title: 'Sala', description: 'Grande' },
    limits: { title: 60, description: 5000 },
  },
  { name: 'videoSchema', schema: videoSchema, valid: {}, limits: { video: LIMITS.urlMax } },
  {
    name: 'locationSchema',
    schema: locationSchema,
    valid: { location: { address: 'Madrid', origin: { lat: 40.4, lng: -3.7 } } },
    limits: { building: 200 },
  },
  {
    name: 'billingAddressSchema',
    schema: billingAddressSchema,
    valid: { addressLine1: 'Calle Mayor 1', postal: '28013', city: 'Madrid', country: 'ES' },
    limits: { addressLine1: 200, addressLine2: 200, postal: 200, city: 200, state: 200 },
  },
  {
    name: 'checkoutSchema',
    schema: checkoutSchema,
    valid: { paymentMethod: 'defaultCard', cardholderName: 'Ana' },
    limits: { cardholderName: 200, initialMessage: 5000 },
  },
];

describe.each(FORMS)('$name', ({ schema, valid, limits }) => {
  it('keeps every text field within its limit whatever is typed into it', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(limits)), anyText(5000), (field, text) => {
        const result = schema.safeParse({ ...valid, [field]: text });
        if (!result.success) return;
        const stored = (result.data as Record<string, unknown>)[field];
        if (stored === undefined) return;
        expect(typeof stored).toBe('string');
        expect([...(stored as string)].length).toBeLessThanOrEqual(limits[field]!);
        expect((stored as string).includes('\u0000')).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
