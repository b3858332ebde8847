import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Proof-of-work challenges already redeemed: each ALTCHA challenge is usable once. */
export const captchaRedemptions = pgTable(
  'captcha_redemptions',
  {
    /** The challenge's signature, unique per challenge. */
    signature: text('signature').primaryKey(),
    /** When the challenge itself expires; older rows can be deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('captcha_redemptions_expires_idx').on(table.expiresAt)],
);
