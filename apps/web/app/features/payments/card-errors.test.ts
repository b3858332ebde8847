import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { CARD_ERROR_CODES, CARD_ERROR_TYPES, cardErrorCode, cardErrorKey } from './card-errors.ts';

/** Spec part 2 §8.2's card validation codes, plus insufficient funds and authentication failure. */
const SPEC_CODES = [
  'card_declined',
  'expired_card',
  'incomplete_number',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_month_past',
  'invalid_expiry_year',
  'invalid_number',
  'invalid_swipe_data',
  'missing',
  'processing_error',
  'insufficient_funds',
  'authentication_failure',
];

describe('card errors', () => {
  it.each(['es', 'en'] as const)('have a text of their own for every code and type (%s)', (locale) => {
    const messages = mergedCatalogue(locale);
    expect(CARD_ERROR_CODES).toEqual(expect.arrayContaining(SPEC_CODES));
    const keys = [
      ...CARD_ERROR_CODES.map((code) => cardErrorKey(code)),
      ...CARD_ERROR_TYPES.map((type) => cardErrorKey('x', null, type)),
    ];
    expect(keys.filter((key) => !(key in messages))).toEqual([]);
    const texts = SPEC_CODES.map((code) => messages[cardErrorKey(code)]);
    expect(new Set(texts).size).toBe(SPEC_CODES.length);
  });

  it('name a decline by its decline code when it says more', () => {
    expect(cardErrorCode('card_declined', 'insufficient_funds')).toBe('insufficient_funds');
    expect(cardErrorKey('card_declined', 'insufficient_funds')).toBe(
      'payments.cardErrors.insufficient_funds',
    );
    expect(cardErrorKey('card_declined', 'generic_decline')).toBe('payments.cardErrors.card_declined');
    expect(cardErrorKey('expired_card', 'expired_card')).toBe('payments.cardErrors.expired_card');
  });

  it("read both intents' authentication failures as one", () => {
    expect(cardErrorKey('payment_intent_authentication_failure')).toBe(
      'payments.cardErrors.authentication_failure',
    );
    expect(cardErrorKey('setup_intent_authentication_failure')).toBe(
      'payments.cardErrors.authentication_failure',
    );
    expect(cardErrorCode('payment_intent_authentication_failure')).toBe('authentication_failure');
  });

  it('fall back on the error type, then on a generic text', () => {
    expect(cardErrorKey('lock_timeout', null, 'rate_limit_error')).toBe(
      'payments.cardErrorTypes.rate_limit_error',
    );
    expect(cardErrorKey('something_new')).toBe('payments.cardErrors.generic');
    expect(mergedCatalogue('es')['payments.cardErrors.insufficient_funds']).toBe(
      'Tu tarjeta no tiene fondos suficientes.',
    );
    expect(mergedCatalogue('en')['payments.cardErrors.card_declined']).toBe('Your card was declined.');
  });
});
