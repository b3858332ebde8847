import type { ListingView } from '@hora/core/listing';
import { useI18n } from '../../i18n/i18n.tsx';
import { priceDisplayOf } from './listing-price.ts';

/**
 * "25,00 € por hora", "20,00 € – 30,00 € por hora" when negotiable, "(USD)" for another currency.
 * Its texts are `<namespace>.price.*` of the page's own namespace (the listing page's, manage
 * listings' or the cards'), so no page loads another's texts.
 */
export function PricePerHour(props: {
  listing: Pick<ListingView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;
  className?: string;
  namespace?: 'listing' | 'manageListings' | 'listingCard';
}) {
  const { t, locale } = useI18n();
  const namespace = props.namespace ?? 'listing';
  const text = (name: 'none' | 'unsupported' | 'perHour' | 'negotiable') => t(`${namespace}.price.${name}`);
  const price = priceDisplayOf(props.listing, locale);
  return (
    <p className={props.className} data-testid="listing-price">
      {price.kind === 'none' ? (
        text('none')
      ) : (
        <>
          <span
            className="price__amount"
            title={price.kind === 'unsupported-currency' ? text('unsupported') : undefined}
          >
            {price.text}
          </span>{' '}
          {price.kind !== 'unsupported-currency' && <span className="price__unit">{text('perHour')}</span>}
        </>
      )}
      {price.kind === 'range' && <span className="price__note">{text('negotiable')}</span>}
    </p>
  );
}
