import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { money } from '../money/money.ts';
import {
  confirmSignupSchema,
  contactDetailsSchema,
  emailChanged,
  emailVerificationSchema,
  imageFileSchema,
  loginSchema,
  passwordChangeSchema,
  passwordRecoverySchema,
  passwordResetSchema,
  profileSettingsSchema,
  signupSchema,
} from './account.ts';
import { MESSAGES as M } from './messages.ts';
import { enquirySchema, messageSchema, priceOfferSchema, reviewSchema } from './messaging.ts';
import { validate } from './shared.ts';

const errors = (schema: z.ZodType, input: unknown) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};

describe('contact details', () => {
  const schema = contactDetailsSchema({ currentEmail: 'ana@example.es' });

  it('needs no password while the email is unchanged, and strips phone spaces', () => {
    expect(schema.parse({ email: ' ANA@example.es ', phoneNumber: '+34 600 11 22 33' })).toEqual({
      email: 'ANA@example.es',
      phoneNumber: '+34600112233',
    });
    expect(schema.parse({ email: 'ana@example.es', phoneNumber: '  ' }).phoneNumber).toBeUndefined();
    expect(emailChanged('ANA@example.es', 'ana@example.es')).toBe(false);
    expect(emailChanged('eva@example.es', 'ana@example.es')).toBe(true);
  });

  it.each([
    [{ email: 'eva@example.es' }, { currentPassword: M.required }],
    [{ email: 'eva@example.es', currentPassword: '' }, { currentPassword: M.required }],
    [{ email: 'eva@example.es', currentPassword: '1234567' }, { currentPassword: M.passwordTooShort }],
    [{ email: 'eva@example.es', currentPassword: '12345678' }, {}],
    [{ email: 'eva' }, { email: M.emailInvalid }],
  ])('%j → %j', (input, expected) => {
    expect(errors(schema, input)).toEqual(expected);
  });
});

describe('account forms', () => {
  it.each([
    [
      'passwordChangeSchema',
      passwordChangeSchema,
      { newPassword: 'short', currentPassword: '' },
      {
        newPassword: M.passwordTooShort,
        currentPassword: M.required,
      },
    ],
    [
      'passwordChangeSchema',
      passwordChangeSchema,
      { newPassword: '12345678', currentPassword: '12345678' },
      {},
    ],
    ['passwordRecoverySchema', passwordRecoverySchema, { email: '' }, { email: M.required }],
    [
      'passwordResetSchema',
      passwordResetSchema,
      { token: 't', newPassword: 'x'.repeat(257) },
      {
        newPassword: M.passwordTooLong,
      },
    ],
    ['passwordResetSchema', passwordResetSchema, { newPassword: '12345678' }, { token: M.required }],
    ['loginSchema', loginSchema, { email: '', password: '' }, { email: M.required, password: M.required }],
    ['loginSchema', loginSchema, { email: 'whatever', password: ' ' }, {}],
    [
      'signupSchema',
      signupSchema,
      { email: 'a@b.es', firstName: 'Ana', lastName: 'Pérez', password: '12345678' },
      {
        captcha: M.required,
        termsAccepted: M.termsRequired,
      },
    ],
    [
      'signupSchema',
      signupSchema,
      {
        email: 'a@b.es',
        firstName: 'Ana',
        lastName: 'Pérez',
        password: '12345678',
        captcha: 'tok',
        termsAccepted: false,
      },
      { termsAccepted: M.termsRequired },
    ],
    [
      'confirmSignupSchema',
      confirmSignupSchema,
      { email: 'a@b.es', firstName: ' ', lastName: 'P', termsAccepted: true },
      { firstName: M.required },
    ],
    [
      'confirmSignupSchema',
      confirmSignupSchema,
      { email: 'a@b.es', firstName: 'Ana', lastName: 'P', currentPassword: 'x'.repeat(257) },
      { termsAccepted: M.termsRequired, currentPassword: M.passwordTooLong },
    ],
    [
      'profileSettingsSchema',
      profileSettingsSchema,
      { firstName: 'Ana', lastName: '' },
      { lastName: M.required },
    ],
    [
      'profileSettingsSchema',
      profileSettingsSchema,
      { firstName: 'Ana', lastName: 'P', bio: 'x'.repeat(5001) },
      { bio: M.textTooLong },
    ],
    ['imageFileSchema', imageFileSchema, { type: 'image/png', size: 20 * 1024 * 1024 }, {}],
    [
      'imageFileSchema',
      imageFileSchema,
      { type: 'image/png', size: 20 * 1024 * 1024 + 1 },
      { size: M.imageTooLarge },
    ],
    ['imageFileSchema', imageFileSchema, { type: 'image/webp', size: 1 }, { type: M.imageTypeInvalid }],
    ['emailVerificationSchema', emailVerificationSchema, { token: '' }, { token: M.required }],
  ] as [string, z.ZodType, unknown, Record<string, string>][])(
    '%s %j → %j',
    (_name, schema, input, expected) => {
      expect(errors(schema, input)).toEqual(expected);
    },
  );

  it('keeps the optional signup fields', () => {
    expect(
      signupSchema.parse({
        email: 'a@b.es',
        firstName: 'Ana',
        lastName: 'Pérez',
        password: '12345678',
        referralCode: ' REF10 ',
        captcha: 'token',
        termsAccepted: true,
      }),
    ).toMatchObject({ referralCode: 'REF10', locale: 'es' });
  });
});

