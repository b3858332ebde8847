import { isInvalidTransitionError } from '../errors/classify.ts';
import { nextTransitions, type ProcessState, type Role, type TransitionName } from './booking-process.ts';

export interface TransactionParties {
  id?: string | null;
  customerId?: string | null;
}

/**
 * The viewer's role: customer if they are the transaction's customer, otherwise provider.
 * Missing ids are a programming error, never a silent "provider".
 */
export function transactionRole(userId: string | null | undefined, tx: TransactionParties): Role {
  if (!userId || !tx.id || !tx.customerId) {
    throw new Error(
      `Cannot tell the transaction role: userId ${userId ?? 'missing'}, transaction ${tx.id ?? 'missing'}, customer ${tx.customerId ?? 'missing'}`,
    );
  }
  return userId === tx.customerId ? 'customer' : 'provider';
}

export function otherRole(role: Role): Role {
  return role === 'customer' ? 'provider' : 'customer';
}

/**
 * The review transition for a role in a state: review-2 when the other party has already
 * reviewed, review-1 when nobody has, null when this role cannot review now.
 */
export function reviewTransitionFor(state: ProcessState, role: Role): TransitionName | null {
  return nextTransitions(state, role).find((name) => name.startsWith('review-')) ?? null;
}

const ALTERNATE_REVIEW: Partial<Record<TransitionName, TransitionName>> = {
  'review-1-by-customer': 'review-2-by-customer',
  'review-1-by-provider': 'review-2-by-provider',
};

/**
 * The other party may have reviewed since our data was loaded: when a review-1 attempt fails
 * as an invalid transition, retry once as review-2. Null means do not retry.
 */
export function reviewRetryTransition(attempted: TransitionName, error: unknown): TransitionName | null {
  const alternate = ALTERNATE_REVIEW[attempted];
  return alternate && isInvalidTransitionError(error) ? alternate : null;
}
