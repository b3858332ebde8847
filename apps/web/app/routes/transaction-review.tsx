import { REVIEW_PAGE_NAMESPACES } from '../features/reviews/review-form.tsx';
import { ReviewModal } from '../features/reviews/review-modal.tsx';
import { loadReviewPage, submitReview } from '../features/reviews/review-page.ts';
import reviewsStylesheet from '../features/reviews/reviews.css?url';
import { seoMeta } from '../features/seo/meta.ts';
import stylesheet from '../features/transactions/transaction-page.css?url';
import { TransactionPage } from '../features/transactions/transaction-page.tsx';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/transaction-review';

/** /order/:id/review and /sale/:id/review (auth-only): the order or sale page with the review form open. */
export const handle = { messages: REVIEW_PAGE_NAMESPACES } satisfies MessagesHandle;

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadReviewPage(request, params, context);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return submitReview(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: reviewsStylesheet },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'reviews.page.title', noindex: true });

export default function TransactionReview({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <TransactionPage data={loaderData} />
      <ReviewModal transaction={loaderData.transaction} reviews={loaderData.reviews} result={actionData} />
    </>
  );
}
