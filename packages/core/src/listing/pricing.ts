import { MARKETPLACE } from '../config/constants.ts';
import { divideHalfUp, toSafeNumber } from '../money/decimal.ts';
import { formatMoney } from '../money/format.ts';
import { type Money, money, toMinorUnits } from '../money/money.ts';
import { isNegotiable, type ListingLike, type Negotiation } from './listing.ts';

/**
 * Price of a negotiable listing with no price given: the midpoint of min and max, in minor
 * units, rounded half-up (10 and 15.01 € → 12.51 €).
 */
export function negotiationMidpointPrice(
  minPrice: number,
  maxPrice: number,
  currency: string = MARKETPLACE.currency,
): Money {
  const sum = BigInt(toMinorUnits(minPrice, currency)) + BigInt(toMinorUnits(maxPrice, currency));
  return money(toSafeNumber(divideHalfUp(sum, 2n)), currency);
}

export type PricingFormValues =
  | { negociation: 'yes'; minPrice: number; maxPrice: number; price?: Money | null }
  | { negociation: 'no'; price: Money };

export interface PricingUpdate {
  price: Money;
  publicData: { negociation: Negotiation; minPrice?: number; maxPrice?: number };
}

/** Pricing tab → listing update. With 'no' only the choice is stored besides the price. */
export function pricingUpdate(
  values: PricingFormValues,
  currency: string = MARKETPLACE.currency,
): PricingUpdate {
  if (values.negociation === 'no') return { price: values.price, publicData: { negociation: 'no' } };
  return {
    price: values.price ?? negotiationMidpointPrice(values.minPrice, values.maxPrice, currency),
    publicData: { negociation: 'yes', minPrice: values.minPrice, maxPrice: values.maxPrice },
  };
}

/** The pricing form is shown only for a price in the marketplace currency. */
export function isPriceCurrencyValid(
  price: Money | null | undefined,
  currency: string = MARKETPLACE.currency,
) {
  return !price || price.currency === currency;
}

export type PriceDisplay =
  | { kind: 'range'; text: string; min: Money; max: Money }
  | { kind: 'price'; text: string; price: Money }
  | { kind: 'unsupported-currency'; text: string; currency: string }
  | { kind: 'none' };

/**
 * How a listing's price reads on cards and pages: a range for negotiable listings, else the
 * price when its currency is the marketplace's, else only the currency code in brackets.
 */
export function listingPriceDisplay(
  listing: Pick<ListingLike, 'price' | 'publicData'>,
  options: { currency?: string; locale?: string } = {},
): PriceDisplay {
  const currency = options.currency ?? MARKETPLACE.currency;
  const locale = options.locale ?? MARKETPLACE.intlLocale;
  const { minPrice, maxPrice } = listing.publicData ?? {};
  if (isNegotiable(listing) && typeof minPrice === 'number' && typeof maxPrice === 'number') {
    const min = money(toMinorUnits(minPrice, currency), currency);
    const max = money(toMinorUnits(maxPrice, currency), currency);
    return {
      kind: 'range',
      text: `${formatMoney(min, { locale })} – ${formatMoney(max, { locale })}`,
      min,
      max,
    };
  }
  const price = listing.price;
  if (!price) return { kind: 'none' };
  if (price.currency !== currency) {
    return { kind: 'unsupported-currency', text: `(${price.currency})`, currency: price.currency };
  }
  return { kind: 'price', text: formatMoney(price, { locale }), price };
}
