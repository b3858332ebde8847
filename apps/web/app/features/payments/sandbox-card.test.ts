import { describe, expect, it, vi } from 'vitest';
import {
  formatExpiryInput,
  formatNumberInput,
  type SandboxCardField,
  type SandboxCardValues,
  sandboxCardBody,
  sandboxCardClient,
  sandboxCardState,
} from './sandbox-card.ts';

const today = { year: 2026, month: 11 };
/** Client secrets of the shape the sandbox makes (an intent's id, then its secret part). */
const PAYMENT_SECRET = `pi_1_secret_${'a'}`;
const SETUP_SECRET = `seti_1_secret_${'a'}`;
const valid: SandboxCardValues = {
  number: '4242 4242 4242 4242',
  expiry: '12/28',
  cvc: '123',
  postalCode: '28013',
};
const all = new Set<SandboxCardField>(['number', 'expiry', 'cvc', 'postalCode']);

describe('the sandbox card field', () => {
  it('groups the number as printed and adds the expiry slash by itself', () => {
    expect(formatNumberInput('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatNumberInput('3782-822463-10005')).toBe('3782 822463 10005');
    expect(formatNumberInput('42424242424242424242424')).toBe('4242 4242 4242 4242 424');
    expect(formatExpiryInput('1', '')).toBe('1');
    expect(formatExpiryInput('12', '1')).toBe('12/');
    expect(formatExpiryInput('12/2', '12/')).toBe('12/2');
    expect(formatExpiryInput('1228', '')).toBe('12/28');
    expect(formatExpiryInput('12', '12/')).toBe('1');
  });

  it('is complete only when every part is valid by format', () => {
    expect(sandboxCardState(valid, new Set(), today)).toMatchObject({ complete: true, errorCode: null });
    for (const [field, value] of [
      ['number', '4242 4242 4242 4241'],
      ['number', '4242 4242'],
      ['expiry', '10/26'],
      ['expiry', '13/28'],
      ['expiry', '12'],
      ['cvc', '12'],
      ['postalCode', ''],
    ] as const) {
      expect(
        sandboxCardState({ ...valid, [field]: value }, new Set(), today).complete,
        `${field} ${value}`,
      ).toBe(false);
    }
  });

  it('reports the problem of a part only once the customer left it, with Stripe’s code', () => {
    const typing = { ...valid, number: '4242 4242 4242 4241', expiry: '10/26' };
    expect(sandboxCardState(typing, new Set(), today).errorCode).toBeNull();
    expect(sandboxCardState(typing, new Set(['expiry']), today).errorCode).toBe('invalid_expiry_month_past');
    expect(sandboxCardState(typing, all, today).errorCode).toBe('incorrect_number');
    expect(sandboxCardState({ ...valid, expiry: '12/25' }, all, today).errorCode).toBe('invalid_expiry_year');
    expect(sandboxCardState({ ...valid, cvc: '1' }, all, today).errorCode).toBe('invalid_cvc');
  });

  it('sends the digits, the expiry as numbers and the card postal code', () => {
    expect(
      sandboxCardBody(valid, {
        name: 'Lucía',
        address: { line1: 'Mayor 1', postalCode: '28013', city: 'Madrid', country: 'ES' },
      }),
    ).toEqual({
      card: { number: '4242424242424242', expMonth: 12, expYear: 2028, cvc: '123' },
      billingDetails: { name: 'Lucía', postalCode: '28013', country: 'ES' },
    });
  });
});

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function fakeApi(answers: Record<string, (body: Record<string, unknown>) => Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const send = vi.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    calls.push({ path: String(path), body });
    const answer = answers[String(path)];
    if (!answer) throw new TypeError('network down');
    return answer(body);
  });
  return { calls, send: send as unknown as typeof fetch };
}

const intent = (status: string, nextAction: 'authenticate' | null = null) =>
  json(200, { data: { id: 'pi_1', status, paymentMethodId: 'pm_1', nextAction } });

