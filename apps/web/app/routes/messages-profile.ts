import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-profile';

/** A person's public profile: a page for everyone, without the texts of the settings forms. */
export const handle = {
  messages: ['account', 'reviews', 'hostListings', 'listingCard'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
