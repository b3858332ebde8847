import bookingFormStylesheet from '../features/listing-page/booking-form.css?url';
import negotiationStyles from '../features/negotiation/negotiation.css?url';
import { runNegotiationAction } from '../features/negotiation/negotiation-action.ts';
import { loadNegotiation } from '../features/negotiation/negotiation-loader.ts';
import { EnquiryBooking, NegotiationActivity } from '../features/negotiation/negotiation-section.tsx';
import { seoMeta } from '../features/seo/meta.ts';
import { loadTransactionPage } from '../features/transactions/transaction-loader.ts';
import stylesheet from '../features/transactions/transaction-page.css?url';
import { TransactionPage } from '../features/transactions/transaction-page.tsx';
import type { Route } from './+types/order-details';

/** /order/:id/details (auth-only, the customer's side of a transaction). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await loadTransactionPage(request, params, context, 'customer');
  return { ...page, negotiation: await loadNegotiation(request, context, page.transaction) };
}

/** Issue 12: the customer's answer to a price offer. */
export function action({ request, params, context }: Route.ActionArgs) {
  return runNegotiationAction(request, params, context, 'customer');
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: negotiationStyles },
  { rel: 'stylesheet', href: bookingFormStylesheet },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'transactions.page.orderTitle',
    noindex: true,
  });

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const { transaction, negotiation } = loaderData;
  return (
    <TransactionPage
      data={loaderData}
      negotiation={<NegotiationActivity transaction={transaction} data={negotiation} />}
      booking={<EnquiryBooking transaction={transaction} data={negotiation} />}
    />
  );
}
