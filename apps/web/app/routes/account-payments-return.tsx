import { handlePayoutReturn } from '../features/payouts/payout-loaders.ts';
import { PAYOUT_SETTINGS_PATH, StripePayoutPage } from '../features/payouts/stripe-payout-page.tsx';
import { requireViewer } from '../features/routing/access.ts';
import { seoMeta } from '../features/seo/meta.ts';
import { useRootData } from '../features/shell/use-root-data.ts';
import type { Route } from './+types/account-payments-return';
import { knownPerson } from './account-payments.tsx';

/** /account/payments/:returnURLType (auth-only): StripePayoutOnboardingPage, back from onboarding. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireViewer(request, context);
  return handlePayoutReturn(context, {
    returnURLType: params.returnURLType,
    returnPath: PAYOUT_SETTINGS_PATH,
  });
}

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, { titleKey: 'payouts.page.title', noindex: true });

export default function AccountPaymentsReturn({ loaderData }: Route.ComponentProps) {
  const { viewer } = useRootData();
  return <StripePayoutPage data={loaderData} known={knownPerson(viewer)} returned="success" />;
}
