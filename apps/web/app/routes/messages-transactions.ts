import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-transactions';

/** Order and sale pages: their texts and the booking breakdown's. */
// Issue 12: the conversation's texts, the reviews', the negotiation's, and the booking form's (listing)
// and its price check's (validation) for the booking panel after an enquiry.
export const handle = {
  messages: ['transactions', 'breakdown', 'conversation', 'reviews', 'offers', 'listing', 'validation'],
} satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
