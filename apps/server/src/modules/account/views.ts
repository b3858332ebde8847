import type { SessionUser } from '@hora/core/session';
import type { ImageStorage } from '../../adapters/storage/index.ts';
import { avatarVariants } from '../images/index.ts';
import type { SessionFacts } from './session-facts.ts';
import type { AccountUser } from './user.ts';

/** "Lucía G.": how people appear to each other. */
export function displayName(user: Pick<AccountUser, 'firstName' | 'lastName'>): string {
  const initial = user.lastName.trim().charAt(0);
  return initial ? `${user.firstName.trim()} ${initial.toUpperCase()}.` : user.firstName.trim();
}

export function abbreviatedName(user: Pick<AccountUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

/** Makes the avatar's URLs from the key `users.image` holds. */
export type ImageUrls = Pick<ImageStorage, 'url'>;

/** Everything the signed-in person may see about themselves. */
export function privateUserView(
  user: AccountUser,
  scopes: string[],
  facts: SessionFacts,
  images: ImageUrls,
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    pendingEmail: user.pendingEmail,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: displayName(user),
    abbreviatedName: abbreviatedName(user),
    bio: user.bio,
    instagram: user.instagram,
    tiktok: user.tiktok,
    phoneNumber: user.phoneNumber,
    locale: user.locale,
    referralCode: user.referralCode,
    avatar: avatarVariants(user.image, images),
    profileConfirmed: user.profileConfirmedAt !== null,
    // Facts behind the missing-information reminder (spec part 1 §4), from the modules that know them.
    hasListings: facts.hasListings,
    hasOrders: facts.hasOrders,
    stripeConnected: facts.stripeConnected,
    salesAwaiting: facts.salesAwaiting,
    scopes,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What anyone may see; banned and deleted people become placeholders (spec part 1 §3). */
export function publicUserView(user: AccountUser, images: ImageUrls) {
  const hidden = user.banned || user.deletedAt !== null;
  return {
    id: user.id,
    banned: user.banned,
    deleted: user.deletedAt !== null,
    displayName: hidden ? null : displayName(user),
    abbreviatedName: hidden ? null : abbreviatedName(user),
    bio: hidden ? null : user.bio,
    instagram: hidden ? null : user.instagram,
    tiktok: hidden ? null : user.tiktok,
    avatar: hidden ? null : avatarVariants(user.image, images),
    createdAt: user.createdAt.toISOString(),
  };
}
