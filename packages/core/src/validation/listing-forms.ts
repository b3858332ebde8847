import { z } from 'zod';
import { CATEGORIES } from '../config/categories.ts';
import { LIMITS, MARKETPLACE } from '../config/constants.ts';
import { MESSAGES as M, type MessageKey } from './messages.ts';
import {
  form,
  HTTP_URL_RE,
  moneySchema,
  nonEmptyArray,
  optionalString,
  optionalTextArea,
  requiredString,
  selectedPlace,
  textArea,
  title,
} from './shared.ts';

export const descriptionSchema = form({ title: title(), description: textArea() });

/** A whole number typed in a field (text from the browser, a number from JSON). */
export const wholeNumber = (min: number, max: number, error: MessageKey = M.numberInvalid) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z.number({ error: M.required }).int({ error }).min(min, { error }).max(max, { error }),
  );

/** Features tab: categories, how many people the space holds, an optional certificate and house rules. */
export const featuresSchema = form({
  category: nonEmptyArray(z.enum(CATEGORIES, { error: M.categoryInvalid }), M.categoryRequired),
  capacity: wholeNumber(LIMITS.capacityMin, LIMITS.capacityMax, M.capacityInvalid),
  certificate: optionalString(LIMITS.lineMax),
  rules: optionalTextArea(),
});

/** The premium promotional video: an embed URL, optional. */
export const videoSchema = form({
  video: optionalString(LIMITS.urlMax).refine((v) => v === undefined || HTTP_URL_RE.test(v), {
    error: M.urlInvalid,
  }),
});

export const locationSchema = form({ location: selectedPlace(), building: optionalString(200) });

export const photosSchema = form({
  images: nonEmptyArray(requiredString(M.invalid, { max: LIMITS.urlMax }), M.imagesRequired),
});

const majorAmount = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : v),
    z
      .number({ error: M.required })
      .nonnegative({ error: M.numberInvalid })
      .max(10_000_000, { error: M.numberInvalid }),
  );

/**
 * Pricing tab. 'yes': min and max in euros (max ≥ min), the price optional (derived as the
 * midpoint when missing). 'no': a price in the marketplace currency, not below the minimum.
 */
export const pricingSchema = (options: { currency?: string; minPriceMinor?: number } = {}) => {
  const price = moneySchema({
    currency: options.currency ?? MARKETPLACE.currency,
    minAmount: options.minPriceMinor ?? MARKETPLACE.minListingPriceMinor,
  });
  return z.discriminatedUnion(
    'negociation',
    [
      z
        .object({
          negociation: z.literal('yes'),
          minPrice: majorAmount(),
          maxPrice: majorAmount(),
          price: price.nullish(),
        })
        .refine((v) => v.maxPrice >= v.minPrice, { error: M.priceRangeInvalid, path: ['maxPrice'] }),
      form({ negociation: z.literal('no'), price }),
    ],
    { error: M.required },
  );
};
