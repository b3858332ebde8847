import {
  EDIT_LISTING_TYPES,
  type EditListingType,
  nearestAllowedTab,
  type OwnListingView,
  type WizardTab,
} from '@hora/core/listing';
import { DRAFT_LISTING_ID, pathByRouteName } from '@hora/core/search';
import { listingLikeOf } from './listing-like.ts';
import { SHOWN_TABS, wizardPath } from './wizard-tabs.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WizardParams {
  slug?: string;
  id?: string;
  type?: string;
  tab?: string;
}

/** The listing a wizard URL names: none yet (`/l/new`), one to load, or no listing at all. */
export type WizardTarget = { kind: 'new' } | { kind: 'listing'; id: string } | { kind: 'not-found' };

export function wizardTarget(params: WizardParams): WizardTarget {
  if (!(EDIT_LISTING_TYPES as readonly string[]).includes(params.type ?? '')) return { kind: 'not-found' };
  if (params.id === DRAFT_LISTING_ID) return { kind: 'new' };
  return params.id && UUID.test(params.id) ? { kind: 'listing', id: params.id } : { kind: 'not-found' };
}

/**
 * The type a listing is edited as: not created yet is `new`, a draft keeps being created tab by
 * tab (`draft`), anything published once is edited (`edit`), whatever the URL said.
 */
export function wizardTypeOf(listing: Pick<OwnListingView, 'state'> | null): EditListingType {
  if (!listing) return 'new';
  return listing.state === 'draft' ? 'draft' : 'edit';
}

export type WizardDecision =
  | { kind: 'show'; type: EditListingType; tab: WizardTab }
  | { kind: 'redirect'; to: string };

/**
 * What a wizard URL shows: its tab when reachable, else a redirect to the nearest earlier
 * reachable tab (spec part 2 §5.4), under the listing's own slug and type.
 */
export function wizardDecision(params: WizardParams, listing: OwnListingView | null): WizardDecision {
  const type = wizardTypeOf(listing);
  const tab = nearestAllowedTab(params.tab ?? '', type, listingLikeOf(listing), SHOWN_TABS);
  const canonical = wizardPath(listing, type, tab);
  const requested = pathByRouteName('EditListingPage', {
    slug: params.slug,
    id: params.id,
    type: params.type,
    tab: params.tab,
  });
  return canonical === requested ? { kind: 'show', type, tab } : { kind: 'redirect', to: canonical };
}
