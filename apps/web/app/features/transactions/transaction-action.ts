import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { requireViewer } from '../routing/access.ts';
import { DECISION_FIELDS, type DecisionResult } from './decision-fields.ts';
import { isSaleDecision, postTransition } from './transaction-api.ts';
import { transactionPagePath } from './transaction-paths.ts';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sale page's accept and decline (a plain form post, so it works without JavaScript): runs the
 * transition with the page's idempotency key, then shows the sale again as it now is. Refusals
 * stay on the page with their message: another answer still running ("already in progress"), or
 * acceptSaleFailed / declineSaleFailed.
 */
export async function runSaleDecision(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer'>,
) {
  requireViewer(request, context);
  const form = await request.formData().catch(() => null);
  const transition = form?.get(DECISION_FIELDS.transition);
  const idempotencyKey = form?.get(DECISION_FIELDS.idempotencyKey);
  const id = params.id;
  if (!id || !isSaleDecision(transition) || typeof idempotencyKey !== 'string' || !KEY.test(idempotencyKey)) {
    throw data(null, { status: 400 });
  }
  const result = await postTransition(context.api, id, transition, idempotencyKey);
  if (result.status === 200) return redirect(transactionPagePath('provider', id));
  if (result.status === 404) throw data(null, { status: 404 });
  const code = result.data?.errors?.[0]?.code;
  const error =
    code === 'transaction-transition-in-progress'
      ? 'transactions.errors.transitionInProgress'
      : transition === 'accept'
        ? 'transactions.errors.acceptSaleFailed'
        : 'transactions.errors.declineSaleFailed';
  return data<DecisionResult>(
    { error, idempotencyKey: crypto.randomUUID() },
    { status: result.status >= 400 ? result.status : 500 },
  );
}