describe('the sandbox card client', () => {
  it('makes the card, then confirms the payment with it, saving it when asked', async () => {
    const api = fakeApi({
      '/api/payments/sandbox/payment-methods': () => json(201, { data: { id: 'pm_1' } }),
      '/api/payments/sandbox/payment-intents/confirm': () => intent('requires_capture'),
    });
    const authenticate = vi.fn();
    const client = sandboxCardClient({ authenticate, send: api.send });
    const result = await client.confirmCardPayment(PAYMENT_SECRET, {
      kind: 'new',
      values: valid,
      billingDetails: { name: 'Lucía' },
      saveCard: true,
    });
    expect(result).toEqual({ ok: true, paymentMethodId: 'pm_1', status: 'requires_capture' });
    expect(api.calls.map((call) => call.path)).toEqual([
      '/api/payments/sandbox/payment-methods',
      '/api/payments/sandbox/payment-intents/confirm',
    ]);
    expect(api.calls[1]?.body).toEqual({
      clientSecret: PAYMENT_SECRET,
      paymentMethodId: 'pm_1',
      saveCard: true,
    });
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('pays with the saved card without making one', async () => {
    const api = fakeApi({
      '/api/payments/sandbox/payment-intents/confirm': () => intent('requires_capture'),
    });
    const client = sandboxCardClient({ authenticate: vi.fn(), send: api.send });
    const result = await client.confirmCardPayment(PAYMENT_SECRET, {
      kind: 'saved',
      paymentMethodId: 'pm_saved',
    });
    expect(result.ok).toBe(true);
    expect(api.calls).toEqual([
      {
        path: '/api/payments/sandbox/payment-intents/confirm',
        body: { clientSecret: PAYMENT_SECRET, paymentMethodId: 'pm_saved' },
      },
    ]);
  });

  it('runs the authentication step and sends the customer’s choice', async () => {
    const api = fakeApi({
      '/api/payments/sandbox/payment-methods': () => json(201, { data: { id: 'pm_1' } }),
      '/api/payments/sandbox/payment-intents/confirm': () => intent('requires_action', 'authenticate'),
      '/api/payments/sandbox/payment-intents/authenticate': (body) =>
        body.outcome === 'complete'
          ? intent('requires_capture')
          : json(402, {
              errors: [
                {
                  code: 'payment-card-error',
                  meta: {
                    code: 'payment_intent_authentication_failure',
                    stripeMessage: 'We are unable to authenticate your payment method.',
                  },
                },
              ],
            }),
    });
    const completes = sandboxCardClient({ authenticate: async () => 'complete', send: api.send });
    const source = {
      kind: 'new' as const,
      values: valid,
      billingDetails: { name: 'Lucía' },
      saveCard: false,
    };
    expect(await completes.confirmCardPayment(PAYMENT_SECRET, source)).toMatchObject({
      ok: true,
      status: 'requires_capture',
    });

    const authenticate = vi.fn(async () => 'fail' as const);
    const fails = sandboxCardClient({ authenticate, send: api.send });
    expect(await fails.confirmCardPayment(PAYMENT_SECRET, source)).toEqual({
      ok: false,
      code: 'authentication_failure',
      messageKey: 'payments.cardErrors.authentication_failure',
      providerMessage: 'We are unable to authenticate your payment method.',
    });
    expect(authenticate).toHaveBeenCalledWith('payment');
  });

  it('answers a declined card with its code and text, and a lost network with its own', async () => {
    const declined = fakeApi({
      '/api/payments/sandbox/payment-methods': () => json(201, { data: { id: 'pm_1' } }),
      '/api/payments/sandbox/payment-intents/confirm': () =>
        json(402, {
          errors: [
            {
              code: 'payment-card-error',
              meta: {
                code: 'card_declined',
                declineCode: 'insufficient_funds',
                stripeMessage: 'Your card has insufficient funds.',
              },
            },
          ],
        }),
    });
    const source = {
      kind: 'new' as const,
      values: valid,
      billingDetails: { name: 'Lucía' },
      saveCard: false,
    };
    expect(
      await sandboxCardClient({ authenticate: vi.fn(), send: declined.send }).confirmCardPayment(
        PAYMENT_SECRET,
        source,
      ),
    ).toEqual({
      ok: false,
      code: 'insufficient_funds',
      messageKey: 'payments.cardErrors.insufficient_funds',
      providerMessage: 'Your card has insufficient funds.',
    });
    const offline = fakeApi({});
    expect(
      await sandboxCardClient({ authenticate: vi.fn(), send: offline.send }).confirmCardPayment(
        PAYMENT_SECRET,
        source,
      ),
    ).toMatchObject({
      ok: false,
      messageKey: 'payments.errors.network',
    });
  });

  it('confirms a setup intent with a new card, through the authentication step', async () => {
    const api = fakeApi({
      '/api/payments/sandbox/payment-methods': () => json(201, { data: { id: 'pm_1' } }),
      '/api/payments/sandbox/setup-intents/confirm': () => intent('requires_action', 'authenticate'),
      '/api/payments/sandbox/setup-intents/authenticate': () => intent('succeeded'),
    });
    const authenticate = vi.fn(async () => 'complete' as const);
    const client = sandboxCardClient({ authenticate, send: api.send });
    expect(await client.confirmCardSetup(SETUP_SECRET, valid, { name: 'Lucía' })).toEqual({
      ok: true,
      paymentMethodId: 'pm_1',
      status: 'succeeded',
    });
    expect(authenticate).toHaveBeenCalledWith('setup');
  });
});
