import { loadPayoutPageData } from '../features/payouts/payout-loaders.ts';
import { StripePayoutPage } from '../features/payouts/stripe-payout-page.tsx';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { useRootData } from '../features/shell/use-root-data.ts';
import type { Route } from './+types/account-payments';

/** /account/payments (auth-only): StripePayoutPage, the payout details of account settings. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  return loadPayoutPageData(context);
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'payouts.page.title', noindex: true });

export default function AccountPayments({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  return <StripePayoutPage data={loaderData} known={knownPerson(viewer)} />;
}

/** What the account already knows of the person, so the form does not ask twice. */
export function knownPerson(
  viewer: { firstName: string; lastName: string; email: string; phoneNumber: string | null } | null,
) {
  return viewer
    ? {
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        email: viewer.email,
        phone: viewer.phoneNumber ?? '',
      }
    : {};
}
