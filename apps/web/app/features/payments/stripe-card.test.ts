import { describe, expect, it } from 'vitest';
import { stripeBillingDetails, stripeCardResult } from './stripe-card.ts';

describe('Stripe.js answers', () => {
  it('give the confirmed card and status', () => {
    expect(stripeCardResult({ status: 'requires_capture', payment_method: 'pm_1' }, undefined)).toEqual({
      ok: true,
      paymentMethodId: 'pm_1',
      status: 'requires_capture',
    });
  });

  it('give a card error its code and text, the decline code first', () => {
    expect(
      stripeCardResult(undefined, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    ).toEqual({
      ok: false,
      code: 'insufficient_funds',
      messageKey: 'payments.cardErrors.insufficient_funds',
      providerMessage: 'Your card has insufficient funds.',
    });
    expect(
      stripeCardResult(undefined, {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
      }),
    ).toMatchObject({
      code: 'authentication_failure',
      messageKey: 'payments.cardErrors.authentication_failure',
    });
    expect(stripeCardResult(undefined, { type: 'api_connection_error' })).toMatchObject({
      messageKey: 'payments.cardErrorTypes.api_connection_error',
    });
  });

  it('send the billing address in Stripe’s words', () => {
    expect(
      stripeBillingDetails({
        name: 'Lucía García',
        address: { line1: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid', country: 'ES' },
      }),
    ).toEqual({
      name: 'Lucía García',
      address: { line1: 'Calle Mayor 1', postal_code: '28013', city: 'Madrid', country: 'ES' },
    });
    expect(stripeBillingDetails({ name: 'Lucía' })).toEqual({ name: 'Lucía' });
  });
});
