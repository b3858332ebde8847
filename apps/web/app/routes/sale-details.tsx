import conversationStyles from '../features/conversation/conversation.css?url';
import { Conversation } from '../features/conversation/conversation.tsx';
import { isMessageSubmission, runSendMessage } from '../features/conversation/conversation-action.ts';
import { loadConversation } from '../features/conversation/conversation-loader.ts';
import reviewsStylesheet from '../features/reviews/reviews.css?url';
import { seoMeta } from '../features/seo/meta.ts';
import { runSaleDecision } from '../features/transactions/transaction-action.ts';
import { loadTransactionPage } from '../features/transactions/transaction-loader.ts';
import stylesheet from '../features/transactions/transaction-page.css?url';
import { TransactionPage } from '../features/transactions/transaction-page.tsx';
import type { Route } from './+types/sale-details';

/** /sale/:id/details (auth-only, the provider's side of a transaction): accept or decline a request. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [page, conversation] = await Promise.all([
    loadTransactionPage(request, params, context, 'provider'),
    loadConversation(request, params.id, context),
  ]);
  return { ...page, conversation };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (await isMessageSubmission(request)) return runSendMessage(request, params, context, 'provider');
  return runSaleDecision(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: conversationStyles },
  { rel: 'stylesheet', href: reviewsStylesheet },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'transactions.page.saleTitle',
    noindex: true,
  });

export default function SaleDetails({ loaderData }: Route.ComponentProps) {
  return (
    <TransactionPage
      data={loaderData}
      activity={<Conversation transaction={loaderData.transaction} conversation={loaderData.conversation} />}
    />
  );
}
