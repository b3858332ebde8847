import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-listings';

/**
 * The listing wizard: its own texts, the category names, the form checks' messages and the
 * location tab's place search and map (`places`).
 */
export const handle = {
  messages: ['listings', 'categories', 'validation', 'places'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
