import { data } from 'react-router';
import conversationStyles from '../features/conversation/conversation.css?url';
import { Conversation } from '../features/conversation/conversation.tsx';
import { isMessageSubmission, runSendMessage } from '../features/conversation/conversation-action.ts';
import { loadConversation } from '../features/conversation/conversation-loader.ts';
import reviewsStylesheet from '../features/reviews/reviews.css?url';
import { seoMeta } from '../features/seo/meta.ts';
import { loadTransactionPage } from '../features/transactions/transaction-loader.ts';
import stylesheet from '../features/transactions/transaction-page.css?url';
import { TransactionPage } from '../features/transactions/transaction-page.tsx';
import type { Route } from './+types/order-details';

/** /order/:id/details (auth-only, the customer's side of a transaction). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [page, conversation] = await Promise.all([
    loadTransactionPage(request, params, context, 'customer'),
    loadConversation(request, params.id, context),
  ]);
  return { ...page, conversation };
}

/** The send-message form (the only form of the order page so far). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (await isMessageSubmission(request)) return runSendMessage(request, params, context, 'customer');
  throw data(null, { status: 400 });
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: conversationStyles },
  { rel: 'stylesheet', href: reviewsStylesheet },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'transactions.page.orderTitle',
    noindex: true,
  });

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  return (
    <TransactionPage
      data={loaderData}
      activity={<Conversation transaction={loaderData.transaction} conversation={loaderData.conversation} />}
    />
  );
}
