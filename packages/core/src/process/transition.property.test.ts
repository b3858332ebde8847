import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTORS, BOOKING_PROCESS, PROCESS_STATES, TRANSITION_NAMES } from './booking-process.ts';
import { createTransaction, transition } from './transition.ts';

const created = new Date('2026-05-01T10:00:00Z');
const booking = { start: new Date('2026-05-10T08:00:00Z'), end: new Date('2026-05-10T10:00:00Z') };
const fresh = () =>
  createTransaction({ id: 'tx1', customerId: 'c1', providerId: 'p1', createdAt: created, booking });

/**
 * The oracle, transcribed by hand from spec part 1 §4 (state, transition, next state) and the actor
 * of each transition (part 2 §6), independently of BOOKING_PROCESS: a mistake in the table under
 * test cannot also be in its oracle.
 */
const SPEC_TRANSITIONS: Record<string, { from: string; to: string; actors: readonly string[] }> = {
  enquire: { from: 'initial', to: 'enquiry', actors: ['customer'] },
  'request-payment': { from: 'initial', to: 'pending-payment', actors: ['customer'] },
  'request-payment-after-enquiry': { from: 'enquiry', to: 'pending-payment', actors: ['customer'] },
  'expire-payment': { from: 'pending-payment', to: 'payment-expired', actors: ['system'] },
  'confirm-payment': { from: 'pending-payment', to: 'preauthorized', actors: ['customer'] },
  decline: { from: 'preauthorized', to: 'declined', actors: ['provider'] },
  expire: { from: 'preauthorized', to: 'declined', actors: ['system'] },
  accept: { from: 'preauthorized', to: 'accepted', actors: ['provider'] },
  cancel: { from: 'accepted', to: 'canceled', actors: ['operator'] },
  complete: { from: 'accepted', to: 'delivered', actors: ['system'] },
  'expire-review-period': { from: 'delivered', to: 'reviewed', actors: ['system'] },
  'review-1-by-customer': { from: 'delivered', to: 'reviewed-by-customer', actors: ['customer'] },
  'review-1-by-provider': { from: 'delivered', to: 'reviewed-by-provider', actors: ['provider'] },
  'review-2-by-provider': { from: 'reviewed-by-customer', to: 'reviewed', actors: ['provider'] },
  'expire-provider-review-period': { from: 'reviewed-by-customer', to: 'reviewed', actors: ['system'] },
  'review-2-by-customer': { from: 'reviewed-by-provider', to: 'reviewed', actors: ['customer'] },
  'expire-customer-review-period': { from: 'reviewed-by-provider', to: 'reviewed', actors: ['system'] },
};
const SPEC_STATES = [
  'initial',
  'enquiry',
  'pending-payment',
  'payment-expired',
  'preauthorized',
  'declined',
  'accepted',
  'canceled',
  'delivered',
  'reviewed-by-customer',
  'reviewed-by-provider',
  'reviewed',
];
const TIMED = new Set([
  'expire-payment',
  'expire',
  'complete',
  'expire-review-period',
  'expire-provider-review-period',
  'expire-customer-review-period',
]);

describe('transition properties', () => {
  it('the table under test is the table of the spec', () => {
    expect(new Set(PROCESS_STATES)).toEqual(new Set(SPEC_STATES));
    expect(Object.keys(BOOKING_PROCESS.transitions).sort()).toEqual(Object.keys(SPEC_TRANSITIONS).sort());
  });

  it('accepts exactly the transitions of the spec, for every state, name and actor', () => {
    // The space is small (12 states × 21 names × 4 actors), so every combination is checked.
    const names = [...Object.keys(SPEC_TRANSITIONS), 'fly', 'complete-by-customer', 'toString', ''];
    const far = new Date('2100-01-01T00:00:00Z');
    for (const state of SPEC_STATES as (typeof PROCESS_STATES)[number][]) {
      for (const name of names) {
        for (const actor of ACTORS) {
          const result = transition({ ...fresh(), state }, name, actor, far);
          const spec = Object.hasOwn(SPEC_TRANSITIONS, name) ? SPEC_TRANSITIONS[name] : undefined;
          const allowed = spec !== undefined && spec.from === state && spec.actors.includes(actor);
          const label = `${state} --${name}/${actor}-->`;
          if (!allowed) {
            expect(result.ok, label).toBe(false);
          } else if (result.ok) {
            expect(result.transaction.state, label).toBe(spec.to);
          } else {
            // Timed transitions need their anchor state in the history; the rest always run.
            expect(TIMED.has(name), label).toBe(true);
            expect(result.error.meta.reason, label).toBe('not-due');
          }
        }
      }
    }
  });

  it('only ever reaches states of the table through random runs (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...TRANSITION_NAMES), fc.constantFrom(...ACTORS)), {
          maxLength: 12,
        }),
        (steps) => {
          let tx = fresh();
          let at = created.getTime();
          for (const [name, actor] of steps) {
            at += 8 * 86_400_000;
            const result = transition(tx, name, actor, new Date(at));
            if (!result.ok) continue;
            expect(SPEC_TRANSITIONS[name]?.from).toBe(tx.state);
            expect(result.transaction.state).toBe(SPEC_TRANSITIONS[name]?.to);
            tx = result.transaction;
          }
          expect(SPEC_STATES).toContain(tx.state);
          expect(tx.transitions).toHaveLength(new Set(tx.transitions.map((r) => r.createdAt.getTime())).size);
        },
      ),
    );
  });
});
