import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../i18n/i18n.tsx';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import { returnPathOf } from '../favourites/favourite-paths.ts';
import { AuthorCard } from './author-card.tsx';
import { BOOKING_PANEL_ID, BookingBar } from './booking-bar.tsx';
import { BookingPanel } from './booking-panel.tsx';
import { contactHref } from './contact-link.ts';
import { Gallery } from './gallery.tsx';
import { ListingHeader, TextSection } from './listing-details.tsx';
import type { ListingPageData } from './listing-page-loader.ts';
import { ClosedNotice, OwnerPanel, VariantBanner } from './listing-status.tsx';
import { LocationSection } from './location-section.tsx';
import { ReviewsSection } from './reviews-section.tsx';

/** Reviews arrive with completed bookings (a later issue); until then every listing has none. */
const NO_REVIEWS = [] as const;

/**
 * A listing's page (spec part 1 §2), and its owner-only variant for drafts and listings pending
 * approval: the listing on the left, and beside it (below it on phones) the booking panel, the
 * closed notice, or the owner's edit link. `enquiry` is the contact form's dialog when open.
 */
export function ListingPage({ data, enquiry }: { data: ListingPageData; enquiry?: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const { listing, isOwner, booking } = data;
  // Closed listings show only their notice: nobody asks about them.
  const contact = listing.state === 'published' ? contactHref(location, data.signedIn) : null;

  return (
    <main className="listing-page" data-testid="listing-page">
      {isOwner && <VariantBanner listing={listing} />}
      <div className="listing-page__layout">
        <div className="listing-page__main">
          <Gallery images={listing.images} title={listing.title} />
          <ListingHeader
            listing={listing}
            action={
              // Drafts and pending listings (their owner's variant page) cannot be favourited.
              (listing.state === 'published' || listing.state === 'closed') && (
                <FavouriteButton
                  listingId={listing.id}
                  favourited={data.favourited}
                  signedIn={data.signedIn}
                  returnTo={returnPathOf(location)}
                />
              )
            }
          />
          <TextSection id="description" title={t('listing.description.title')} text={listing.description} />
          <TextSection id="rules" title={t('listing.rules.title')} text={listing.rules} />
          <LocationSection
            listingId={listing.id}
            geolocation={listing.geolocation}
            address={data.address}
            fuzzy={data.fuzzy}
            title={listing.title}
          />
          <AuthorCard author={listing.author} isOwner={isOwner} contactHref={contact} />
          <ReviewsSection reviews={NO_REVIEWS} />
        </div>
        <aside id={BOOKING_PANEL_ID} className="listing-page__aside" aria-label={t('listing.booking.title')}>
          {isOwner ? (
            <OwnerPanel listing={listing} />
          ) : listing.state === 'closed' ? (
            <ClosedNotice />
          ) : (
            booking && <BookingPanel listing={listing} booking={booking} />
          )}
        </aside>
      </div>
      {booking && <BookingBar listing={listing} booking={booking} />}
      {enquiry}
    </main>
  );
}
