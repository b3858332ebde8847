import { COOKIE_CONSENT, LIMITS } from '../config/constants.ts';
import type { DateKey } from '../time/calendar.ts';

export type Reminder = 'EMAIL_VERIFICATION' | 'STRIPE_ACCOUNT';

/** Pages where the missing-information reminder never shows. */
export const REMINDER_HIDDEN_ON = [
  'LoginPage',
  'SignupPage',
  'ContactDetailsPage',
  'EmailVerificationPage',
  'PasswordResetPage',
  'StripePayoutPage',
  'StripePayoutOnboardingPage',
  // Beyond the spec: the sandbox's stand-in for the provider's hosted onboarding, where the host is
  // completing the very details the reminder asks for.
  'SandboxOnboardingPage',
] as const;

export interface ReminderContext {
  emailVerified: boolean;
  stripeConnected: boolean;
  hasListings: boolean;
  hasOrders: boolean;
  routeName: string;
}

/**
 * Email first (hosts and customers with an unverified email), then the payout account (hosts
 * with no connected account); nothing on the pages where the user is fixing it.
 */
export function missingInformationReminder(context: ReminderContext): Reminder | null {
  if ((REMINDER_HIDDEN_ON as readonly string[]).includes(context.routeName)) return null;
  if (!context.emailVerified && (context.hasListings || context.hasOrders)) return 'EMAIL_VERIFICATION';
  if (context.hasListings && !context.stripeConnected) return 'STRIPE_ACCOUNT';
  return null;
}

/** Only the user:limited scope: show the limited-access banner (except on search). */
export function showLimitedAccessBanner(scopes: readonly string[], routeName: string): boolean {
  return scopes.length === 1 && scopes[0] === 'user:limited' && routeName !== 'SearchPage';
}

export type UserDisplay =
  | { kind: 'banned' | 'deleted'; linkToProfile: false }
  | { kind: 'active'; name: string; linkToProfile: true };

/** Banned and deleted users show a placeholder name (translated by the app) and no link. */
export function userDisplay(user: {
  banned?: boolean;
  deleted?: boolean;
  displayName?: string | null;
}): UserDisplay {
  if (user.banned) return { kind: 'banned', linkToProfile: false };
  if (user.deleted) return { kind: 'deleted', linkToProfile: false };
  return { kind: 'active', name: user.displayName ?? '', linkToProfile: true };
}

/** A card is expired when it expires before the current month. */
export function isCardExpired(
  card: { expirationMonth: number; expirationYear: number },
  today: DateKey,
): boolean {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return card.expirationYear < year || (card.expirationYear === year && card.expirationMonth < month);
}

export type PaymentMethodAction = 'create-customer' | 'replace' | 'add';

/** Saving a card: no customer yet → create one; a default card exists → replace it; else add. */
export function paymentMethodAction(state: {
  hasCustomer: boolean;
  hasDefaultPaymentMethod: boolean;
}): PaymentMethodAction {
  if (!state.hasCustomer) return 'create-customer';
  return state.hasDefaultPaymentMethod ? 'replace' : 'add';
}

/** The cookie-consent cookie lasts 10 years from acceptance. */
export function cookieConsentExpiresAt(acceptedAt: Date, years: number = COOKIE_CONSENT.years): Date {
  const expires = new Date(acceptedAt.getTime());
  expires.setUTCFullYear(expires.getUTCFullYear() + years);
  return expires;
}

/** At most 5 verification emails in any 24 hours (the spec's "per day"). */
export function isVerificationEmailAllowed(
  sentAt: readonly Date[],
  now: Date,
  max: number = LIMITS.verificationEmailsPerDay,
): boolean {
  const since = now.getTime() - 86_400_000;
  return sentAt.filter((at) => at.getTime() > since && at.getTime() <= now.getTime()).length < max;
}
