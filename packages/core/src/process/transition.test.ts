import { describe, expect, it } from 'vitest';
import {
  type Actor,
  BOOKING_PROCESS,
  FINAL_STATES,
  isProcessState,
  isTransitionName,
  nextTransitions,
  PAYMENT_REQUEST_TRANSITIONS,
  PRIVILEGED_TRANSITIONS,
  type ProcessState,
  TIMED_TRANSITIONS,
  TRANSITION_NAMES,
  transitionsTo,
} from './booking-process.ts';
import {
  createTransaction,
  enteredStateAt,
  pendingTimers,
  type Transaction,
  timerDueAt,
  transition,
} from './transition.ts';

const created = new Date('2026-05-01T10:00:00Z');
const booking = { start: new Date('2026-05-10T08:00:00Z'), end: new Date('2026-05-10T10:00:00Z') };
const fresh = () =>
  createTransaction({ id: 'tx1', customerId: 'c1', providerId: 'p1', createdAt: created, booking });

function run(tx: Transaction, steps: [string, Actor, string][]): Transaction {
  return steps.reduce((current, [name, actor, iso]) => {
    const result = transition(current, name, actor, new Date(iso));
    if (!result.ok) throw new Error(`${name} by ${actor} failed: ${String(result.error.meta.reason)}`);
    return result.transaction;
  }, tx);
}

const paid = () =>
  run(fresh(), [
    ['request-payment', 'customer', '2026-05-01T10:00:00Z'],
    ['confirm-payment', 'customer', '2026-05-01T10:05:00Z'],
  ]);

/** Spec part 1 §4, row by row. */
const TABLE: [ProcessState, string, ProcessState][] = [
  ['initial', 'enquire', 'enquiry'],
  ['initial', 'request-payment', 'pending-payment'],
  ['enquiry', 'request-payment-after-enquiry', 'pending-payment'],
  ['pending-payment', 'expire-payment', 'payment-expired'],
  ['pending-payment', 'confirm-payment', 'preauthorized'],
  ['preauthorized', 'decline', 'declined'],
  ['preauthorized', 'expire', 'declined'],
  ['preauthorized', 'accept', 'accepted'],
  ['accepted', 'cancel', 'canceled'],
  ['accepted', 'complete', 'delivered'],
  ['delivered', 'expire-review-period', 'reviewed'],
  ['delivered', 'review-1-by-customer', 'reviewed-by-customer'],
  ['delivered', 'review-1-by-provider', 'reviewed-by-provider'],
  ['reviewed-by-customer', 'review-2-by-provider', 'reviewed'],
  ['reviewed-by-customer', 'expire-provider-review-period', 'reviewed'],
  ['reviewed-by-provider', 'review-2-by-customer', 'reviewed'],
  ['reviewed-by-provider', 'expire-customer-review-period', 'reviewed'],
];

