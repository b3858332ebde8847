import { z } from 'zod';
import { LIMITS, MARKETPLACE } from '../config/constants.ts';
import { moneyFromDecimal } from '../money/money.ts';
import { OFFER_PRICE_MAX_MINOR } from '../offers/rules.ts';
import { MESSAGES as M } from './messages.ts';
import { form, requiredString, textArea, uuid } from './shared.ts';

/** Empty messages are never sent: the trimmed text is required. */
export const messageSchema = form({ transactionId: uuid().optional(), content: textArea() });

/** The enquiry form and `POST /api/transactions/enquiries`: the listing asked about and the first message. */
export const enquirySchema = form({ listingId: uuid(), message: textArea() });

/** "25", "25.5" or the Spanish "25,50": a positive amount per hour with at most 2 decimals. */
export const OFFER_AMOUNT_RE = /^\d{1,7}(?:[.,]\d{1,2})?$/;

/** The provider's offer, typed in euros per hour; the output is Money in minor units. */
export const priceOfferSchema = (currency: string = MARKETPLACE.currency) =>
  form({
    offer: requiredString()
      .regex(OFFER_AMOUNT_RE, { error: M.offerAmountInvalid, abort: true })
      .transform((text) => moneyFromDecimal(text.replace(',', '.'), currency))
      .refine((price) => price.amount > 0 && price.amount <= OFFER_PRICE_MAX_MINOR, {
        error: M.offerAmountInvalid,
      }),
  });

const rating = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: M.required })
    .int({ error: M.ratingInvalid })
    .min(LIMITS.ratingMin, { error: M.ratingInvalid })
    .max(LIMITS.ratingMax, { error: M.ratingInvalid }),
);

export const reviewSchema = form({ rating, content: textArea() });

/** `POST /api/transactions/:id/messages`: the text, trimmed, required, at most 5000 characters. */
export const sendMessageSchema = form({ content: textArea() });

/** `GET /api/transactions/:id/messages?page=N`: page 1 holds the newest messages. */
export const messagePageQuerySchema = form({
  page: z.coerce
    .number({ error: M.numberInvalid })
    .int({ error: M.numberInvalid })
    .min(1, { error: M.numberInvalid })
    .max(100_000, { error: M.numberInvalid })
    .default(1),
});
