import {
  CARD_IMAGE_VARIANTS,
  type CardImageView,
  LISTING_IMAGE_VARIANTS,
  LISTING_STATES,
  type ListingCardView,
  type ListingImageView,
  type ListingView,
  type OwnListingView,
  type PaginationMeta,
} from '@hora/core/listing';
import { SUPPORTED_CURRENCIES } from '@hora/core/money';
import { z } from 'zod';

/**
 * The answers of the listing API, for the OpenAPI document and the serializer (which also keeps
 * anything not named here out of a response). Typed against core's views, so the two cannot drift.
 */

const variantSchema = z.object({ width: z.number(), height: z.number(), webp: z.string(), jpeg: z.string() });

/** A photo's schema with the variants named (every one for a listing's photos, a card's few for its cover). */
function imageSchema<Name extends keyof typeof LISTING_IMAGE_VARIANTS>(names: readonly Name[]) {
  return z.object({
    id: z.uuid(),
    width: z.number(),
    height: z.number(),
    variants: z.object(
      Object.fromEntries(names.map((name) => [name, variantSchema])) as Record<Name, typeof variantSchema>,
    ),
  });
}

export const listingImageSchema: z.ZodType<ListingImageView> = imageSchema(
  Object.keys(LISTING_IMAGE_VARIANTS) as (keyof typeof LISTING_IMAGE_VARIANTS)[],
);

const cardImageSchema: z.ZodType<CardImageView> = imageSchema(CARD_IMAGE_VARIANTS).describe(
  'The cover, in the landscape crop (400×267 and 800×533)',
);

const moneySchema = z.object({ amount: z.number().int(), currency: z.enum(SUPPORTED_CURRENCIES) });

const bookingRulesSchema = z.object({
  minDurationMinutes: z.number().int(),
  maxDurationMinutes: z.number().int().nullable(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  advanceNoticeMinutes: z.number().int(),
  bookingWindowDays: z.number().int(),
  slotStepMinutes: z.union([z.literal(30), z.literal(60)]),
});

const listingViewShape = {
  id: z.uuid(),
  state: z.enum(LISTING_STATES),
  title: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  certificate: z.string().nullable(),
  rules: z.string().nullable(),
  capacity: z.number().int().nullable(),
  location: z.object({ address: z.string(), building: z.string().nullable() }).nullable(),
  geolocation: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  price: moneySchema.nullable(),
  negotiation: z.enum(['yes', 'no']),
  minPrice: z.number().nullable().describe('Whole currency units, as the host typed them'),
  maxPrice: z.number().nullable(),
  timeZone: z.string(),
  bookingRules: bookingRulesSchema,
  images: z.array(listingImageSchema).describe('Cover first'),
  author: z.object({
    id: z.uuid(),
    displayName: z.string(),
    abbreviatedName: z.string(),
    avatar: z.object({ 'square-small': z.string(), 'square-small2x': z.string() }).nullable(),
    banned: z.boolean().optional().describe('A banned host: shown as "Banned user", without a profile link'),
    deleted: z
      .boolean()
      .optional()
      .describe('A deleted host: shown as "Deleted user", without a profile link'),
    acceptsBookings: z
      .boolean()
      .optional()
      .describe("Published listings seen by others: whether the host's payout account can receive money"),
  }),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
};

export const listingViewSchema: z.ZodType<ListingView> = z.object(listingViewShape);

const planSchema = z.object({
  type: z.enum(['availability-plan/day', 'availability-plan/time']),
  timezone: z.string(),
  entries: z.array(
    z.object({
      dayOfWeek: z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']),
      seats: z.number().int(),
      startTime: z.string().optional(),
      endTime: z.string().optional().describe('00:00 is the end of the day'),
    }),
  ),
});

export const ownListingViewSchema: z.ZodType<OwnListingView> = z.object({
  ...listingViewShape,
  availabilityPlan: planSchema.nullable(),
  updatedAt: z.string(),
});

/** One listing as a card: search results, the map, favourites (core's `ListingCardView`). */
export const listingCardViewSchema: z.ZodType<ListingCardView> = z.object({
  id: z.uuid(),
  title: z.string(),
  price: z.object({ amount: z.number().int(), currency: z.enum(SUPPORTED_CURRENCIES) }).nullable(),
  negotiation: z.enum(['yes', 'no']),
  minPrice: z.number().nullable(),
  maxPrice: z.number().nullable(),
  certificate: z.string().nullable(),
  categories: z.array(z.string()),
  capacity: z.number().int().nullable(),
  geolocation: z.object({ lat: z.number(), lng: z.number() }).nullable().describe('Fuzzy when configured'),
  createdAt: z.string(),
  image: cardImageSchema.nullable().describe('The cover'),
  premium: z.boolean(),
});

export const paginationMetaSchema: z.ZodType<PaginationMeta> = z.object({
  page: z.number().int(),
  perPage: z.number().int(),
  totalItems: z.number().int(),
  totalPages: z.number().int(),
});

export const ownListingResponse = z.object({ data: ownListingViewSchema });
