import { z } from 'zod';

/** The square avatar variants a page shows, by name; null when the person has no picture. */
export const avatarVariantsSchema = z.object({
  'square-xsmall': z.string(),
  'square-xsmall2x': z.string(),
  'square-small': z.string(),
  'square-small2x': z.string(),
});
export type AvatarVariants = z.infer<typeof avatarVariantsSchema>;

/** The signed-in person as `GET /api/session` (and the account answers) describe them. */
export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  emailVerified: z.boolean(),
  pendingEmail: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  abbreviatedName: z.string(),
  bio: z.string().nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  locale: z.string(),
  referralCode: z.string(),
  avatar: avatarVariantsSchema.nullable(),
  profileConfirmed: z.boolean(),
  hasListings: z.boolean(),
  hasOrders: z.boolean(),
  stripeConnected: z.boolean(),
  /** Sales waiting for this person's accept or decline: the inbox dot and count (issue 12). */
  salesAwaiting: z.number().int(),
  scopes: z.array(z.string()),
  createdAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
