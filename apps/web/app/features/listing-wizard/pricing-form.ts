import { MARKETPLACE } from '@hora/core/config';
import { negotiationMidpointPrice, type OwnListingView } from '@hora/core/listing';
import { type Money, toDecimalString, toMinorUnits } from '@hora/core/money';

/** The pricing tab as typed: amounts stay text (with a comma or a dot) until sent. */
export interface PricingValues {
  negociation: 'yes' | 'no';
  minPrice: string;
  maxPrice: string;
  price: string;
}

/** Euros with at most two decimals, written with a comma (as in Spain) or a dot: "12", "12,5", "12.50". */
const EUROS_RE = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/** Typed euros → a number of euros, or null when the text is not an amount. */
export function parseEuros(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  return EUROS_RE.test(trimmed) ? Number(trimmed.replace(',', '.')) : null;
}

/** An amount as a person of that locale types it: "12,5" in Spanish, "12.5" in English. */
export function eurosText(amount: number | null, decimalComma: boolean): string {
  if (amount === null) return '';
  const text = String(amount);
  return decimalComma ? text.replace('.', ',') : text;
}

export function pricingValuesOf(
  listing: Pick<OwnListingView, 'negotiation' | 'minPrice' | 'maxPrice' | 'price'>,
  decimalComma: boolean,
): PricingValues {
  const price = listing.negotiation === 'no' && listing.price ? Number(toDecimalString(listing.price)) : null;
  return {
    negociation: listing.negotiation,
    minPrice: eurosText(listing.minPrice, decimalComma),
    maxPrice: eurosText(listing.maxPrice, decimalComma),
    price: eurosText(price, decimalComma),
  };
}

/**
 * The `PUT …/pricing` body of spec part 2 §5.4: with negotiation, min and max in euros (the API
 * stores their midpoint as the price); without, one price in minor units of the marketplace
 * currency. Text that is not an amount goes as typed, so the schema reports it on its field.
 */
export function pricingBody(values: PricingValues, currency: string = MARKETPLACE.currency) {
  if (values.negociation === 'yes') {
    return {
      negociation: 'yes' as const,
      minPrice: parseEuros(values.minPrice) ?? values.minPrice,
      maxPrice: parseEuros(values.maxPrice) ?? values.maxPrice,
    };
  }
  const price = parseEuros(values.price);
  return {
    negociation: 'no' as const,
    price: { amount: price === null ? values.price : toMinorUnits(price, currency), currency },
  };
}

/** The price a negotiable listing is booked at (the midpoint), once both ends are amounts in order. */
export function midpointPreview(
  values: PricingValues,
  currency: string = MARKETPLACE.currency,
): Money | null {
  const min = parseEuros(values.minPrice);
  const max = parseEuros(values.maxPrice);
  if (values.negociation !== 'yes' || min === null || max === null || max < min) return null;
  return negotiationMidpointPrice(min, max, currency);
}

/** A schema error of `price.amount` belongs to the price field. */
export function pricingFieldErrors(errors: Readonly<Record<string, string>>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, key] of Object.entries(errors)) fields[path.split('.')[0] ?? path] ??= key;
  return fields;
}
