import type { CardImageView, ListingCardView, ListingImageView } from '@hora/core/listing';
import type { Executor } from '../../db/executor.ts';

/**
 * What the listings module needs from its neighbours, as small interfaces: the images module
 * answers for photos, the payouts module for the host's payout account. Each is handed in by
 * `buildApp`, so the listings code never reaches into their tables.
 */

/** The photos of listings, cover first, for views and the photos tab's completeness. */
export interface ListingImagesReader {
  imagesOf(listingIds: string[]): Promise<Map<string, ListingImageView[]>>;
  /** Each listing's cover in a card's variants (listings without photos left out): one statement. */
  coversOf(listingIds: readonly string[]): Promise<Map<string, CardImageView>>;
  /**
   * The views of photo rows another module's read took along (the images module's
   * `listingImageRowsColumn`), as `imagesOf` makes them: no read of its own.
   */
  viewsOf?(
    rows: readonly { id: string; width: number; height: number; keyPrefix: string }[],
  ): ListingImageView[];
  /**
   * A card's cover from the photo row the cards' own read took along (the images module's
   * `listingCoverColumn`), as `coversOf` makes it: no read of its own.
   */
  coverViewOf?(row: { id: string; width: number; height: number; keyPrefix: string }): CardImageView;
}

/** Whether a host's payout account can receive money (no currently_due or past_due items). */
export interface PayoutReadiness {
  isReady(userId: string): Promise<boolean>;
  /**
   * The same answer for the listing's author, from what was last heard of the provider, without
   * asking it again: cheap enough for every view of a listing page (the booking itself asks
   * afresh). Asked by the listing's id, so the page reads it alongside the listing.
   */
  acceptsBookingsOfListing(listingId: string): Promise<boolean>;
}

/**
 * Listings as cards, in the order of the ids asked for (unknown ids left out): what the search,
 * favourites and landing page show. States are not filtered here; the caller chose the ids.
 */
export interface ListingCardsReader {
  cardsOf(ids: readonly string[]): Promise<ListingCardView[]>;
}

/**
 * The search's stored free time of listings, recomputed inside the caller's transaction whenever
 * what feeds it changes (plan, booking rules, exceptions, state; bookings, from issue 11).
 */
export interface FreeTimeRefresher {
  refresh(executor: Executor, listingIds?: readonly string[]): Promise<{ listings: number }>;
}
