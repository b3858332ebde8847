import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-listings';

/**
 * The listing wizard's texts: its own, the category names, the form checks' messages, and those
 * of the forms it shows that other features own: the location tab's place search and map
 * (`places`), the photos tab (`photos`) and the publish payout modal (`payouts`).
 */
export const handle = {
  messages: ['listings', 'categories', 'validation', 'places', 'photos', 'payouts'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
