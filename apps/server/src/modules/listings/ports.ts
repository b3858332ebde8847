import type { SeatBooking } from '@hora/core/availability';
import type { CardImageView, ListingCardView, ListingImageView } from '@hora/core/listing';
import type { Executor } from '../../db/executor.ts';
import type { PositionalStatement } from '../../db/positional-sql.ts';

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
   * The same answer from what was last heard of the provider, without asking it again: cheap
   * enough for every view of a listing page (the booking itself asks afresh).
   */
  acceptsBookings(userId: string): Promise<boolean>;
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
  /**
   * `known`: the seat-holding bookings of some of the listings that the caller read in `executor`
   * (after taking the listing's turn, its own uncommitted ones included), touching `range`; used
   * instead of reading them again when `range` covers what the refresh needs (decision 0036).
   */
  refresh(
    executor: Executor,
    listingIds?: readonly string[],
    known?: KnownBookings,
  ): Promise<{ listings: number }>;
  /**
   * The refresh's read of these listings' plans, rules and exceptions (exceptions ending after
   * `from`) for a caller to run in a statement of its own and pass back as `known.groups`.
   */
  groupsStatement?(from: Date, listingIds: readonly string[]): PositionalStatement;
  /**
   * The free time `refresh` would write for these listings, computed from `known` alone (its
   * `groups` included), as data-modifying CTEs (`name as (…), …`) for the caller to run in a
   * statement of its own in the same transaction (the booking request's writes, decision 0052's
   * addendum). Null when `known` does not cover what the refresh reads, or a listing would leave
   * the tables (no longer published, no plan): the caller then calls `refresh`.
   */
  writes?(listingIds: readonly string[], known: KnownBookings): PositionalStatement | null;
}

/** Bookings a caller already read, by listing, with the range they cover. */
export interface KnownBookings {
  range: { start: Date; end: Date };
  bookings: ReadonlyMap<string, readonly SeatBooking[]>;
  /**
   * The rows of `groupsStatement` for exactly these listings, read by the caller in one of its statements
   * in `executor` (the booking request's turn, decision 0052's addendum): not read again.
   */
  groups?: readonly unknown[];
}
