import { matchRoute } from '@hora/core/search';
import type { SessionUser } from '@hora/core/session';
import { missingInformationReminder, type Reminder } from '@hora/core/user';

/** Key of sessionStorage under which closed reminders are remembered until the browser tab closes. */
export const SEEN_STORAGE_KEY = 'hora.reminders.seen';

/**
 * Which reminder a page shows (spec part 1 §4): the core rule decides from the person's facts and
 * the route; a reminder the person closed (seen) stays closed for the rest of the visit.
 */
export function reminderToShow(
  viewer: Pick<SessionUser, 'emailVerified' | 'stripeConnected' | 'hasListings' | 'hasOrders'> | null,
  pathname: string,
  seen: ReadonlySet<Reminder>,
): Reminder | null {
  if (!viewer) return null;
  const reminder = missingInformationReminder({
    emailVerified: viewer.emailVerified,
    stripeConnected: viewer.stripeConnected,
    hasListings: viewer.hasListings,
    hasOrders: viewer.hasOrders,
    routeName: matchRoute(pathname)?.name ?? 'NotFoundPage',
  });
  return reminder && !seen.has(reminder) ? reminder : null;
}

export function parseSeen(stored: string | null): Set<Reminder> {
  try {
    const values: unknown = JSON.parse(stored ?? '[]');
    return new Set(
      Array.isArray(values)
        ? values.filter(
            (value): value is Reminder => value === 'EMAIL_VERIFICATION' || value === 'STRIPE_ACCOUNT',
          )
        : [],
    );
  } catch {
    return new Set();
  }
}
