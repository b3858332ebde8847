import type { SessionUser } from '@hora/core/session';
import { avatarVariants } from '../images/index.ts';
import type { AccountUser } from './user.ts';

/** "Lucía G.": how people appear to each other. */
export function displayName(user: Pick<AccountUser, 'firstName' | 'lastName'>): string {
  const initial = user.lastName.trim().charAt(0);
  return initial ? `${user.firstName.trim()} ${initial.toUpperCase()}.` : user.firstName.trim();
}

export function abbreviatedName(user: Pick<AccountUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

/** Facts about the person that other modules own. */
export interface SessionFacts {
  /** Their newest listing exists and is not closed (core `hasListings`). */
  hasListings: boolean;
}

/** Everything the signed-in person may see about themselves. */
export function privateUserView(user: AccountUser, scopes: string[], facts: SessionFacts): SessionUser {
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
    avatar: avatarVariants(user.image),
    profileConfirmed: user.profileConfirmedAt !== null,
    // Facts behind the missing-information reminder (spec part 1 §4). Orders and payout accounts do
    // not exist in the data model yet, so nobody has any; their modules will supply them.
    hasListings: facts.hasListings,
    hasOrders: false,
    stripeConnected: false,
    scopes,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What anyone may see; banned and deleted people become placeholders (spec part 1 §3). */
export function publicUserView(user: AccountUser) {
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
    avatar: hidden ? null : avatarVariants(user.image),
    createdAt: user.createdAt.toISOString(),
  };
}
