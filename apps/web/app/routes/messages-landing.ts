import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-landing';

/** The landing page's texts, the category names of its tiles and carousel, and its listing cards'. */
export const handle = {
  messages: ['landing', 'categories', 'listingCard', 'favourites'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
