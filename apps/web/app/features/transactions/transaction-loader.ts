import type { Role } from '@hora/core/process';
import type { TransactionView } from '@hora/core/transactions';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requireViewer } from '../routing/access.ts';
import { fetchTransaction } from './transaction-api.ts';
import { transactionPagePath } from './transaction-paths.ts';

export interface TransactionPageData {
  transaction: TransactionView;
  /** Sent with the accept or decline form: the same click posted twice runs once. */
  idempotencyKey: string;
  /** The server's clock when the page was made (the payment window's time left counts from it). */
  now: string;
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
  const transaction = await fetchTransaction(context.api, params.id);
  if (transaction.role !== pageRole) throw redirect(transactionPagePath(transaction.role, transaction.id));
  return { transaction, idempotencyKey: crypto.randomUUID(), now: context.now().toISOString() };
}