describe('messaging', () => {
  it.each([
    ['messageSchema', messageSchema, { content: '  hola  ' }, {}],
    ['messageSchema', messageSchema, { content: '   ' }, { content: M.required }],
    ['messageSchema', messageSchema, { content: 'x'.repeat(5001) }, { content: M.textTooLong }],
    [
      'messageSchema',
      messageSchema,
      { content: 'x', transactionId: 'nope' },
      { transactionId: M.uuidInvalid },
    ],
    [
      'enquirySchema',
      enquirySchema,
      { listingId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', message: '' },
      { message: M.required },
    ],
    ['reviewSchema', reviewSchema, { rating: 5, content: 'Genial' }, {}],
    ['reviewSchema', reviewSchema, { rating: '4', content: 'Bien' }, {}],
    ['reviewSchema', reviewSchema, { rating: 0, content: 'x' }, { rating: M.ratingInvalid }],
    ['reviewSchema', reviewSchema, { rating: 6, content: 'x' }, { rating: M.ratingInvalid }],
    ['reviewSchema', reviewSchema, { rating: 4.5, content: 'x' }, { rating: M.ratingInvalid }],
    ['reviewSchema', reviewSchema, { content: '' }, { rating: M.required, content: M.required }],
  ] as [string, z.ZodType, unknown, Record<string, string>][])(
    '%s %j → %j',
    (_name, schema, input, expected) => {
      expect(errors(schema, input)).toEqual(expected);
    },
  );

  it('trims messages', () => {
    expect(messageSchema.parse({ content: '  hola  ' }).content).toBe('hola');
  });

  it.each([
    ['25', 2500],
    ['25.5', 2550],
    ['25,50', 2550],
    [' 7 ', 700],
  ])('reads the offer %j as %i cents', (offer, cents) => {
    expect(priceOfferSchema().parse({ offer })).toEqual({ offer: money(cents, 'EUR') });
  });

  it.each([
    ['', M.required],
    ['0', M.offerAmountInvalid],
    ['-5', M.offerAmountInvalid],
    ['25.555', M.offerAmountInvalid],
    ['veinte', M.offerAmountInvalid],
    ['100000,01', M.offerAmountInvalid],
  ])('refuses the offer %j with %s', (offer, message) => {
    expect(errors(priceOfferSchema(), { offer })).toEqual({ offer: message });
  });
});