describe('process table', () => {
  it('is exactly the table of the spec', () => {
    const actual = TRANSITION_NAMES.map((name) => {
      const { from, to } = BOOKING_PROCESS.transitions[name];
      return [from, name, to];
    });
    expect(actual.sort()).toEqual([...TABLE].sort());
    expect(BOOKING_PROCESS.alias).toBe('flex-hourly-default-process/release-1');
  });

  it('has the final states of the spec', () => {
    expect([...FINAL_STATES].sort()).toEqual(['canceled', 'declined', 'payment-expired', 'reviewed']);
  });

  it('flags the privileged and payment-request transitions of the spec', () => {
    expect([...PRIVILEGED_TRANSITIONS].sort()).toEqual([
      'accept',
      'cancel',
      'complete',
      'confirm-payment',
      'decline',
      'expire',
      'review-1-by-customer',
      'review-1-by-provider',
      'review-2-by-customer',
      'review-2-by-provider',
    ]);
    expect(PAYMENT_REQUEST_TRANSITIONS).toEqual(['request-payment', 'request-payment-after-enquiry']);
    expect([...TIMED_TRANSITIONS].sort()).toEqual([
      'complete',
      'expire',
      'expire-customer-review-period',
      'expire-payment',
      'expire-provider-review-period',
      'expire-review-period',
    ]);
  });

  it.each([
    ['initial', 'customer', ['enquire', 'request-payment']],
    ['initial', 'provider', []],
    ['enquiry', 'customer', ['request-payment-after-enquiry']],
    ['pending-payment', 'customer', ['confirm-payment']],
    ['pending-payment', 'system', ['expire-payment']],
    ['preauthorized', 'provider', ['decline', 'accept']],
    ['preauthorized', 'system', ['expire']],
    ['accepted', 'operator', ['cancel']],
    ['accepted', 'customer', []],
    ['delivered', 'customer', ['review-1-by-customer']],
    ['delivered', 'provider', ['review-1-by-provider']],
    ['reviewed-by-customer', 'provider', ['review-2-by-provider']],
    ['reviewed-by-provider', 'customer', ['review-2-by-customer']],
    ['reviewed', 'system', []],
  ] as const)('from %s the %s may run %j', (state, actor, expected) => {
    expect(nextTransitions(state, actor)).toEqual(expected);
  });

  it('lists every transition out of a state without an actor filter', () => {
    expect(nextTransitions('preauthorized')).toEqual(['decline', 'expire', 'accept']);
    expect(transitionsTo('declined')).toEqual(['decline', 'expire']);
  });

  it('recognises names', () => {
    expect(isTransitionName('accept')).toBe(true);
    expect(isTransitionName('complete-by-customer')).toBe(false);
    expect(isTransitionName('constructor')).toBe(false);
    expect(isProcessState('preauthorized')).toBe(true);
    expect(isProcessState('requested')).toBe(false);
  });
});

