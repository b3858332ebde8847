import type { Role } from '@hora/core/process';
import type { TransactionReviewView } from '@hora/core/reviews';
import type { TransactionView } from '@hora/core/transactions';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { fetchTransactionReviews } from '../reviews/reviews-api.ts';
import { requireViewer } from '../routing/access.ts';
import { fetchTransaction } from './transaction-api.ts';
import { transactionPagePath } from './transaction-paths.ts';

export interface TransactionPageData {
  transaction: TransactionView;
  /** Sent with the accept or decline form: the same click posted twice runs once. */
  idempotencyKey: string;
  /** The server's clock when the page was made (the payment window's time left counts from it). */
  now: string;
  /** The reviews the viewer may see (issue 12): their own, and the other party's once public. */
  reviews: TransactionReviewView[];
}

/**
 * `/order/:id/details` (role customer) and `/sale/:id/details` (role provider), signed-in only. The
 * API answers only the transaction's parties; a party on the other side's page goes to their own.
 */
export async function loadTransactionPage(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer' | 'now'>,
  pageRole: Role,
): Promise<TransactionPageData> {
  requireViewer(request, context);
  if (!params.id) throw data(null, { status: 404 });
  const [transaction, reviews] = await Promise.all([
    fetchTransaction(context.api, params.id),
    fetchTransactionReviews(context.api, params.id),
  ]);
  if (transaction.role !== pageRole) throw redirect(transactionPagePath(transaction.role, transaction.id));
  return { transaction, idempotencyKey: crypto.randomUUID(), now: context.now().toISOString(), reviews };
}
