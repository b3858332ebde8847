import { isAlreadyReviewedError, isInvalidTransitionError } from '@hora/core/errors';
import type { Role } from '@hora/core/process';
import { data, redirect } from 'react-router';
import type { WebContext } from '../../context.ts';
import { messagesFor, requestLocale } from '../../i18n/catalogue.server.ts';
import { formErrorsFrom } from '../forms/api-errors.ts';
import { formString, readForm } from '../forms/submission.ts';
import { requireViewer } from '../routing/access.ts';
import { loadTransactionPage, type TransactionPageData } from '../transactions/transaction-loader.ts';
import { transactionPagePath } from '../transactions/transaction-paths.ts';
import { REVIEW_FIELDS, REVIEW_PAGE_NAMESPACES, type ReviewFormResult } from './review-form.tsx';
import { reviewPanelView } from './review-status.ts';
import { postReview } from './reviews-api.ts';

/** The order's or sale's role from the review page's path (`/order/:id/review`, `/sale/:id/review`). */
export function reviewPageRole(request: Request): Role {
  return new URL(request.url).pathname.startsWith('/sale/') ? 'provider' : 'customer';
}

/** The order or sale page with the review form over it; its own page so it works without JavaScript. */
export async function loadReviewPage(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer' | 'now'>,
): Promise<TransactionPageData & { messages: ReturnType<typeof messagesFor> }> {
  const role = reviewPageRole(request);
  const page = await loadTransactionPage(request, params, context, role);
  // Before delivery there is nothing to review yet: the order or sale page itself.
  if (reviewPanelView(page.transaction, page.reviews).status === 'not-yet') {
    throw redirect(transactionPagePath(role, page.transaction.id));
  }
  return { ...page, messages: messagesFor(requestLocale(request), REVIEW_PAGE_NAMESPACES) };
}

/**
 * Sends the review. Sent: back to the order or sale page, which shows it. Refused: the form again
 * with what was typed and the reason — a field's message, "already sent (refresh the page)" for a
 * second review, "no longer possible" once the period is over, else "failed to send" (spec part 2
 * §8.2).
 */
export async function submitReview(
  request: Request,
  params: { id?: string },
  context: Pick<WebContext, 'api' | 'viewer'>,
) {
  requireViewer(request, context);
  const id = params.id;
  if (!id) throw data(null, { status: 404 });
  const role = reviewPageRole(request);
  const form = await readForm(request);
  const values = {
    rating: formString(form, REVIEW_FIELDS.rating),
    content: formString(form, REVIEW_FIELDS.content),
  };
  const result = await postReview(context.api, id, {
    rating: values.rating === '' ? undefined : values.rating,
    content: values.content,
  });
  if (result.status === 201) return redirect(transactionPagePath(role, id));
  if (result.status === 404) throw data(null, { status: 404 });
  const errors =
    result.status === 400
      ? formErrorsFrom(result)
      : isAlreadyReviewedError(result.data)
        ? { form: 'reviews.errors.alreadySent', fields: {} }
        : isInvalidTransitionError(result.data)
          ? { form: 'reviews.errors.closed', fields: {} }
          : { form: 'reviews.errors.sendFailed', fields: {} };
  return data<ReviewFormResult>({ errors, values }, { status: result.status >= 400 ? result.status : 500 });
}
