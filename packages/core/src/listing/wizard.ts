import { MARKETPLACE } from '../config/constants.ts';
import type { ListingLike } from './listing.ts';

/** Tabs in order (spec part 1 §2); 'video' follows 'features' and is for premium hosts. */
export const WIZARD_TABS = [
  'description',
  'features',
  'video',
  'location',
  'pricing',
  'availability',
  'photos',
] as const;
export type WizardTab = (typeof WIZARD_TABS)[number];

export const EDIT_LISTING_TYPES = ['new', 'draft', 'edit'] as const;
export type EditListingType = (typeof EDIT_LISTING_TYPES)[number];

export function isWizardTab(value: unknown): value is WizardTab {
  return typeof value === 'string' && (WIZARD_TABS as readonly string[]).includes(value);
}

export function wizardTabs(options: { premium: boolean; availabilityEnabled?: boolean }): WizardTab[] {
  const availability = options.availabilityEnabled ?? MARKETPLACE.availabilityEnabled;
  return WIZARD_TABS.filter(
    (tab) => (tab !== 'video' || options.premium) && (tab !== 'availability' || availability),
  );
}

const nonBlank = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** What each tab needs before the next one unlocks (spec part 2 §5.4). */
export function isTabCompleted(tab: WizardTab, listing: ListingLike): boolean {
  switch (tab) {
    case 'description':
      return nonBlank(listing.title) && nonBlank(listing.description);
    case 'features':
    case 'video':
      return (listing.publicData?.category?.length ?? 0) > 0;
    case 'location':
      return Boolean(listing.geolocation) && nonBlank(listing.publicData?.location?.address);
    case 'pricing':
      return Boolean(listing.price);
    case 'availability':
      return Boolean(listing.availabilityPlan);
    case 'photos':
      return (listing.images?.length ?? 0) > 0;
  }
}

export function isNewListingFlow(type: EditListingType): boolean {
  return type === 'new' || type === 'draft';
}

/** While creating, a tab is reachable only when the one before it is complete; editing opens all. */
export function activeTabs(
  type: EditListingType,
  listing: ListingLike,
  tabs: readonly WizardTab[],
): Set<WizardTab> {
  const active = new Set<WizardTab>();
  tabs.forEach((tab, i) => {
    const previous = tabs[i - 1];
    if (!isNewListingFlow(type) || previous === undefined || isTabCompleted(previous, listing))
      active.add(tab);
  });
  return active;
}

/**
 * The tab to show for a requested one: itself when reachable, otherwise the nearest earlier
 * reachable tab. A hidden tab (video without premium) counts from its place in the full
 * order; an unknown name goes to the first tab.
 */
export function nearestAllowedTab(
  requested: string,
  type: EditListingType,
  listing: ListingLike,
  tabs: readonly WizardTab[],
): WizardTab {
  const active = activeTabs(type, listing, tabs);
  const position = WIZARD_TABS.indexOf(requested as WizardTab);
  const first = tabs[0] ?? 'description';
  if (position < 0) return first;
  const earlier = tabs.filter((tab) => WIZARD_TABS.indexOf(tab) <= position && active.has(tab));
  return earlier[earlier.length - 1] ?? first;
}

/**
 * What saving a tab does: in the creation flow a tab moves on to the next one and the last
 * tab publishes; when editing a published listing, saving just saves.
 */
export function tabSaveAction(
  tab: WizardTab,
  type: EditListingType,
  tabs: readonly WizardTab[],
): { action: 'next'; next: WizardTab } | { action: 'publish' } | { action: 'save' } {
  if (!isNewListingFlow(type)) return { action: 'save' };
  const next = tabs[tabs.indexOf(tab) + 1];
  return next ? { action: 'next', next } : { action: 'publish' };
}

/** Saving the first tab of a new listing creates the draft; later saves update it. */
export function tabSaveCreatesDraft(
  tab: WizardTab,
  type: EditListingType,
  tabs: readonly WizardTab[],
): boolean {
  return type === 'new' && tabs[0] === tab;
}
