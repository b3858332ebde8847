import { describe, expect, it } from 'vitest';
import { LISTING_ID } from '../listing-page/listing.fixture.ts';
import type { CardResult, CardSource } from '../payments/card-payments.tsx';
import { END, START, TRANSACTION_ID, transaction } from './checkout.fixture.ts';
import type { CallResult, CheckoutApi } from './checkout-api.ts';
import { confirmBooking, newAttempt, type PaymentInput, pay } from './checkout-flow.ts';

type Answer = CallResult<unknown>;
const ok = (data: unknown): Answer => ({ ok: true, data });
const refused = (status: number, body: unknown = null): Answer => ({ ok: false, status, body });
const apiError = (status: number, code: string, meta: Record<string, unknown> = {}) => ({
  errors: [{ id: 'e', status, code, title: code, meta }],
});

/** An API answering from queues, recording what it was asked with which keys. */
function fakeApi(answers: { request?: Answer[]; confirm?: Answer[]; save?: Answer[]; show?: Answer[] }) {
  const calls: string[] = [];
  const next = (queue: Answer[] | undefined, name: string) => {
    const answer = queue?.shift();
    if (!answer) throw new Error(`unexpected ${name}`);
    return answer;
  };
  const api = {
    requestBooking: async (_body: unknown, key: string) => {
      calls.push(`request ${key}`);
      return next(answers.request, 'request');
    },
    confirmPayment: async (id: string, key: string) => {
      calls.push(`confirm ${id} ${key}`);
      return next(answers.confirm, 'confirm');
    },
    show: async (id: string) => {
      calls.push(`show ${id}`);
      return next(answers.show, 'show');
    },
    saveCard: async (paymentMethodId: string) => {
      calls.push(`save ${paymentMethodId}`);
      return next(answers.save, 'save');
    },
  } as unknown as CheckoutApi;
  return { api, calls };
}

function keys() {
  let n = 0;
  return () => `key-${++n}`;
}

const CARD = { provider: 'sandbox' } as const;
const newCard = (saveCard: boolean): PaymentInput => ({
  request: { listingId: LISTING_ID, bookingStart: START, bookingEnd: END, paymentMethod: 'new', saveCard },
  source: { kind: 'new', card: CARD, billingDetails: { name: 'Ana Ruiz' }, saveCard },
});
const paid: CardResult = { ok: true, paymentMethodId: 'pm_1', status: 'requires_capture' };
const declined: CardResult = { ok: false, code: 'card_declined', messageKey: 'payments.card.card_declined' };

function cards(...results: CardResult[]) {
  const used: { secret: string; source: CardSource }[] = [];
  return {
    used,
    confirmCardPayment: async (secret: string, source: CardSource) => {
      used.push({ secret, source });
      return results.shift() ?? paid;
    },
  };
}

// The browser's clock: the transaction's window (15 minutes on the server's clock) runs from here.
const NOW = 1_000_000;

