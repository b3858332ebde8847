import type { ListingCardView } from '@hora/core/listing';
import { listingPath } from '@hora/core/search';
import { useEffect, useRef } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { ListingImage } from '../../components/ui/listing-image.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { priceDisplayOf } from '../listing-page/listing-price.ts';
import { carouselPosition, wrapIndex } from './carousel.ts';

/**
 * The card a price or group marker opens over the map: the listing's cover (or the no-image text),
 * title, price and a link to it; a group's card steps through its listings with previous and next,
 * wrapping at either end, and shows "n/total". Escape or the close button closes it.
 */
export function MapInfoCard(props: {
  listings: ListingCardView[];
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
}) {
  const { t, locale } = useI18n();
  const card = useRef<HTMLDivElement>(null);
  const { listings, onClose } = props;
  const total = listings.length;
  const index = wrapIndex(props.index, 0, total);
  const listing = listings[index] as ListingCardView;
  const price = priceDisplayOf(listing, locale);

  // Opening the card takes the focus there (a keyboard user chose a marker); Escape anywhere closes.
  useEffect(() => {
    card.current?.focus();
  }, []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div
      ref={card}
      className="map-info-card"
      data-testid="map-info-card"
      role="dialog"
      aria-label={total > 1 ? t('searchMap.card.groupLabel', { count: total }) : listing.title}
      tabIndex={-1}
    >
      <button
        type="button"
        className="map-info-card__close"
        aria-label={t('searchMap.card.close')}
        data-testid="map-card-close"
        onClick={onClose}
      >
        ×
      </button>
      <Link to={listingPath(listing)} className="map-info-card__link" data-testid="map-card-link">
        <div className="map-info-card__media">
          {listing.image ? (
            <ListingImage image={listing.image} shape="landscape" sizes="120px" alt="" />
          ) : (
            <span className="map-info-card__no-image">{t('searchMap.card.noImage')}</span>
          )}
        </div>
        <div className="map-info-card__body">
          <p className="map-info-card__price">
            {price.kind === 'none'
              ? t('searchMap.noPrice')
              : price.kind === 'unsupported-currency'
                ? price.text
                : t('searchMap.card.perHour', { price: price.text })}
          </p>
          <h3 className="map-info-card__title">{listing.title}</h3>
        </div>
      </Link>
      {total > 1 && (
        <div className="map-info-card__carousel">
          <button
            type="button"
            className="map-info-card__step"
            aria-label={t('searchMap.card.previous')}
            data-testid="map-card-prev"
            onClick={() => props.onIndexChange(wrapIndex(index, -1, total))}
          >
            ‹
          </button>
          <span className="map-info-card__position" data-testid="map-card-position" aria-live="polite">
            {carouselPosition(index, total)}
          </span>
          <button
            type="button"
            className="map-info-card__step"
            aria-label={t('searchMap.card.next')}
            data-testid="map-card-next"
            onClick={() => props.onIndexChange(wrapIndex(index, 1, total))}
          >
            ›
          </button>
        </div>
      )}
    </div>
  );
}
