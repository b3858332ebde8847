import { AppError } from '@hora/core/errors';
import {
  hasListings,
  isPinNearPlace,
  type ListingAction,
  type ListingView,
  listingStateAfter,
  type OwnListingView,
  PIN_MAX_DISTANCE_KM,
  type PricingFormValues,
  pricingUpdate,
  publicListingLocation,
  type WizardTab,
} from '@hora/core/listing';
import { toMinorUnits } from '@hora/core/money';
import { sanitizeText } from '@hora/core/text';
import {
  type createListingRequestSchema,
  type listingAvailabilityRequestSchema,
  type listingFeaturesRequestSchema,
  type listingLocationRequestSchema,
  type listingPricingRequestSchema,
  OWN_LISTINGS_PER_PAGE,
} from '@hora/core/validation';
import type { z } from 'zod';
import type { Geocoder } from '../../adapters/geocoding/port.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { type Executor, withTransaction } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { ImageUrls } from '../account/views.ts';
import { assertOwner, assertVisible, listingNotFound } from './access.ts';
import { assertTabReachable, firstIncompleteTab } from './gate.ts';
import type { FreeTimeRefresher, ListingImagesReader, PayoutReadiness } from './ports.ts';
import type { ListingChanges, ListingRecord, ListingWithAuthor } from './record.ts';
import { listingRepository } from './repository.ts';
import { listingView, ownListingView, paginationMeta } from './views.ts';

export interface ListingsServiceDeps {
  db: Database;
  clock: Clock;
  geocoder: Geocoder;
  images: ListingImagesReader;
  /** Turns stored image keys (the authors' avatars) into URLs. */
  imageUrls: ImageUrls;
  payouts: PayoutReadiness;
  /** LISTINGS_REQUIRE_APPROVAL: publishing leaves the listing pending until an operator approves it. */
  requireApproval: boolean;
  /** The search's free time, recomputed with every change of plan, rules or state. */
  freeTime: FreeTimeRefresher;
  /** MAP_FUZZY_LOCATION: visitors get a point near the door and the area, not the address. */
  fuzzyLocation?: boolean;
}

type DescriptionInput = z.output<typeof createListingRequestSchema>;
type FeaturesInput = z.output<typeof listingFeaturesRequestSchema>;
type LocationInput = z.output<typeof listingLocationRequestSchema>;
type PricingInput = z.output<typeof listingPricingRequestSchema>;
type AvailabilityInput = z.output<typeof listingAvailabilityRequestSchema>;

/** Text people type is stored with angle brackets made harmless (spec part 1 §3). */
const clean = (text: string | undefined): string | null => (text === undefined ? null : sanitizeText(text));

/**
 * Use cases of hosting (spec part 1 §2 listing wizard and manage listings, §4 listing states):
 * the draft is created by its first tab, each tab saves its own fields, and the state moves by
 * core's `listingStateAfter`. Every write names the listing in the path, so every write first
 * proves the listing is the viewer's.
 */
