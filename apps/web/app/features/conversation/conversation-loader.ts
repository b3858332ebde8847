import type { MessageView } from '@hora/core/transactions';
import type { WebContext } from '../../context.ts';
import { requireViewer } from '../routing/access.ts';
import { fetchMessagePage } from './conversation-api.ts';

/** `?messages=N`: how many pages of the conversation the page shows ("load older messages" adds one). */
export const MESSAGE_PAGES_PARAM = 'messages';
/** 20 pages of 100: beyond that a conversation is read in its newest 2000 messages. */
export const MAX_MESSAGE_PAGES = 20;

export interface ConversationData {
  /** Oldest first; null when they could not be loaded (messageLoadingFailed). */
  messages: MessageView[] | null;
  /** More pages exist before the first loaded message. */
  hasOlder: boolean;
  /** Pages shown now (the next "load older" link asks for one more). */
  pages: number;
}

export function messagePagesOf(url: URL): number {
  const value = Number(url.searchParams.get(MESSAGE_PAGES_PARAM));
  return Number.isInteger(value) && value >= 1 ? Math.min(value, MAX_MESSAGE_PAGES) : 1;
}

/**
 * The conversation of the order or sale page: its newest `pages` pages, asked for at once. A failed
 * answer is a state of the page (the transaction still shows), not an error page; the API's 404 for
 * someone who is not a party is the transaction loader's to answer.
 */
export async function loadConversation(
  request: Request,
  transactionId: string | undefined,
  context: Pick<WebContext, 'api' | 'viewer'>,
): Promise<ConversationData> {
  requireViewer(request, context);
  const pages = messagePagesOf(new URL(request.url));
  if (!transactionId) return { messages: null, hasOlder: false, pages };
  try {
    const results = await Promise.all(
      Array.from({ length: pages }, (_, i) => fetchMessagePage(context.api, transactionId, i + 1)),
    );
    if (results.some((result) => result.status !== 200)) return { messages: null, hasOlder: false, pages };
    const totalPages = results[0]?.data.meta.totalPages ?? 0;
    // Page N is older than page N-1: the oldest page first, each already oldest first.
    const messages = results.toReversed().flatMap((result) => result.data.data);
    return { messages, hasOlder: totalPages > pages, pages };
  } catch {
    return { messages: null, hasOlder: false, pages };
  }
}
