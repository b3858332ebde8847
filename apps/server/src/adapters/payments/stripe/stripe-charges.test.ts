import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../../test/fake-stripe.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { createStripeCharges } from './stripe-charges.ts';

/** New at each run, and never real: the fake accepts only this key; the webhook secret is ours. */
const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const fake = await startFakeStripe({ secretKey: SECRET_KEY });
const charges = createStripeCharges({
  secretKey: SECRET_KEY,
  apiBase: fake.apiBase,
  webhookSecret: WEBHOOK_SECRET,
});

const EUR = (amount: number) => ({ amount, currency: 'EUR' as const });
const requestsSince = (count: number) => fake.requests.slice(count);

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

function intentInput(overrides: Partial<Parameters<typeof charges.createPaymentIntent>[0]> = {}) {
  return {
    idempotencyKey: randomUUID(),
    amount: EUR(2420),
    applicationFee: EUR(220),
    transferDestination: 'acct_host',
    customerId: null,
    paymentMethodId: null,
    saveCard: false,
    metadata: { transactionId: 'tx-1' },
    ...overrides,
  };
}

function signed(payload: object, secret = WEBHOOK_SECRET) {
  const body = JSON.stringify(payload);
  const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body: Buffer.from(body), header };
}

describe('Stripe charges adapter', () => {
  it('creates a destination payment intent with manual capture, the fee and the key', async () => {
    const before = fake.requests.length;
    const input = intentInput({ customerId: 'cus_1', saveCard: true });
    const intent = await charges.createPaymentIntent(input);
    const [request] = requestsSince(before);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: input.idempotencyKey,
    });
    expect(request?.form).toMatchObject({
      amount: '2420',
      currency: 'eur',
      capture_method: 'manual',
      'allowed_payment_method_types[0]': 'card',
      application_fee_amount: '220',
      'transfer_data[destination]': 'acct_host',
      customer: 'cus_1',
      setup_future_usage: 'off_session',
      'metadata[transactionId]': 'tx-1',
    });
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_/),
      status: 'requires_payment_method',
      amount: EUR(2420),
      amountCapturable: 0,
      customerId: 'cus_1',
      metadata: { transactionId: 'tx-1' },
      lastError: null,
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_`));
  });

  it('sets the saved card on the intent without confirming it (the browser confirms)', async () => {
    const before = fake.requests.length;
    const intent = await charges.createPaymentIntent(
      intentInput({ customerId: 'cus_1', paymentMethodId: 'pm_saved' }),
    );
    expect(requestsSince(before)[0]?.form).toMatchObject({ payment_method: 'pm_saved' });
    expect(requestsSince(before)[0]?.form).not.toHaveProperty('confirm');
    expect(intent.status).toBe('requires_confirmation');
  });

  it('captures, cancels and refunds with their keys, taking the host share back on refund', async () => {
    const intent = await charges.createPaymentIntent(intentInput());
    const card = fake.addCard();
    fake.confirm(intent.id, card);
    expect(await charges.retrievePaymentIntent(intent.id)).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 2420,
    });

    const before = fake.requests.length;
    const captured = await charges.capturePaymentIntent(intent.id, { idempotencyKey: 'capture-1' });
    expect(captured).toMatchObject({ status: 'succeeded', amountReceived: 2420 });
    expect(requestsSince(before)[0]).toMatchObject({
      path: `/v1/payment_intents/${intent.id}/capture`,
      idempotencyKey: 'capture-1',
    });

    const refundStart = fake.requests.length;
    const refund = await charges.refundPaymentIntent(intent.id, {
      idempotencyKey: 'refund-1',
      amount: EUR(1000),
    });
    expect(refund).toMatchObject({
      id: expect.stringMatching(/^re_/),
      amount: EUR(1000),
      status: 'succeeded',
    });
    expect(requestsSince(refundStart)[0]).toMatchObject({
      path: '/v1/refunds',
      idempotencyKey: 'refund-1',
      form: {
        payment_intent: intent.id,
        amount: '1000',
        reverse_transfer: 'true',
        refund_application_fee: 'true',
      },
    });

    const other = await charges.createPaymentIntent(intentInput());
    expect(await charges.cancelPaymentIntent(other.id, { idempotencyKey: 'cancel-1' })).toMatchObject({
      status: 'canceled',
    });
    expect(
      await refusal(charges.capturePaymentIntent(other.id, { idempotencyKey: 'capture-2' })),
    ).toMatchObject({
      kind: 'invalid_request',
      code: 'payment_intent_unexpected_state',
    });
  });

  it('reports a declined card as a card error with its decline code', async () => {
    fake.failNext(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    const error = await refusal(charges.createPaymentIntent(intentInput()));
    expect(error).toMatchObject({
      kind: 'card',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('reports a reused idempotency key', async () => {
    fake.failNext(400, {
      type: 'idempotency_error',
      message: 'Keys for idempotent requests can only be used with the same parameters.',
    });
    expect((await refusal(charges.createPaymentIntent(intentInput()))).kind).toBe('idempotency');
  });

  it('pays a connected account by transfer', async () => {
    const before = fake.requests.length;
    const transfer = await charges.createTransfer({
      idempotencyKey: 'transfer-1',
      amount: EUR(1800),
      destination: 'acct_host',
      metadata: { transactionId: 'tx-1' },
    });
    expect(transfer).toEqual({
      id: expect.stringMatching(/^tr_/),
      amount: EUR(1800),
      destination: 'acct_host',
    });
    expect(requestsSince(before)[0]).toMatchObject({
      path: '/v1/transfers',
      idempotencyKey: 'transfer-1',
      form: { amount: '1800', currency: 'eur', destination: 'acct_host', 'metadata[transactionId]': 'tx-1' },
    });
  });

  it('keeps one default card on a customer: setup intent, attach, default, detach', async () => {
    const customer = await charges.createCustomer({
      idempotencyKey: 'customer-1',
      email: 'ana@example.es',
      userId: 'user-1',
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(await charges.defaultCard(customer.id)).toBeNull();
    const setup = await charges.createSetupIntent({ idempotencyKey: 'setup-1', customerId: customer.id });
    expect(setup).toMatchObject({ id: expect.stringMatching(/^seti_/), status: 'requires_payment_method' });
    const card = fake.addCard('4444', 'mastercard');
    const before = fake.requests.length;
    expect(await charges.attachDefaultCard(customer.id, card)).toEqual({
      id: card,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2030,
    });
    expect(requestsSince(before).map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /v1/payment_methods/${card}`,
      `POST /v1/payment_methods/${card}/attach`,
      `POST /v1/customers/${customer.id}`,
    ]);
    expect(await charges.defaultCard(customer.id)).toMatchObject({ id: card, last4: '4444' });
    // Attaching the card the customer already has only makes it the default again.
    const again = fake.requests.length;
    await charges.attachDefaultCard(customer.id, card);
    expect(requestsSince(again).some((request) => request.path.endsWith('/attach'))).toBe(false);

    await charges.detachCard(card);
    expect(await refusal(charges.detachCard(card))).toMatchObject({ kind: 'invalid_request' });
  });

  it('verifies webhook events with the endpoint secret', () => {
    const payload = {
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: 'pi_1', object: 'payment_intent', metadata: { transactionId: 'tx-1' } } },
    };
    const { body, header } = signed(payload);
    expect(charges.verifyEvent(body, header)).toEqual({
      id: 'evt_1',
      type: 'payment_intent.amount_capturable_updated',
      objectId: 'pi_1',
      metadata: { transactionId: 'tx-1' },
    });
    const refund = signed({
      ...payload,
      id: 'evt_2',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', metadata: {} } },
    });
    expect(charges.verifyEvent(refund.body, refund.header).objectId).toBe('pi_1');

    const forged = signed(payload, 'whsec_someone_else');
    expect(() => charges.verifyEvent(forged.body, forged.header)).toThrow(PaymentProviderError);
    expect(() => charges.verifyEvent(body, undefined)).toThrow(/Stripe-Signature/);
    expect(() => charges.verifyEvent(Buffer.from(`${body.toString()} `), header)).toThrow(/signature/);
  });
});
