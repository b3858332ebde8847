import { AppError } from '@hora/core/errors';
import {
  activeTabs,
  isTabCompleted,
  nearestAllowedTab,
  type WizardTab,
  wizardTabs,
} from '@hora/core/listing';
import { type ListingRecord, listingLike } from './record.ts';

/** The wizard's tabs on this marketplace (the premium video tab comes with subscriptions). */
export const LISTING_TABS: readonly WizardTab[] = wizardTabs({ premium: false });

/**
 * While a listing is a draft, a tab is saved only when every tab before it is complete (spec part
 * 2 §5.4): the wizard's gating, enforced where it cannot be skipped. Published, pending and closed
 * listings are edited freely. Refusal: 409 `listing-incomplete`, meta.tab the tab asked for and
 * meta.allowedTab the nearest one that may be saved. The images module calls it for 'photos'.
 */
export function assertTabReachable(listing: ListingRecord, tab: WizardTab, imageCount = 0): void {
  if (listing.state !== 'draft') return;
  const like = listingLike(listing, imageCount);
  if (activeTabs('draft', like, LISTING_TABS).has(tab)) return;
  throw new AppError('listing-incomplete', {
    title: `Complete the tabs before ${tab} first`,
    meta: { tab, allowedTab: nearestAllowedTab(tab, 'draft', like, LISTING_TABS) },
  });
}

/** The first tab still missing something, or null when the listing can be published. */
export function firstIncompleteTab(listing: ListingRecord, imageCount: number): WizardTab | null {
  const like = listingLike(listing, imageCount);
  return LISTING_TABS.find((tab) => !isTabCompleted(tab, like)) ?? null;
}
