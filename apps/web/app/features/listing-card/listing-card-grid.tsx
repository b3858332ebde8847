import type { ListingCardView } from '@hora/core/listing';
import type { ReactNode } from 'react';
import { ListingCard } from './listing-card.tsx';

/** The cards of the first row or two are above the fold on most screens: their photos load at once. */
const EAGER_CARDS = 4;

/**
 * Listings as a list of cards (search results, favourites, the landing page's newest): each card's
 * `action` (the heart) built per listing, the first cards' photos loaded eagerly unless `lazy`.
 */
export function ListingCardGrid(props: {
  listings: readonly ListingCardView[];
  className: string;
  action?: (listing: ListingCardView) => ReactNode;
  onActive?: (listingId: string | null) => void;
  /** Below the fold (the landing page's newest): every photo waits until it nears the screen. */
  lazy?: boolean;
}) {
  return (
    <ul className={props.className}>
      {props.listings.map((listing, index) => (
        <li key={listing.id}>
          <ListingCard
            listing={listing}
            eager={!props.lazy && index < EAGER_CARDS}
            onActive={props.onActive}
            action={props.action?.(listing)}
          />
        </li>
      ))}
    </ul>
  );
}
