import type { ListingCardView } from '@hora/core/listing';
import { type ReactNode, useId } from 'react';
import { Link } from '../../components/ui/link.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ListingCardGrid } from '../listing-card/listing-card-grid.tsx';

/**
 * The newest published spaces, as the search shows them. Nothing shows when there are none (or the
 * search could not say). `action` gives a card its favourite heart.
 */
export function FeaturedListings(props: {
  listings: ListingCardView[];
  action?: (listing: ListingCardView) => ReactNode;
}) {
  const t = useT();
  const titleId = useId();
  if (props.listings.length === 0) return null;
  return (
    <section className="section" aria-labelledby={titleId} data-testid="featured-listings">
      <div className="featured__header">
        <h2 id={titleId} className="section__title">
          {t('landing.featured.title')}
        </h2>
        <Link to="/s" className="featured__all">
          {t('landing.featured.all')}
        </Link>
      </div>
      <ListingCardGrid className="featured__grid" listings={props.listings} action={props.action} lazy />
    </section>
  );
}
