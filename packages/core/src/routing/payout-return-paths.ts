import { matchRoute, pathByRouteName } from '../search/routes.ts';
import { safeReturnPath } from './safe-return-path.ts';

/** How the payout provider's hosted onboarding ends (spec part 1 §2: Stripe return types). */
export const PAYOUT_RETURN_TYPES = ['success', 'failure'] as const;
export type PayoutReturnType = (typeof PAYOUT_RETURN_TYPES)[number];

export function isPayoutReturnType(value: unknown): value is PayoutReturnType {
  return value === 'success' || value === 'failure';
}

/**
 * Where the provider sends the host back after onboarding, from the page they left: the listing
 * wizard's tab gets its own return pages (`/l/:slug/:id/:type/:tab/success`), so the draft id
 * survives the trip; anything else returns to the payout settings (`/account/payments/success`).
 * The return path is untrusted input: an unsafe one is treated as the payout settings.
 */
export function payoutReturnPaths(returnPath: unknown): Record<PayoutReturnType, string> {
  const match = matchRoute(safeReturnPath(returnPath, '/account/payments'));
  const paths = (returnURLType: PayoutReturnType) =>
    match?.name === 'EditListingPage' || match?.name === 'EditListingStripeOnboardingPage'
      ? pathByRouteName('EditListingStripeOnboardingPage', { ...match.params, returnURLType })
      : pathByRouteName('StripePayoutOnboardingPage', { returnURLType });
  return { success: paths('success'), failure: paths('failure') };
}
