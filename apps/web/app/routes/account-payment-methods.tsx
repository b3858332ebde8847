import stylesheet from '../features/payment-methods/payment-methods.css?url';
import { loadPaymentMethods, removeDefaultCard } from '../features/payment-methods/payment-methods-api.ts';
import { PaymentMethodsPage } from '../features/payment-methods/payment-methods-page.tsx';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import type { Route } from './+types/account-payment-methods';

/** /account/payment-methods (auth-only): PaymentMethodsPage, the saved card of account settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return {
    ...(await loadPaymentMethods(context)),
    defaultName: `${viewer.firstName} ${viewer.lastName}`.trim(),
  };
}

export function action({ request, context }: Route.ActionArgs) {
  requireViewer(request, context);
  return removeDefaultCard(request, context);
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'paymentMethods.page.title', noindex: true });

export default function AccountPaymentMethods({ loaderData }: Route.ComponentProps) {
  return <PaymentMethodsPage data={loaderData} defaultName={loaderData.defaultName} />;
}
