/**
 * A party's transition of an existing transaction over HTTP: who may run which, the payment check
 * before confirm-payment, and the answer kept under the Idempotency-Key.
 */
import { AppError } from '@hora/core/errors';
import { isTransitionName, transition as runTransition } from '@hora/core/process';
import { CLIENT_TRANSITIONS } from '@hora/core/transactions';
import type { Viewer } from '../../http/viewer.ts';
import { toDomain } from './engine.ts';
import { faultPoint } from './faults.ts';
import { type StoredTransaction, transactionRepository } from './repository.ts';
import type { ServiceContext } from './service.ts';
import { type KeptAnswer, type KeptAnswers, requestHash } from './service-idempotency.ts';
import type { TransactionViews } from './service-views.ts';

/** Another request with the same Idempotency-Key committed first: answer as it did. */
class IdempotencyRace extends Error {}

export function partyTransitions(context: ServiceContext, shown: TransactionViews, answers: KeptAnswers) {
  const { deps, repository } = context;
  const { clock, engine, charges } = deps;
  const { viewOf, roleOf } = shown;
  const { replay } = answers;

  /**
   * A party's transition. Only the client transitions (confirm-payment for the customer, accept
   * and decline for the provider); system and operator transitions are refused over HTTP. The
   * customer's confirm-payment runs only when the provider holds the authorised payin total.
   */
  async function transition(
    viewer: Viewer,
    id: string,
    key: string,
    input: { transition: string; params?: Record<string, unknown> | undefined },
  ): Promise<KeptAnswer> {
    const hash = requestHash('transition', {
      id,
      transition: input.transition,
      params: input.params ?? null,
    });
    const current = async () => {
      const answer = { status: 200, body: { transaction: await viewOf(viewer.id, id) } };
      await repository.answerIdempotencyKey(viewer.id, key, answer);
      return answer;
    };
    const stored = await repository.find(id);
    const role = roleOf(viewer, stored);
    const earlier = await replay(viewer, key, hash, current);
    if (earlier) return earlier;
    const row = (stored as StoredTransaction).transaction;
    // The payment's event (Stripe's webhook; the sandbox's, a moment after the card's
    // confirmation) runs confirm-payment for the customer as soon as the card is authorised, so
    // the customer's own call, which follows at once, often finds it done: while the request
    // waits for the host, that call answers the transaction as it is, like a retry would.
    const confirmedAlready = async () => {
      if (input.transition !== 'confirm-payment' || role !== 'customer') return false;
      const now = await repository.find(id);
      return now?.transaction.state === 'preauthorized';
    };
    if (await confirmedAlready()) return current();

    const refuse = (reason: string) =>
      new AppError('transaction-invalid-transition', {
        meta: { transactionId: id, state: row.state, transition: input.transition, actor: role, reason },
      });
    if (isTransitionName(input.transition) && !CLIENT_TRANSITIONS.includes(input.transition)) {
      throw refuse('server-only');
    }
    const allowed = runTransition(toDomain(stored as StoredTransaction), input.transition, role, clock.now());
    if (!allowed.ok) throw allowed.error;
    if (role === 'provider') {
      const [customer] = await repository.partiesOf([row.customerId]);
      // Spec part 1 §2: no accept or decline for a banned customer (their request expires).
      if (customer?.banned) {
        throw new AppError('transaction-customer-banned', {
          meta: { transactionId: id, state: row.state, transition: input.transition },
        });
      }
    }

    if (input.transition === 'confirm-payment') {
      if (!row.paymentIntentId)
        throw new AppError('transaction-payment-failed', { meta: { code: 'no_intent' } });
      const intent = await charges.retrievePaymentIntent(row.paymentIntentId);
      if (intent.status !== 'requires_capture' || intent.amountCapturable !== row.payinTotal) {
        throw new AppError('transaction-payment-failed', {
          meta: {
            code: intent.lastError?.code ?? intent.status,
            stripeMessage: intent.lastError?.message ?? `Payment intent is ${intent.status}`,
          },
        });
      }
    }

    try {
      await engine.decide({
        transactionId: id,
        transition: input.transition,
        actor: role,
        // Accept and decline answer at once while another runs ("already in progress"); the
        // customer's confirm-payment waits for the payment event's, then finds it done (above).
        noWait: role === 'provider',
        within: async (tx) => {
          const claimed = await transactionRepository(tx).claimIdempotencyKey({
            userId: viewer.id,
            key,
            requestHash: hash,
            transactionId: id,
            createdAt: clock.now(),
          });
          if (!claimed) throw new IdempotencyRace();
        },
      });
    } catch (error) {
      if (
        error instanceof AppError &&
        error.code === 'transaction-invalid-transition' &&
        (await confirmedAlready())
      ) {
        return current();
      }
      if (!(error instanceof IdempotencyRace)) throw error;
      return (await replay(viewer, key, hash, current)) ?? Promise.reject(error);
    }
    faultPoint('transition:after-record');
    return current();
  }

  return { transition };
}
