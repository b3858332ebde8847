import { PROCESS_TIMING, type ProcessTiming } from '../config/constants.ts';
import { AppError } from '../errors/app-error.ts';
import {
  type Actor,
  BOOKING_PROCESS,
  isTransitionName,
  nextTransitions,
  type ProcessState,
  TIMED_TRANSITIONS,
  type TimerTerm,
  type TransitionName,
  transitionDefinition,
} from './booking-process.ts';

export interface TransitionRecord {
  readonly transition: TransitionName;
  readonly createdAt: Date;
  readonly by: Actor;
}

export interface Transaction {
  readonly id: string;
  readonly customerId: string;
  readonly providerId: string;
  readonly createdAt: Date;
  readonly state: ProcessState;
  readonly lastTransition: TransitionName | null;
  readonly lastTransitionedAt: Date;
  readonly transitions: readonly TransitionRecord[];
  readonly booking?: { readonly start: Date; readonly end: Date } | null;
}

export type TransitionResult = { ok: true; transaction: Transaction } | { ok: false; error: AppError };

export interface NewTransaction {
  id: string;
  customerId: string;
  providerId: string;
  createdAt: Date;
  booking?: { start: Date; end: Date } | null;
}

export function createTransaction(input: NewTransaction): Transaction {
  return {
    ...input,
    booking: input.booking ?? null,
    state: BOOKING_PROCESS.initialState,
    lastTransition: null,
    lastTransitionedAt: input.createdAt,
    transitions: [],
  };
}

/** When the transaction first entered a state, from its history; null if it never did. */
export function enteredStateAt(tx: Transaction, state: ProcessState): Date | null {
  if (state === BOOKING_PROCESS.initialState) return tx.createdAt;
  const record = tx.transitions.find((r) => transitionDefinition(r.transition).to === state);
  return record ? record.createdAt : null;
}

function termDueAt(tx: Transaction, term: TimerTerm, timing: ProcessTiming): number | null {
  const anchor =
    term.anchor.kind === 'booking-end' ? (tx.booking?.end ?? null) : enteredStateAt(tx, term.anchor.state);
  if (!anchor) return null;
  return term.after.reduce((at, key) => at + timing[key], anchor.getTime());
}

/**
 * When a timed transition falls due for this transaction: the earliest of its terms (so
 * `expire` is the earlier of 6 days after preauthorization and booking end + 1 day).
 * Null when the transition has no timer or the anchors are unknown.
 */
export function timerDueAt(
  tx: Transaction,
  name: TransitionName,
  timing: ProcessTiming = PROCESS_TIMING,
): Date | null {
  const terms = transitionDefinition(name).at;
  if (!terms) return null;
  const due = terms.map((term) => termDueAt(tx, term, timing)).filter((at): at is number => at !== null);
  return due.length === 0 ? null : new Date(Math.min(...due));
}

/** The timers the scheduler should arm for the transaction's current state. */
export function pendingTimers(
  tx: Transaction,
  timing: ProcessTiming = PROCESS_TIMING,
): { transition: TransitionName; dueAt: Date }[] {
  return nextTransitions(tx.state)
    .filter((name) => TIMED_TRANSITIONS.includes(name))
    .flatMap((transition) => {
      const dueAt = timerDueAt(tx, transition, timing);
      return dueAt ? [{ transition, dueAt }] : [];
    });
}

function invalid(tx: Transaction, name: string, actor: Actor, reason: string): TransitionResult {
  return {
    ok: false,
    error: new AppError('transaction-invalid-transition', {
      meta: { transactionId: tx.id, state: tx.state, transition: name, actor, reason },
    }),
  };
}

/**
 * Runs a transition. Pure: returns the next transaction, or a `transaction-invalid-transition`
 * error when the transition is unknown, does not start from the current state, is not the
 * actor's to run, or is a timer that is not yet due.
 */
export function transition(
  tx: Transaction,
  name: string,
  actor: Actor,
  now: Date,
  timing: ProcessTiming = PROCESS_TIMING,
): TransitionResult {
  if (!isTransitionName(name)) return invalid(tx, name, actor, 'unknown-transition');
  const definition = transitionDefinition(name);
  if (definition.from !== tx.state) return invalid(tx, name, actor, 'wrong-state');
  if (!definition.actors.includes(actor)) return invalid(tx, name, actor, 'wrong-actor');
  if (Number.isNaN(now.getTime())) return invalid(tx, name, actor, 'invalid-time');
  if (definition.at) {
    const dueAt = timerDueAt(tx, name, timing);
    if (!dueAt || now.getTime() < dueAt.getTime()) return invalid(tx, name, actor, 'not-due');
  }
  return {
    ok: true,
    transaction: {
      ...tx,
      state: definition.to,
      lastTransition: name,
      lastTransitionedAt: now,
      transitions: [...tx.transitions, { transition: name, createdAt: now, by: actor }],
    },
  };
}
