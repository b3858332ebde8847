/** The signed-in person as `GET /api/session` describes them (apps/server/src/modules/account/views.ts). */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  pendingEmail: string | null;
  firstName: string;
  lastName: string;
  displayName: string;
  abbreviatedName: string;
  bio: string | null;
  instagram: string | null;
  tiktok: string | null;
  phoneNumber: string | null;
  locale: string;
  referralCode: string;
  avatar: AvatarVariants | null;
  profileConfirmed: boolean;
  hasListings: boolean;
  hasOrders: boolean;
  stripeConnected: boolean;
  scopes: string[];
  createdAt: string;
}

export interface AvatarVariants {
  'square-xsmall': string;
  'square-xsmall2x': string;
  'square-small': string;
  'square-small2x': string;
}

/** Spec part 1 §2: a session whose only scope is `user:limited` (an operator acting as the user). */
export function hasLimitedAccess(user: Pick<SessionUser, 'scopes'> | null): boolean {
  return user !== null && user.scopes.length === 1 && user.scopes[0] === 'user:limited';
}
