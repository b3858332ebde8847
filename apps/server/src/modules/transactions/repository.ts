import type { Executor } from '../../db/executor.ts';
import { idempotencyKeysOf } from './idempotency-keys-repository.ts';
import { reconcilerQueries } from './reconciler-repository.ts';
import { requestSteps } from './request-steps-repository.ts';
import { transactionReads } from './transaction-reads-repository.ts';
import { transitionWrites } from './transition-writes-repository.ts';

export { pgErrorCode, reportedByPostgres } from '../../db/errors.ts';
export type { IdempotencyRow, RequestContext } from './booking-request-repository.ts';
export type { IdempotencyClaim } from './request-steps-repository.ts';
export { seatBookingsReader } from './seat-bookings-repository.ts';
export type {
  BookingRow,
  PaymentRow,
  StoredTransaction,
  TransactionRow,
  TransitionRow,
} from './transaction-reads-repository.ts';
export type { BookingInsert, TransactionInsert } from './transition-writes-repository.ts';
/** PostgreSQL error codes the engine maps: the exclusion constraint and a row locked elsewhere. */
export const EXCLUSION_VIOLATION = '23P01';
export const LOCK_NOT_AVAILABLE = '55P03';
export const UNIQUE_VIOLATION = '23505';
export const DEADLOCK_DETECTED = '40P01';

/**
 * The only place the transactions module touches the database: its reads, a new request's steps,
 * the transitions' writes, the Idempotency-Keys and the reconciler's questions, each in a file of
 * its own.
 */
export function transactionRepository(db: Executor) {
  return {
    ...transactionReads(db),
    ...requestSteps(db),
    ...transitionWrites(db),
    ...idempotencyKeysOf(db),
    ...reconcilerQueries(db),
  };
}

export type TransactionRepository = ReturnType<typeof transactionRepository>;
