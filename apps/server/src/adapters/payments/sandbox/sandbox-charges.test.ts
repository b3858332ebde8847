import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/database.ts';
import { TestClock } from '../../../clock.ts';
import { sandboxConnectedAccounts, sandboxPaymentMethods } from '../../../db/schema/index.ts';
import type { PaymentEvent } from '../charges-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { createSandboxCharges } from './sandbox-charges.ts';

const database = await createTestDatabase();
const clock = new TestClock('2026-03-02T10:00:00Z');
const sandbox = createSandboxCharges({ db: database.db, clock });
const received: PaymentEvent[] = [];
sandbox.onEvent(async (event) => {
  received.push(event);
});

const HOST_ACCOUNT = 'acct_sandboxhost0001';
await database.db.insert(sandboxConnectedAccounts).values({
  id: HOST_ACCOUNT,
  country: 'ES',
  businessType: 'individual',
  email: 'host@example.es',
  businessProfile: { mcc: '5734', url: null },
  createdAt: clock.now(),
  updatedAt: clock.now(),
});

const EUR = (amount: number) => ({ amount, currency: 'EUR' as const });
const key = () => randomUUID();

async function refusal(promise: Promise<unknown>): Promise<PaymentProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

async function card(
  number: string,
  overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) {
  return sandbox.createPaymentMethod({
    card: { number, expMonth: 12, expYear: 2030, cvc: '123', ...overrides },
    billingDetails: { name: 'Lucía Pérez', postalCode: '28013', country: 'ES' },
  });
}

async function customer() {
  return sandbox.createCustomer({ idempotencyKey: key(), email: 'lucia@example.es', userId: randomUUID() });
}

async function intent(
  overrides: { customerId?: string | null; paymentMethodId?: string | null; saveCard?: boolean } = {},
) {
  return sandbox.createPaymentIntent({
    idempotencyKey: key(),
    amount: EUR(2420),
    applicationFee: EUR(220),
    transferDestination: HOST_ACCOUNT,
    customerId: overrides.customerId ?? null,
    paymentMethodId: overrides.paymentMethodId ?? null,
    saveCard: overrides.saveCard ?? false,
    metadata: { transactionId: randomUUID() },
  });
}

async function eventsOf(objectId: string) {
  await sandbox.eventsDelivered();
  return received.filter((event) => event.objectId === objectId).map((event) => event.type);
}

