/** A person's account as the account use cases see it, whatever the storage. */
export interface AccountUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** URL of the avatar's largest square variant; the others sit beside it. */
  image: string | null;
  firstName: string;
  lastName: string;
  bio: string | null;
  instagram: string | null;
  tiktok: string | null;
  phoneNumber: string | null;
  /** Language of the emails this person receives. */
  locale: string;
  referralCode: string;
  referredById: string | null;
  /** A new address waiting for its verification link. */
  pendingEmail: string | null;
  profileConfirmedAt: Date | null;
  termsAcceptedAt: Date | null;
  banned: boolean;
  deletedAt: Date | null;
  createdAt: Date;
}

/** What account settings may change on an account. */
export type AccountChanges = Partial<
  Pick<
    AccountUser,
    | 'firstName'
    | 'lastName'
    | 'bio'
    | 'instagram'
    | 'tiktok'
    | 'phoneNumber'
    | 'pendingEmail'
    | 'profileConfirmedAt'
    | 'termsAcceptedAt'
    | 'email'
    | 'emailVerified'
    | 'locale'
  >
>;

/** A session as the email-change rules need it. */
export interface AccountSession {
  userId: string;
  createdAt: Date;
  impersonatedBy: string | null;
}