describe('paying at checkout', () => {
  it('requests the booking, confirms the card, confirms the payment and saves the card when asked', async () => {
    const { api, calls } = fakeApi({
      request: [ok({ transaction: transaction() })],
      confirm: [ok({})],
      save: [ok({})],
    });
    const card = cards(paid);
    const newKey = keys();
    const { outcome, attempt } = await pay(newAttempt(newKey), newCard(true), {
      api,
      newKey,
      now: () => NOW,
      ...card,
    });
    expect(outcome).toEqual({ kind: 'done', transactionId: TRANSACTION_ID, saveCardFailed: false });
    expect(calls).toEqual(['request key-1', `confirm ${TRANSACTION_ID} key-2`, 'save pm_1']);
    expect(card.used[0]?.secret).toBe('pi_1_sec');
    expect(attempt.deadline).toBe(NOW + 15 * 60_000);
  });

  it('does not save the card unless asked, and says so when saving fails while the booking stands', async () => {
    const plain = fakeApi({ request: [ok({ transaction: transaction() })], confirm: [ok({})] });
    const done = await pay(newAttempt(keys()), newCard(false), {
      api: plain.api,
      now: () => NOW,
      ...cards(paid),
    });
    expect(done.outcome).toMatchObject({ kind: 'done', saveCardFailed: false });
    expect(plain.calls.some((call) => call.startsWith('save'))).toBe(false);

    const failing = fakeApi({
      request: [ok({ transaction: transaction() })],
      confirm: [ok({})],
      save: [refused(500)],
    });
    const saved = await pay(newAttempt(keys()), newCard(true), {
      api: failing.api,
      now: () => NOW,
      ...cards(paid),
    });
    expect(saved.outcome).toEqual({ kind: 'done', transactionId: TRANSACTION_ID, saveCardFailed: true });
  });

  it('keeps a declined customer on the same transaction: another card confirms the same intent', async () => {
    const { api, calls } = fakeApi({ request: [ok({ transaction: transaction() })], confirm: [ok({})] });
    const card = cards(declined, paid);
    const deps = { api, now: () => NOW, newKey: keys(), ...card };
    const first = await pay(newAttempt(deps.newKey), newCard(false), deps);
    expect(first.outcome).toEqual({ kind: 'card-failed', card: declined });
    const second = await pay(first.attempt, newCard(false), deps);
    expect(second.outcome).toMatchObject({ kind: 'done' });
    expect(calls.filter((call) => call.startsWith('request'))).toHaveLength(1);
    expect(card.used.map((use) => use.secret)).toEqual(['pi_1_sec', 'pi_1_sec']);
  });

  it('retries a lost booking request with the same key, and a refused one with a new key', async () => {
    const { api, calls } = fakeApi({
      request: [
        refused(0),
        refused(409, apiError(409, 'transaction-booking-time-not-available')),
        ok({ transaction: transaction() }),
      ],
      confirm: [ok({})],
    });
    const deps = { api, now: () => NOW, newKey: keys(), ...cards(paid) };
    const lost = await pay(newAttempt(deps.newKey), newCard(false), deps);
    expect(lost.outcome).toEqual({ kind: 'error', error: 'network' });
    const taken = await pay(lost.attempt, newCard(false), deps);
    expect(taken.outcome).toEqual({ kind: 'error', error: 'bookingTimeNotAvailable' });
    await pay(taken.attempt, newCard(false), deps);
    expect(calls.filter((call) => call.startsWith('request'))).toEqual([
      'request key-1',
      'request key-1',
      'request key-3',
    ]);
  });

  it('maps refused booking requests to the checkout messages', async () => {
    const cases: [unknown, string][] = [
      [apiError(409, 'transaction-missing-stripe-account'), 'providerPayoutMissing'],
      [apiError(409, 'transaction-listing-not-found'), 'listingNotActive'],
      [apiError(402, 'transaction-charge-zero-payin'), 'amountTooLow'],
      [
        apiError(402, 'transaction-payment-failed', { stripeMessage: 'Amount must be at least €0.50 eur' }),
        'amountTooLow',
      ],
      [apiError(409, 'transaction-own-listing'), 'ownListing'],
      [apiError(500, 'internal-error'), 'paymentRequestFailed'],
    ];
    for (const [body, error] of cases) {
      const { api } = fakeApi({ request: [refused(409, body)] });
      const { outcome } = await pay(newAttempt(keys()), newCard(false), { api, now: () => NOW, ...cards() });
      expect(outcome).toEqual({ kind: 'error', error });
    }
  });

  it('says "payment made but booking confirmation failed" and retries only the confirmation, with its key', async () => {
    const { api, calls } = fakeApi({
      request: [ok({ transaction: transaction() })],
      confirm: [refused(503), ok({})],
    });
    const card = cards(paid);
    const deps = { api, now: () => NOW, newKey: keys(), ...card };
    const first = await pay(newAttempt(deps.newKey), newCard(false), deps);
    expect(first.outcome).toEqual({ kind: 'confirm-failed' });
    const retried = await confirmBooking(first.attempt, newCard(false), deps);
    expect(retried.outcome).toMatchObject({ kind: 'done' });
    expect(calls.filter((call) => call.startsWith('confirm'))).toEqual([
      `confirm ${TRANSACTION_ID} key-2`,
      `confirm ${TRANSACTION_ID} key-2`,
    ]);
    expect(card.used).toHaveLength(1);
  });

  it('takes a 409 on confirm-payment as done when the payment’s event confirmed it first, and not otherwise', async () => {
    const confirmed = transaction({
      state: 'preauthorized',
      transitions: [
        ...transaction().transitions,
        { transition: 'confirm-payment', createdAt: '2025-11-24T09:32:00.000Z', by: 'customer' },
      ],
    });
    const conflict = refused(409, apiError(409, 'transaction-invalid-transition'));
    const raced = fakeApi({
      request: [ok({ transaction: transaction() })],
      confirm: [conflict],
      show: [ok({ transaction: confirmed })],
      save: [ok({})],
    });
    const done = await pay(newAttempt(keys()), newCard(true), {
      api: raced.api,
      now: () => NOW,
      ...cards(paid),
    });
    expect(done.outcome).toEqual({ kind: 'done', transactionId: TRANSACTION_ID, saveCardFailed: false });
    expect(raced.calls).toContain('save pm_1');

    const stuck = fakeApi({
      request: [ok({ transaction: transaction() })],
      confirm: [conflict],
      show: [ok({ transaction: transaction() })],
    });
    const failed = await pay(newAttempt(keys()), newCard(false), {
      api: stuck.api,
      now: () => NOW,
      ...cards(paid),
    });
    expect(failed.outcome).toEqual({ kind: 'confirm-failed' });
  });

  it('shows the processor’s words when the server finds the payment not done (402)', async () => {
    const { api } = fakeApi({
      request: [ok({ transaction: transaction() })],
      confirm: [
        refused(
          402,
          apiError(402, 'transaction-payment-failed', { stripeMessage: 'Your card was declined.' }),
        ),
      ],
    });
    const { outcome } = await pay(newAttempt(keys()), newCard(false), {
      api,
      now: () => NOW,
      ...cards(paid),
    });
    expect(outcome).toEqual({ kind: 'payment-failed', processorMessage: 'Your card was declined.' });
  });

  it('stops once the 15 minutes have passed', async () => {
    let now = NOW;
    const { api } = fakeApi({ request: [ok({ transaction: transaction() })] });
    const card = cards(declined);
    const deps = { api, now: () => now, newKey: keys(), ...card };
    const first = await pay(newAttempt(deps.newKey), newCard(false), deps);
    now = NOW + 15 * 60_000;
    expect((await pay(first.attempt, newCard(false), deps)).outcome).toEqual({ kind: 'expired' });
    expect(card.used).toHaveLength(1);
  });

  it('pays with the saved card by its id', async () => {
    const { api } = fakeApi({ request: [ok({ transaction: transaction() })], confirm: [ok({})] });
    const card = cards(paid);
    const input: PaymentInput = {
      request: {
        listingId: LISTING_ID,
        bookingStart: START,
        bookingEnd: END,
        paymentMethod: 'default',
        saveCard: false,
      },
      source: { kind: 'saved', paymentMethodId: 'pm_saved' },
    };
    expect((await pay(newAttempt(keys()), input, { api, now: () => NOW, ...card })).outcome).toMatchObject({
      kind: 'done',
    });
    expect(card.used[0]?.source).toEqual({ kind: 'saved', paymentMethodId: 'pm_saved' });
  });
});

describe('a booking request refused for too many unpaid bookings', () => {
  it('says so, with its own message key', async () => {
    const { initiateErrorOf } = await import('./checkout-errors.ts');
    expect(initiateErrorOf(apiError(429, 'transaction-too-many-unpaid'))).toBe('tooManyUnpaid');
  });
});