describe('sandbox cards', () => {
  it('keep the brand, the last four digits and the expiry, never the number or the CVC', async () => {
    const created = await card('4242 4242 4242 4242');
    expect(created).toEqual({
      id: expect.stringMatching(/^pm_\w{24}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
    const [row] = await database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.id, created.id));
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(JSON.stringify(row)).not.toContain('"123"');
    expect(row?.behaviour).toBe('succeed');
  });

  it.each([
    ['4242 4242 4242 4241', {}, 'incorrect_number', 'Your card number is incorrect.'],
    ['4242 4242 4242', {}, 'incomplete_number', 'Your card number is incomplete.'],
    ['4242 4242 4242 424x', {}, 'invalid_number', 'Your card number is invalid.'],
    ['4242424242424242', { expYear: 2025 }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
    [
      '4242424242424242',
      { expYear: 2026, expMonth: 2 },
      'invalid_expiry_month_past',
      "Your card's expiration date is in the past.",
    ],
    [
      '4242424242424242',
      { expMonth: 13 },
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    ['4242424242424242', { cvc: '12' }, 'invalid_cvc', "Your card's security code is invalid."],
    ['4242424242424242', { cvc: '12345' }, 'invalid_cvc', "Your card's security code is invalid."],
  ])('refuse %s %o with %s', async (number, overrides, code, message) => {
    const error = await refusal(card(number, overrides));
    expect(error.kind).toBe('card');
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
  });

  it('accept this month as the expiry', async () => {
    await expect(card('4242424242424242', { expYear: 2026, expMonth: 3 })).resolves.toMatchObject({
      last4: '4242',
    });
  });
});

describe('sandbox payment intents', () => {
  it('go requires_payment_method → requires_capture → succeeded with 4242, paying the host at capture', async () => {
    const created = await intent();
    expect(created).toMatchObject({
      status: 'requires_payment_method',
      amount: EUR(2420),
      amountCapturable: 0,
      amountReceived: 0,
      clientSecret: expect.stringMatching(new RegExp(`^${created.id}_secret_`)),
    });
    const pm = await card('4242424242424242');
    const confirmed = await sandbox.confirmPaymentIntent({
      clientSecret: created.clientSecret,
      paymentMethodId: pm.id,
    });
    expect(confirmed).toMatchObject({
      status: 'requires_capture',
      amountCapturable: 2420,
      paymentMethodId: pm.id,
    });
    const captured = await sandbox.capturePaymentIntent(created.id, { idempotencyKey: key() });
    expect(captured).toMatchObject({ status: 'succeeded', amountCapturable: 0, amountReceived: 2420 });
    expect(await sandbox.retrievePaymentIntent(created.id)).toEqual(captured);
    expect(await eventsOf(created.id)).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]);
    const event = received.find(
      (one) => one.type === 'payment_intent.succeeded' && one.objectId === created.id,
    );
    expect(event?.metadata).toEqual(created.metadata);
    expect(event?.id).toMatch(/^evt_/);
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'expired_card', 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."],
  ])('are refused at confirmation by %s (%s)', async (number, code, declineCode, message) => {
    const created = await intent();
    const pm = await card(number);
    const error = await refusal(
      sandbox.confirmPaymentIntent({ clientSecret: created.clientSecret, paymentMethodId: pm.id }),
    );
    expect(error).toMatchObject({ kind: 'card', code, declineCode, message });
    expect(await sandbox.retrievePaymentIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code, declineCode, message },
      amountCapturable: 0,
    });
    expect(await eventsOf(created.id)).toEqual(['payment_intent.created', 'payment_intent.payment_failed']);
    // Another card may be tried on the same intent.
    const good = await card('4242424242424242');
    await expect(
      sandbox.confirmPaymentIntent({ clientSecret: created.clientSecret, paymentMethodId: good.id }),
    ).resolves.toMatchObject({ status: 'requires_capture', lastError: null });
  });

  it('decline a real (non-test) card as Stripe does in test mode', async () => {
    const created = await intent();
    const pm = await card('4012888888881881');
    const error = await refusal(
      sandbox.confirmPaymentIntent({ clientSecret: created.clientSecret, paymentMethodId: pm.id }),
    );
    expect(error).toMatchObject({ code: 'card_declined', declineCode: 'test_mode_live_card' });
  });

  it('ask for authentication with 4000 0025 0000 3155, then authorise once completed', async () => {
    const created = await intent();
    const pm = await card('4000002500003155');
    const waiting = await sandbox.confirmPaymentIntent({
      clientSecret: created.clientSecret,
      paymentMethodId: pm.id,
    });
    expect(waiting).toMatchObject({ status: 'requires_action', amountCapturable: 0 });
    await refusal(sandbox.capturePaymentIntent(created.id, { idempotencyKey: key() }));
    const done = await sandbox.authenticatePaymentIntent(created.clientSecret, 'complete');
    expect(done).toMatchObject({ status: 'requires_capture', amountCapturable: 2420 });
    expect(await eventsOf(created.id)).toEqual([
      'payment_intent.created',
      'payment_intent.requires_action',
      'payment_intent.amount_capturable_updated',
    ]);
  });

  it('fail with payment_intent_authentication_failure when the customer fails the authentication', async () => {
    const created = await intent();
    const pm = await card('4000002500003155');
    await sandbox.confirmPaymentIntent({ clientSecret: created.clientSecret, paymentMethodId: pm.id });
    const error = await refusal(sandbox.authenticatePaymentIntent(created.clientSecret, 'fail'));
    expect(error).toMatchObject({ kind: 'card', code: 'payment_intent_authentication_failure' });
    expect(await sandbox.retrievePaymentIntent(created.id)).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure' },
    });
    expect(await eventsOf(created.id)).toContain('payment_intent.payment_failed');
  });

  it('refuse a wrong client secret', async () => {
    const created = await intent();
    const pm = await card('4242424242424242');
    const error = await refusal(
      sandbox.confirmPaymentIntent({ clientSecret: `${created.id}_secret_wrong`, paymentMethodId: pm.id }),
    );
    expect(error).toMatchObject({ kind: 'invalid_request', code: 'resource_missing' });
    expect(await sandbox.paymentIntentBySecret(`${created.id}_secret_wrong`)).toBeUndefined();
    expect((await sandbox.paymentIntentBySecret(created.clientSecret))?.id).toBe(created.id);
  });

  it('capture only from requires_capture, cancel releases, refund only after capture', async () => {
    const unconfirmed = await intent();
    expect(
      await refusal(sandbox.capturePaymentIntent(unconfirmed.id, { idempotencyKey: key() })),
    ).toMatchObject({
      kind: 'invalid_request',
      code: 'payment_intent_unexpected_state',
    });
    expect(
      await refusal(sandbox.refundPaymentIntent(unconfirmed.id, { idempotencyKey: key() })),
    ).toMatchObject({
      kind: 'invalid_request',
    });

    const authorised = await intent();
    const pm = await card('4242424242424242');
    await sandbox.confirmPaymentIntent({ clientSecret: authorised.clientSecret, paymentMethodId: pm.id });
    await refusal(sandbox.refundPaymentIntent(authorised.id, { idempotencyKey: key() }));
    const canceled = await sandbox.cancelPaymentIntent(authorised.id, { idempotencyKey: key() });
    expect(canceled).toMatchObject({ status: 'canceled', amountCapturable: 0, amountReceived: 0 });
    await refusal(sandbox.capturePaymentIntent(authorised.id, { idempotencyKey: key() }));
    await refusal(sandbox.cancelPaymentIntent(authorised.id, { idempotencyKey: key() }));
    expect(await eventsOf(authorised.id)).toContain('payment_intent.canceled');

    const captured = await intent();
    const other = await card('4242424242424242');
    await sandbox.confirmPaymentIntent({ clientSecret: captured.clientSecret, paymentMethodId: other.id });
    await sandbox.capturePaymentIntent(captured.id, { idempotencyKey: key() });
    await refusal(sandbox.cancelPaymentIntent(captured.id, { idempotencyKey: key() }));
    const partial = await sandbox.refundPaymentIntent(captured.id, {
      idempotencyKey: key(),
      amount: EUR(420),
    });
    expect(partial).toMatchObject({
      id: expect.stringMatching(/^re_/),
      amount: EUR(420),
      status: 'succeeded',
    });
    expect(
      await refusal(sandbox.refundPaymentIntent(captured.id, { idempotencyKey: key(), amount: EUR(2001) })),
    ).toMatchObject({
      kind: 'invalid_request',
    });
    const rest = await sandbox.refundPaymentIntent(captured.id, { idempotencyKey: key() });
    expect(rest.amount).toEqual(EUR(2000));
    expect(await eventsOf(captured.id)).toContain('charge.refunded');
  });

  it('answer the same result for the same key and parameters, and refuse the key with others', async () => {
    const idempotencyKey = key();
    const input = {
      idempotencyKey,
      amount: EUR(5000),
      applicationFee: EUR(500),
      transferDestination: HOST_ACCOUNT,
      customerId: null,
      paymentMethodId: null,
      saveCard: false,
      metadata: { transactionId: 'tx-1' },
    };
    const [first, second] = await Promise.all([
      sandbox.createPaymentIntent(input),
      sandbox.createPaymentIntent(input),
    ]);
    expect(second).toEqual(first);
    expect(await sandbox.createPaymentIntent(input)).toEqual(first);
    const reused = await refusal(sandbox.createPaymentIntent({ ...input, amount: EUR(5001) }));
    expect(reused.kind).toBe('idempotency');

    const pm = await card('4242424242424242');
    await sandbox.confirmPaymentIntent({ clientSecret: first.clientSecret, paymentMethodId: pm.id });
    const captureKey = key();
    const captured = await sandbox.capturePaymentIntent(first.id, { idempotencyKey: captureKey });
    expect(await sandbox.capturePaymentIntent(first.id, { idempotencyKey: captureKey })).toEqual(captured);
    expect(await eventsOf(first.id)).toEqual([
      'payment_intent.created',
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
    ]);

    // A refusal is kept too: the same key answers it again, even once the intent could be captured.
    const refused = await intent();
    const refusedKey = key();
    await refusal(sandbox.capturePaymentIntent(refused.id, { idempotencyKey: refusedKey }));
    const good = await card('4242424242424242');
    await sandbox.confirmPaymentIntent({ clientSecret: refused.clientSecret, paymentMethodId: good.id });
    await refusal(sandbox.capturePaymentIntent(refused.id, { idempotencyKey: refusedKey }));
    expect((await sandbox.retrievePaymentIntent(refused.id)).status).toBe('requires_capture');
  });

  it('refuse amounts below the minimum, fees above the amount and unknown destinations', async () => {
    const base = {
      amount: EUR(2420),
      applicationFee: EUR(220),
      transferDestination: HOST_ACCOUNT,
      customerId: null,
      paymentMethodId: null,
      saveCard: false,
      metadata: { transactionId: 'tx' },
    };
    const small = await refusal(
      sandbox.createPaymentIntent({
        ...base,
        idempotencyKey: key(),
        amount: EUR(49),
        applicationFee: EUR(0),
      }),
    );
    expect(small.message).toMatch(/^Amount must be at least/);
    await refusal(sandbox.createPaymentIntent({ ...base, idempotencyKey: key(), applicationFee: EUR(2421) }));
    const destination = await refusal(
      sandbox.createPaymentIntent({ ...base, idempotencyKey: key(), transferDestination: 'acct_nobody' }),
    );
    expect(destination.code).toBe('resource_missing');
  });

  it('keep the card on the customer when asked to save it, and use it again for the next payment', async () => {
    const buyer = await customer();
    const first = await intent({ customerId: buyer.id, saveCard: true });
    const pm = await card('4242424242424242');
    await sandbox.confirmPaymentIntent({ clientSecret: first.clientSecret, paymentMethodId: pm.id });
    await sandbox.attachDefaultCard(buyer.id, pm.id);
    expect(await sandbox.defaultCard(buyer.id)).toMatchObject({ id: pm.id, last4: '4242' });

    const second = await intent({ customerId: buyer.id, paymentMethodId: pm.id });
    expect(second.status).toBe('requires_confirmation');
    await expect(
      sandbox.confirmPaymentIntent({ clientSecret: second.clientSecret, paymentMethodId: pm.id }),
    ).resolves.toMatchObject({ status: 'requires_capture' });
  });

  it('use a card without a customer once only, and never a card of another customer', async () => {
    const once = await card('4242424242424242');
    const first = await intent();
    await sandbox.confirmPaymentIntent({ clientSecret: first.clientSecret, paymentMethodId: once.id });
    const again = await intent();
    expect(
      await refusal(
        sandbox.confirmPaymentIntent({ clientSecret: again.clientSecret, paymentMethodId: once.id }),
      ),
    ).toMatchObject({ kind: 'invalid_request', code: 'payment_method_unexpected_state' });

    const owner = await customer();
    const other = await customer();
    const owned = await card('4242424242424242');
    await sandbox.attachDefaultCard(owner.id, owned.id);
    await refusal(sandbox.attachDefaultCard(other.id, owned.id));
    await refusal(intent({ customerId: other.id, paymentMethodId: owned.id }));
    const foreign = await intent({ customerId: other.id });
    await refusal(
      sandbox.confirmPaymentIntent({ clientSecret: foreign.clientSecret, paymentMethodId: owned.id }),
    );
  });
});

