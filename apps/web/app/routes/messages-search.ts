import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-search';

/** The search page: its filters and results, the map, the cards with their hearts, the category names. */
export const handle = {
  messages: ['search', 'searchMap', 'listingCard', 'categories', 'favourites'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
