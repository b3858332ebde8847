import { createSlug } from '../search/slug.ts';
import type { ListingState } from './listing.ts';

export const LISTING_PAGE_VARIANTS = { draft: 'draft', pendingApproval: 'pending-approval' } as const;

export type ListingPageRoute =
  | { name: 'ListingPage'; params: { slug: string; id: string } }
  | {
      name: 'ListingPageVariant';
      params: { slug: string; id: string; variant: 'draft' | 'pending-approval' };
    };

/** Drafts and listings pending approval are shown on the (owner-only) variant page. */
export function listingPageRoute(listing: {
  id: string;
  title?: string | null;
  state: ListingState;
}): ListingPageRoute {
  const params = { slug: createSlug(listing.title), id: listing.id };
  if (listing.state === 'draft')
    return { name: 'ListingPageVariant', params: { ...params, variant: 'draft' } };
  if (listing.state === 'pendingApproval') {
    return { name: 'ListingPageVariant', params: { ...params, variant: 'pending-approval' } };
  }
  return { name: 'ListingPage', params };
}

export type ListingAction = 'publish' | 'close' | 'open';

/** Listing lifecycle: a draft is published (or awaits approval), then closed and reopened. */
export function listingStateAfter(
  state: ListingState,
  action: ListingAction,
  options: { requireApproval?: boolean } = {},
): ListingState {
  if (action === 'publish' && state === 'draft')
    return options.requireApproval ? 'pendingApproval' : 'published';
  if (action === 'close' && state === 'published') return 'closed';
  if (action === 'open' && state === 'closed') return 'published';
  throw new Error(`Cannot ${action} a listing in state ${state}`);
}

export interface ManageCard {
  overlay: 'pending-approval' | 'closed' | null;
  /** Drafts link to the tab where they can be finished. */
  finishDraftTab: 'photos' | null;
  canOpen: boolean;
  canClose: boolean;
}

export function manageListingCard(state: ListingState): ManageCard {
  return {
    overlay: state === 'pendingApproval' ? 'pending-approval' : state === 'closed' ? 'closed' : null,
    finishDraftTab: state === 'draft' ? 'photos' : null,
    canOpen: state === 'closed',
    canClose: state === 'published',
  };
}

/** A user is a host when their first own listing is not closed. */
export function hasListings(ownListings: readonly { state: ListingState }[]): boolean {
  const first = ownListings[0];
  return first !== undefined && first.state !== 'closed';
}

export interface PayoutAccount {
  requirements?: { past_due?: readonly string[] | null; currently_due?: readonly string[] | null } | null;
}

export function hasPayoutRequirements(account: PayoutAccount | null | undefined): boolean {
  const requirements = account?.requirements;
  return (requirements?.past_due?.length ?? 0) > 0 || (requirements?.currently_due?.length ?? 0) > 0;
}

/** Publishing needs a connected payout account with nothing past due or currently due. */
export function canPublishWithPayoutAccount(account: PayoutAccount | null | undefined): boolean {
  return Boolean(account) && !hasPayoutRequirements(account);
}

export type PayoutStatus = 'verificationNeeded' | 'verificationSuccess' | 'verificationError';

export function payoutStatus(account: PayoutAccount | null | undefined, failed = false): PayoutStatus {
  if (failed) return 'verificationError';
  return canPublishWithPayoutAccount(account) ? 'verificationSuccess' : 'verificationNeeded';
}

/** Back from the provider's onboarding: success with nothing due returns to editing. */
export function onboardingReturnAction(
  returnType: string,
  account: PayoutAccount | null | undefined,
): 'continue' | 'new-account-link' | 'verification-needed' {
  if (returnType === 'failure') return 'new-account-link';
  return returnType === 'success' && canPublishWithPayoutAccount(account)
    ? 'continue'
    : 'verification-needed';
}
