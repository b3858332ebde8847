import reviewsStylesheet from '../features/reviews/reviews.css?url';
import { seoMeta } from '../features/seo/meta.ts';
import { loadTransactionPage } from '../features/transactions/transaction-loader.ts';
import stylesheet from '../features/transactions/transaction-page.css?url';
import { TransactionPage } from '../features/transactions/transaction-page.tsx';
import type { Route } from './+types/order-details';

/** /order/:id/details (auth-only, the customer's side of a transaction). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadTransactionPage(request, params, context, 'customer');
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'stylesheet', href: reviewsStylesheet },
];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    titleKey: 'transactions.page.orderTitle',
    noindex: true,
  });

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  return <TransactionPage data={loaderData} />;
}