describe('sandbox customers, setup intents and default cards', () => {
  it('save a card through a setup intent, replace and detach it', async () => {
    const buyer = await customer();
    expect(buyer.id).toMatch(/^cus_/);
    expect(await sandbox.defaultCard(buyer.id)).toBeNull();
    const setup = await sandbox.createSetupIntent({ idempotencyKey: key(), customerId: buyer.id });
    expect(setup).toMatchObject({ id: expect.stringMatching(/^seti_/), status: 'requires_payment_method' });
    const pm = await card('4000002500003155');
    expect(
      await sandbox.confirmSetupIntent({ clientSecret: setup.clientSecret, paymentMethodId: pm.id }),
    ).toMatchObject({
      status: 'requires_action',
    });
    expect(await sandbox.authenticateSetupIntent(setup.clientSecret, 'complete')).toMatchObject({
      status: 'succeeded',
      paymentMethodId: pm.id,
    });
    expect(await sandbox.attachDefaultCard(buyer.id, pm.id)).toMatchObject({ id: pm.id, last4: '3155' });
    expect(await sandbox.defaultCard(buyer.id)).toMatchObject({ id: pm.id });

    await sandbox.detachCard(pm.id);
    expect(await sandbox.defaultCard(buyer.id)).toBeNull();
    await refusal(sandbox.detachCard(pm.id));
    await refusal(sandbox.attachDefaultCard(buyer.id, pm.id));
  });

  it('refuse a declined card at setup with its code', async () => {
    const buyer = await customer();
    const setup = await sandbox.createSetupIntent({ idempotencyKey: key(), customerId: buyer.id });
    const pm = await card('4000000000000002');
    const error = await refusal(
      sandbox.confirmSetupIntent({ clientSecret: setup.clientSecret, paymentMethodId: pm.id }),
    );
    expect(error).toMatchObject({ kind: 'card', code: 'card_declined' });
    expect(await eventsOf(setup.id)).toEqual(['setup_intent.created', 'setup_intent.setup_failed']);
  });

  it('replay a customer creation by its key', async () => {
    const input = { idempotencyKey: key(), email: 'a@example.es', userId: randomUUID() };
    const first = await sandbox.createCustomer(input);
    expect(await sandbox.createCustomer(input)).toEqual(first);
    expect((await refusal(sandbox.createCustomer({ ...input, email: 'b@example.es' }))).kind).toBe(
      'idempotency',
    );
  });

  it('pay a connected account by transfer, once per key', async () => {
    const input = {
      idempotencyKey: key(),
      amount: EUR(1800),
      destination: HOST_ACCOUNT,
      metadata: { transactionId: 't' },
    };
    const transfer = await sandbox.createTransfer(input);
    expect(transfer).toMatchObject({
      id: expect.stringMatching(/^tr_/),
      amount: EUR(1800),
      destination: HOST_ACCOUNT,
    });
    expect(await sandbox.createTransfer(input)).toEqual(transfer);
    await refusal(sandbox.createTransfer({ ...input, idempotencyKey: key(), destination: 'acct_nobody' }));
  });

  it('receive no webhooks', () => {
    expect(() => sandbox.verifyEvent(Buffer.from('{}'), 't=1,v1=abc')).toThrow(PaymentProviderError);
  });
});
