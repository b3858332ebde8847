import type { ListingCardView } from '@hora/core/listing';
import { listingPath } from '@hora/core/search';
import type { ReactNode } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { PricePerHour } from '../listing-page/price-per-hour.tsx';
import './listing-card.css';

/** Cards sit in a grid of one column on phones and 250 px and up elsewhere (spec part 2 §9). */
const CARD_SIZES = '(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 400px';

/**
 * A listing in a grid (spec part 1 §2 search page; also favourites and the landing page): its cover
 * photo with `srcset`, price or price range, title, the certificate label and the premium star. The
 * whole card is one link to the listing; `action` (the favourite heart) sits over the photo, outside
 * the link, so it is a control of its own. Hovering or focusing the card tells `onActive` (the map
 * highlights its marker). Texts are the `listingCard` namespace.
 */
export function ListingCard(props: {
  listing: ListingCardView;
  action?: ReactNode;
  /** The first cards of a page are above the fold: their photos load at once. */
  eager?: boolean;
  onActive?: (listingId: string | null) => void;
}) {
  const t = useT();
  const { listing, onActive } = props;
  const active = onActive && {
    onMouseEnter: () => onActive(listing.id),
    onMouseLeave: () => onActive(null),
    onFocus: () => onActive(listing.id),
    onBlur: () => onActive(null),
  };
  return (
    <article className="listing-card" data-testid="listing-card" data-listing-id={listing.id} {...active}>
      <Link to={listingPath(listing)} className="listing-card__link">
        <div className="listing-card__media">
          {listing.image ? (
            <ListingImage
              image={listing.image}
              shape="landscape"
              sizes={CARD_SIZES}
              alt=""
              loading={props.eager ? 'eager' : 'lazy'}
            />
          ) : (
            <span className="listing-card__no-image">{t('listingCard.noImage')}</span>
          )}
        </div>
        <div className="listing-card__body">
          <PricePerHour listing={listing} className="listing-card__price" namespace="listingCard" />
          <h3 className="listing-card__title">
            {listing.premium && (
              <span className="listing-card__premium" role="img" aria-label={t('listingCard.premium')}>
                ★
              </span>
            )}
            {listing.title}
          </h3>
          {listing.certificate && (
            <p className="listing-card__certificate">
              {t('listingCard.certificate', { certificate: listing.certificate })}
            </p>
          )}
        </div>
      </Link>
      {props.action && <div className="listing-card__action">{props.action}</div>}
    </article>
  );
}
