import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTORS,
  type Actor,
  BOOKING_PROCESS,
  isProcessState,
  isTransitionName,
  PROCESS_STATES,
  TRANSITION_NAMES,
} from './booking-process.ts';
import { createTransaction, type Transaction, transition } from './transition.ts';

const created = new Date('2026-05-01T10:00:00Z');
const booking = { start: new Date('2026-05-10T08:00:00Z'), end: new Date('2026-05-10T10:00:00Z') };
const fresh = () =>
  createTransaction({ id: 'tx1', customerId: 'c1', providerId: 'p1', createdAt: created, booking });

describe('transition properties', () => {
  it('never accepts a transition outside the table (property)', () => {
    const names = [...TRANSITION_NAMES, 'fly', 'complete-by-customer', 'toString', ''];
    const far = new Date('2100-01-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.constantFrom(...PROCESS_STATES),
        fc.constantFrom(...names),
        fc.constantFrom(...ACTORS),
        (state, name, actor) => {
          const tx: Transaction = { ...fresh(), state };
          const result = transition(tx, name, actor, far);
          const allowed =
            isTransitionName(name) &&
            BOOKING_PROCESS.transitions[name].from === state &&
            (BOOKING_PROCESS.transitions[name].actors as readonly Actor[]).includes(actor);
          if (!allowed) {
            expect(result.ok).toBe(false);
            return;
          }
          // Timed transitions need their anchor state in the history; the rest always run.
          if (result.ok) {
            expect(result.transaction.state).toBe(BOOKING_PROCESS.transitions[name].to);
          } else {
            expect(result.error.meta.reason).toBe('not-due');
          }
        },
      ),
    );
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
            expect(BOOKING_PROCESS.transitions[name].from).toBe(tx.state);
            tx = result.transaction;
          }
          expect(isProcessState(tx.state)).toBe(true);
          expect(tx.transitions).toHaveLength(new Set(tx.transitions.map((r) => r.createdAt.getTime())).size);
        },
      ),
    );
  });
});
