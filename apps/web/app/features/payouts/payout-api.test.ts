import { describe, expect, it } from 'vitest';
import { payoutApi, payoutFailureOf } from './payout-api.ts';

const answer = (code: string, meta: Record<string, unknown> = {}) => ({ errors: [{ code, meta }] });

describe('payout API errors as the form shows them', () => {
  it('put refused fields on their inputs by path', () => {
    expect(
      payoutFailureOf(
        400,
        answer('validation-invalid-params', {
          issues: [
            { path: 'bankAccount.iban', message: 'validation.bank.ibanInvalid' },
            { path: 'individual.birthDate', message: 'Expected number' },
          ],
        }),
      ),
    ).toEqual({
      fields: {
        'bankAccount.iban': 'validation.bank.ibanInvalid',
        'individual.birthDate': 'validation.invalid',
      },
      code: 'validation-invalid-params',
    });
  });

  it('name the refused country', () => {
    expect(payoutFailureOf(400, answer('payout-country-not-supported', { country: 'BR' })).form).toEqual({
      key: 'errors.api.payout-country-not-supported',
      values: { country: 'BR' },
    });
  });

  it("show the provider's message, and its own text for a bad postal code", () => {
    expect(
      payoutFailureOf(400, answer('payout-provider-refused', { stripeMessage: 'Token used.' })).form,
    ).toEqual({
      key: 'payouts.errors.createWithMessage',
      values: { message: 'Token used.' },
    });
    expect(
      payoutFailureOf(
        400,
        answer('payout-provider-refused', { stripeMessage: 'x', param: 'individual[address][postal_code]' }),
      ).form,
    ).toEqual({ key: 'payouts.errors.postalCode' });
    expect(payoutFailureOf(400, answer('payout-provider-refused')).form).toEqual({
      key: 'errors.api.payout-provider-refused',
    });
  });

  it('fall back to the catalogue text of the code, or the generic one', () => {
    expect(payoutFailureOf(409, answer('payout-account-exists')).form?.key).toBe(
      'errors.api.payout-account-exists',
    );
    expect(payoutFailureOf(500, null).form?.key).toBe('errors.api.generic');
    expect(payoutFailureOf(401, answer('unauthorized')).form?.key).toBe('payouts.errors.sessionExpired');
  });

  it('send JSON to the same origin and read the data envelope', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const send = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(JSON.stringify({ data: { url: 'http://hora.test/sandbox/connect/x' } }), {
        status: 200,
      });
    }) as typeof fetch;
    const link = await payoutApi.accountLink(
      { type: 'account_onboarding', returnPath: '/account/payments' },
      send,
    );
    expect(link).toEqual({ ok: true, data: { url: 'http://hora.test/sandbox/connect/x' } });
    expect(calls[0]?.[0]).toBe('/api/payouts/account-links');
    expect(calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(calls[0]?.[1]?.body))).toEqual({
      type: 'account_onboarding',
      returnPath: '/account/payments',
    });
    const offline = await payoutApi.account((async () => {
      throw new TypeError('offline');
    }) as typeof fetch);
    expect(offline).toEqual({ ok: false, error: { fields: {}, form: { key: 'payouts.errors.network' } } });
  });
});