describe('transition', () => {
  it('walks the happy path and records who did what', () => {
    const tx = run(paid(), [
      ['accept', 'provider', '2026-05-02T09:00:00Z'],
      ['complete', 'system', '2026-05-10T10:00:00Z'],
      ['review-1-by-customer', 'customer', '2026-05-11T09:00:00Z'],
      ['review-2-by-provider', 'provider', '2026-05-12T09:00:00Z'],
    ]);
    expect(tx.state).toBe('reviewed');
    expect(tx.lastTransition).toBe('review-2-by-provider');
    expect(tx.lastTransitionedAt.toISOString()).toBe('2026-05-12T09:00:00.000Z');
    expect(tx.transitions.map((r) => `${r.transition}:${r.by}`)).toEqual([
      'request-payment:customer',
      'confirm-payment:customer',
      'accept:provider',
      'complete:system',
      'review-1-by-customer:customer',
      'review-2-by-provider:provider',
    ]);
  });

  it('does not change the transaction it was given', () => {
    const tx = fresh();
    transition(tx, 'enquire', 'customer', created);
    expect(tx.state).toBe('initial');
    expect(tx.transitions).toEqual([]);
  });

  it.each([
    ['fly', 'customer', 'unknown-transition'],
    ['accept', 'provider', 'wrong-state'],
    ['enquire', 'provider', 'wrong-actor'],
    ['enquire', 'system', 'wrong-actor'],
  ] as const)('rejects %s by %s on a new transaction (%s)', (name, actor, reason) => {
    const result = transition(fresh(), name, actor, created);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('transaction-invalid-transition');
    expect(result.error.status).toBe(409);
    expect(result.error.meta).toEqual({
      transactionId: 'tx1',
      state: 'initial',
      transition: name,
      actor,
      reason,
    });
  });

  it('rejects an invalid time', () => {
    const result = transition(fresh(), 'enquire', 'customer', new Date('garbage'));
    expect(result.ok ? null : result.error.meta.reason).toBe('invalid-time');
  });

  it('lets expire-payment run only 15 minutes after entering pending-payment', () => {
    const pending = run(fresh(), [['request-payment', 'customer', '2026-05-01T10:00:00Z']]);
    expect(timerDueAt(pending, 'expire-payment')?.toISOString()).toBe('2026-05-01T10:15:00.000Z');
    const early = transition(pending, 'expire-payment', 'system', new Date('2026-05-01T10:14:59Z'));
    expect(early.ok ? null : early.error.meta.reason).toBe('not-due');
    const onTime = transition(pending, 'expire-payment', 'system', new Date('2026-05-01T10:15:00Z'));
    expect(onTime.ok && onTime.transaction.state).toBe('payment-expired');
  });

  it.each([
    // Booking far away: 6 days after preauthorization comes first.
    ['2026-06-20T08:00:00Z', '2026-06-20T10:00:00Z', '2026-05-07T10:05:00.000Z'],
    // Booking soon: booking end + 1 day comes first.
    ['2026-05-02T08:00:00Z', '2026-05-02T10:00:00Z', '2026-05-03T10:00:00.000Z'],
  ])('expire for a booking %s–%s falls due at %s', (start, end, due) => {
    const tx = run(
      createTransaction({
        id: 'tx2',
        customerId: 'c1',
        providerId: 'p1',
        createdAt: created,
        booking: { start: new Date(start), end: new Date(end) },
      }),
      [
        ['request-payment', 'customer', '2026-05-01T10:00:00Z'],
        ['confirm-payment', 'customer', '2026-05-01T10:05:00Z'],
      ],
    );
    expect(timerDueAt(tx, 'expire')?.toISOString()).toBe(due);
    expect(pendingTimers(tx)).toEqual([{ transition: 'expire', dueAt: new Date(due) }]);
  });

  it('completes at booking end and expires reviews 7 days after it', () => {
    const accepted = run(paid(), [['accept', 'provider', '2026-05-02T09:00:00Z']]);
    expect(timerDueAt(accepted, 'complete')?.toISOString()).toBe('2026-05-10T10:00:00.000Z');
    expect(transition(accepted, 'complete', 'system', new Date('2026-05-10T09:59:59Z')).ok).toBe(false);
    const delivered = run(accepted, [['complete', 'system', '2026-05-10T10:00:00Z']]);
    for (const name of [
      'expire-review-period',
      'expire-customer-review-period',
      'expire-provider-review-period',
    ] as const) {
      expect(timerDueAt(delivered, name)?.toISOString()).toBe('2026-05-17T10:00:00.000Z');
    }
    const reviewed = run(delivered, [['review-1-by-provider', 'provider', '2026-05-11T00:00:00Z']]);
    expect(pendingTimers(reviewed)).toEqual([
      { transition: 'expire-customer-review-period', dueAt: new Date('2026-05-17T10:00:00Z') },
    ]);
    expect(run(reviewed, [['expire-customer-review-period', 'system', '2026-05-17T10:00:00Z']]).state).toBe(
      'reviewed',
    );
  });

  it('accepts custom timings', () => {
    const pending = run(fresh(), [['request-payment', 'customer', '2026-05-01T10:00:00Z']]);
    const timing = {
      paymentWindowMs: 60_000,
      preauthorizationExpiryMs: 0,
      bookingEndGraceMs: 0,
      reviewPeriodMs: 0,
    };
    expect(timerDueAt(pending, 'expire-payment', timing)?.toISOString()).toBe('2026-05-01T10:01:00.000Z');
    expect(transition(pending, 'expire-payment', 'system', new Date('2026-05-01T10:01:00Z'), timing).ok).toBe(
      true,
    );
  });

  it('has no timer when its anchor is unknown', () => {
    const noBooking = createTransaction({ id: 'tx3', customerId: 'c', providerId: 'p', createdAt: created });
    expect(noBooking.booking).toBeNull();
    expect(timerDueAt(noBooking, 'complete')).toBeNull();
    expect(timerDueAt(noBooking, 'accept')).toBeNull();
    expect(enteredStateAt(noBooking, 'initial')).toEqual(created);
    expect(enteredStateAt(noBooking, 'accepted')).toBeNull();
    const accepted = { ...noBooking, state: 'accepted' as const };
    expect(transition(accepted, 'complete', 'system', new Date('2030-01-01T00:00:00Z')).ok).toBe(false);
    expect(pendingTimers(accepted)).toEqual([]);
  });
});
