import { shouldRevalidateMessages } from '../features/routing/revalidation.ts';
import { messagesFor, requestLocale } from '../i18n/catalogue.server.ts';
import type { MessagesHandle } from '../i18n/route-messages.ts';
import type { Route } from './+types/messages-account-deletion';

/** Deleting one's own account (issue 12), inside account settings. */
export const handle = { messages: ['accountDeletion'] } satisfies MessagesHandle;

export function loader({ request }: Route.LoaderArgs) {
  return { messages: messagesFor(requestLocale(request), handle.messages) };
}

export const shouldRevalidate = shouldRevalidateMessages;
