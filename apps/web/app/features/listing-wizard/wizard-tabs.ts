import {
  activeTabs,
  type EditListingType,
  isNewListingFlow,
  isTabCompleted,
  type ListingLike,
  tabSaveAction,
  type WizardTab,
  wizardTabs,
} from '@hora/core/listing';
import { createSlug, DRAFT_LISTING_ID, DRAFT_SLUG, pathByRouteName } from '@hora/core/search';

/**
 * The tabs this marketplace shows. The video tab is for premium subscribers, and subscriptions
 * do not exist yet: nobody is premium, so it never shows.
 */
export const SHOWN_TABS: readonly WizardTab[] = wizardTabs({ premium: false });

/** `/l/:slug/:id/:type/:tab`; a listing not created yet is the all-zero draft of `/l/new`. */
export function wizardPath(
  listing: { id: string; title?: string | null } | null,
  type: EditListingType,
  tab: WizardTab,
): string {
  if (!listing || listing.id === DRAFT_LISTING_ID) {
    return pathByRouteName('EditListingPage', { slug: DRAFT_SLUG, id: DRAFT_LISTING_ID, type: 'new', tab });
  }
  return pathByRouteName('EditListingPage', { slug: createSlug(listing.title), id: listing.id, type, tab });
}

/** Once saved, a new listing is a draft: its next tabs live under the `draft` type. */
export function typeAfterSave(type: EditListingType): EditListingType {
  return type === 'new' ? 'draft' : type;
}

export interface TabState {
  tab: WizardTab;
  labelKey: `listings.tabs.${WizardTab}`;
  path: string;
  /** Its rule of spec part 2 §5.4 holds (marked in the navigation). */
  completed: boolean;
  /** Not reachable yet: shown, but not a link. */
  locked: boolean;
  current: boolean;
}

/** The navigation of the wizard: every shown tab with its state, in order. */
export function tabStates(
  type: EditListingType,
  listing: ListingLike,
  current: WizardTab,
  tabs: readonly WizardTab[] = SHOWN_TABS,
): TabState[] {
  const active = activeTabs(type, listing, tabs);
  const saved =
    listing.id && listing.id !== DRAFT_LISTING_ID ? { id: listing.id, title: listing.title } : null;
  return tabs.map((tab) => ({
    tab,
    labelKey: `listings.tabs.${tab}`,
    path: wizardPath(saved, type, tab),
    completed: saved !== null && isTabCompleted(tab, listing),
    locked: !active.has(tab),
    current: tab === current,
  }));
}

/** "Paso 2 de 6" on phones. */
export function stepOf(tab: WizardTab, tabs: readonly WizardTab[] = SHOWN_TABS) {
  return { step: tabs.indexOf(tab) + 1, total: tabs.length };
}

export type SubmitLabelKey = 'listings.submit.next' | 'listings.submit.publish' | 'listings.submit.save';

/** "Guardar y continuar", "Publicar anuncio" (the last tab of a new listing) or "Guardar cambios". */
export function submitLabelKey(
  tab: WizardTab,
  type: EditListingType,
  tabs: readonly WizardTab[] = SHOWN_TABS,
): SubmitLabelKey {
  const action = tabSaveAction(tab, type, tabs).action;
  if (action === 'publish') return 'listings.submit.publish';
  return action === 'next' ? 'listings.submit.next' : 'listings.submit.save';
}

export function headingKey(type: EditListingType): 'listings.wizard.newTitle' | 'listings.wizard.editTitle' {
  return isNewListingFlow(type) ? 'listings.wizard.newTitle' : 'listings.wizard.editTitle';
}
