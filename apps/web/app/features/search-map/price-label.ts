import type { ListingCardView } from '@hora/core/listing';
import { formatMoney, fractionDigits, type Money } from '@hora/core/money';
import { priceDisplayOf } from '../listing-page/listing-price.ts';

type PricedListing = Pick<ListingCardView, 'price' | 'negotiation' | 'minPrice' | 'maxPrice'>;

/** "25 €" for a whole amount, "25,50 €" otherwise: a marker has room for few characters. */
function shortMoney(value: Money, locale: string): string {
  const whole = value.amount % 10 ** fractionDigits(value.currency) === 0;
  return formatMoney(value, { locale, fractionDigits: whole ? 0 : undefined });
}

/**
 * A price marker's text, through core's price rule (spec part 2 §5.6): "25 €", "20 € – 30 €" for
 * negotiable listings, "(USD)" for another currency, or the caller's no-price text.
 */
export function priceLabel(listing: PricedListing, locale: string, noPrice: string): string {
  const display = priceDisplayOf(listing, locale);
  switch (display.kind) {
    case 'price':
      return shortMoney(display.price, locale);
    case 'range':
      return `${shortMoney(display.min, locale)} – ${shortMoney(display.max, locale)}`;
    case 'unsupported-currency':
      return display.text;
    case 'none':
      return noPrice;
  }
}
