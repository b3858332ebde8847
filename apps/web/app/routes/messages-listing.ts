import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-listing';

/** A listing's page and its variant page: the listing's texts, the category names, the map's, the heart's and
 * the booking form's price breakdown, the enquiry form's. */
export const handle = {
  messages: ['listing', 'categories', 'places', 'favourites', 'breakdown', 'enquiry'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
