import conversationStyles from '../features/conversation/conversation.css?url';
import { Conversation } from '../features/conversation/conversation.tsx';
import { isMessageSubmission, runSendMessage } from '../features/conversation/conversation-action.ts';
import { loadConversation } from '../features/conversation/conversation-loader.ts';
import negotiationStyles from '../features/negotiation/negotiation.css?url';
import { isNegotiationPost, runNegotiationAction } from '../features/negotiation/negotiation-action.ts';
import { loadNegotiation } from '../features/negotiation/negotiation-loader.ts';
import { answerableOfferIdOf, NegotiationControls } from '../features/negotiation/negotiation-section.tsx';
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
  return { ...page, conversation, negotiation: await loadNegotiation(request, context, page.transaction) };
}

/** Accept or decline a request, send a message; issue 12: or send a price offer. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (await isMessageSubmission(request)) return runSendMessage(request, params, context, 'provider');
  if (await isNegotiationPost(request)) return runNegotiationAction(request, params, context, 'provider');
  return runSaleDecision(request, params, context);
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: conversationStyles },
  { rel: 'stylesheet', href: reviewsStylesheet },
  { rel: 'stylesheet', href: negotiationStyles },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'transactions.page.saleTitle',
    noindex: true,
  });

export default function SaleDetails({ loaderData }: Route.ComponentProps) {
  const { transaction, conversation, negotiation } = loaderData;
  return (
    <TransactionPage
      data={loaderData}
      activity={
        <Conversation
          transaction={transaction}
          conversation={conversation}
          answerableOfferId={answerableOfferIdOf(transaction, negotiation)}
          controls={<NegotiationControls transaction={transaction} data={negotiation} />}
        />
      }
    />
  );
}