export function listingsService(deps: ListingsServiceDeps) {
  const { db, clock, images } = deps;
  const listings = listingRepository(db);

  async function imagesOf(id: string) {
    return (await images.imagesOf([id])).get(id) ?? [];
  }

  async function ownView(found: ListingWithAuthor): Promise<OwnListingView> {
    return ownListingView(found.listing, found.author, await imagesOf(found.listing.id), deps.imageUrls);
  }

  async function owned(viewer: Viewer, id: string): Promise<ListingWithAuthor> {
    const found = await listings.findWithAuthor(id);
    assertOwner(viewer, found?.listing);
    return found as ListingWithAuthor;
  }

  /**
   * A write and the search's free time of the listing in one transaction: search never offers
   * time the listing no longer has, nor misses time it gained.
   */
  function withFreeTime<T>(id: string, write: (tx: Executor) => Promise<T>): Promise<T> {
    return withTransaction(db, async (tx) => {
      const result = await write(tx);
      await deps.freeTime.refresh(tx, [id]);
      return result;
    });
  }

  /** Saves one tab's fields after the ownership and gating checks; answers the owner's view. */
  async function saveTab(viewer: Viewer, id: string, tab: WizardTab, changes: ListingChanges) {
    const { listing } = await owned(viewer, id);
    assertTabReachable(listing, tab);
    if (tab === 'availability') await withFreeTime(id, (tx) => listingRepository(tx).update(id, changes));
    else await listings.update(id, changes);
    return reread(id);
  }

  async function reread(id: string): Promise<OwnListingView> {
    const found = await listings.findWithAuthor(id);
    if (!found) throw listingNotFound();
    return ownView(found);
  }

  async function move(viewer: Viewer, id: string, action: ListingAction): Promise<OwnListingView> {
    const { listing } = await owned(viewer, id);
    const next = nextState(listing, action);
    const changed = await withFreeTime(id, (tx) =>
      listingRepository(tx).changeState(id, listing.state, next),
    );
    if (!changed) throw stateChanged(action);
    return reread(id);
  }

  function nextState(listing: ListingRecord, action: ListingAction) {
    try {
      return listingStateAfter(listing.state, action, { requireApproval: deps.requireApproval });
    } catch {
      throw new AppError('conflict', {
        title: `A ${listing.state} listing cannot ${action}`,
        meta: { state: listing.state, action },
      });
    }
  }

  return {
    async create(viewer: Viewer, input: DescriptionInput): Promise<OwnListingView> {
      const draft = await listings.createDraft({
        authorId: viewer.id,
        title: sanitizeText(input.title),
        description: sanitizeText(input.description),
      });
      return reread(draft.id);
    },

    async own(viewer: Viewer, id: string): Promise<OwnListingView> {
      return ownView(await owned(viewer, id));
    },

    async ownPage(viewer: Viewer, page: number) {
      const perPage = OWN_LISTINGS_PER_PAGE;
      const { items, total } = await listings.ownPage(viewer.id, { page, perPage });
      const photos = await images.imagesOf(items.map((item) => item.listing.id));
      return {
        data: items.map(({ listing, author }) =>
          ownListingView(listing, author, photos.get(listing.id) ?? [], deps.imageUrls),
        ),
        meta: paginationMeta(page, perPage, total),
      };
    },

    async show(viewer: Viewer | null, id: string): Promise<ListingView> {
      // One round trip: the photos and whether the author can take bookings are read alongside,
      // and dropped when the listing is not visible (or, for the latter, not public).
      const [found, photos, acceptsBookings] = await Promise.all([
        listings.findWithAuthor(id),
        imagesOf(id),
        deps.payouts.acceptsBookingsOfListing(id),
      ]);
      const { listing, author } = assertVisible(viewer, found);
      const view = listingView(listing, author, photos, deps.imageUrls);
      if (viewer?.id === listing.authorId) return view;
      const publicView = { ...view, ...publicListingLocation(view, { fuzzy: deps.fuzzyLocation ?? false }) };
      if (listing.state !== 'published') return publicView;
      return { ...publicView, author: { ...publicView.author, acceptsBookings } };
    },

    updateDescription(viewer: Viewer, id: string, input: DescriptionInput) {
      return saveTab(viewer, id, 'description', {
        title: sanitizeText(input.title),
        description: sanitizeText(input.description),
      });
    },

    updateFeatures(viewer: Viewer, id: string, input: FeaturesInput) {
      return saveTab(viewer, id, 'features', {
        categories: [...new Set(input.category)],
        capacity: input.capacity,
        certificate: clean(input.certificate),
        rules: clean(input.rules),
      });
    },

    /**
     * The address is resolved again here (a client cannot store a place the geocoder does not
     * know); the pin may have been dragged to the door, but not away from the place.
     */
    async updateLocation(viewer: Viewer, id: string, input: LocationInput) {
      const { listing } = await owned(viewer, id);
      assertTabReachable(listing, 'location');
      const place = await deps.geocoder.resolve(input.address, {
        locale: viewer.locale === 'en' ? 'en' : 'es',
      });
      if (!place) {
        throw new AppError('listing-address-not-recognised', { meta: { field: 'address' } });
      }
      if (!isPinNearPlace(input.origin, place.origin)) {
        throw new AppError('validation-invalid-value', {
          title: `The pin must stay within ${PIN_MAX_DISTANCE_KM} km of the address`,
          meta: { field: 'origin', maxDistanceKm: PIN_MAX_DISTANCE_KM },
        });
      }
      // The search's day summary keeps a copy of the point.
      await withFreeTime(id, (tx) =>
        listingRepository(tx).update(id, {
          address: sanitizeText(input.address),
          building: clean(input.building),
          latitude: input.origin.lat,
          longitude: input.origin.lng,
        }),
      );
      return reread(id);
    },

    /** Negotiable: min and max kept (minor units), the price their midpoint unless given. */
    updatePricing(viewer: Viewer, id: string, input: PricingInput) {
      const { price, publicData } = pricingUpdate(input as PricingFormValues);
      const bound = (amount: number | undefined) =>
        amount === undefined ? null : toMinorUnits(amount, price.currency);
      return saveTab(viewer, id, 'pricing', {
        priceAmount: price.amount,
        priceCurrency: price.currency,
        negotiation: publicData.negociation,
        minPriceAmount: bound(publicData.minPrice),
        maxPriceAmount: bound(publicData.maxPrice),
      });
    },

    updateAvailability(viewer: Viewer, id: string, input: AvailabilityInput) {
      return saveTab(viewer, id, 'availability', {
        availabilityPlan: input.plan,
        // The plan's zone is the listing's: slots, exceptions and the step grid read it.
        timeZone: input.plan.timezone,
        bookingRules: input.bookingRules,
      });
    },

    /**
     * Every tab complete (photos included), then a payout account that can be paid: the listing
     * is published, or waits for an operator when the marketplace asks for approval.
     */
    async publish(viewer: Viewer, id: string): Promise<OwnListingView> {
      const { listing } = await owned(viewer, id);
      const next = nextState(listing, 'publish');
      const missing = firstIncompleteTab(listing, (await imagesOf(id)).length);
      if (missing) {
        throw new AppError('listing-incomplete', {
          title: `The ${missing} tab is not complete`,
          meta: { tab: missing, allowedTab: missing },
        });
      }
      if (!(await deps.payouts.isReady(viewer.id))) throw new AppError('listing-payout-account-required');
      const publishedAt = next === 'published' ? clock.now() : undefined;
      const changed = await withFreeTime(id, (tx) =>
        listingRepository(tx).changeState(id, 'draft', next, publishedAt),
      );
      if (!changed) throw stateChanged('publish');
      return reread(id);
    },

    close: (viewer: Viewer, id: string) => move(viewer, id, 'close'),
    open: (viewer: Viewer, id: string) => move(viewer, id, 'open'),

    /** The session's `hasListings`: the newest own listing exists and is not closed. */
    async hasListings(userId: string): Promise<boolean> {
      const state = await listings.newestOwnState(userId);
      return hasListings(state === null ? [] : [{ state }]);
    },
  };
}

function stateChanged(action: ListingAction): AppError {
  return new AppError('conflict', { title: `The listing changed state before it could ${action}` });
}

export type ListingsService = ReturnType<typeof listingsService>;
