import { type Actor, BOOKING_PROCESS, type Role, type TransitionName } from '@hora/core/process';
import type { MessageView, TransitionRecordView } from '@hora/core/transactions';

/**
 * The transitions the feed tells about. The payment request itself is not news to anyone (the page's
 * heading says a payment is pending); what follows it is.
 */
const SHOWN: ReadonlySet<TransitionName> = new Set<TransitionName>([
  'enquire',
  'expire-payment',
  'confirm-payment',
  'accept',
  'decline',
  'expire',
  'cancel',
  'complete',
  'review-1-by-customer',
  'review-1-by-provider',
  'review-2-by-customer',
  'review-2-by-provider',
  'expire-review-period',
  'expire-customer-review-period',
  'expire-provider-review-period',
]);

/** Who did it, from the viewer's side: themselves, the other party, or the marketplace. */
export type Doer = 'you' | 'other' | 'marketplace';

export type FeedItem =
  | { kind: 'message'; key: string; at: string; message: MessageView; own: boolean }
  | { kind: 'transition'; key: string; at: string; transition: TransitionName; doer: Doer };

function doerOf(by: Actor, role: Role): Doer {
  if (by === 'system' || by === 'operator') return 'marketplace';
  return by === role ? 'you' : 'other';
}

/**
 * The activity feed (spec part 1 §2): messages and transitions sorted by time, oldest first. When
 * older messages are not loaded yet, transitions from before the oldest loaded message wait with
 * them, so the feed never shows a stretch of history with its messages missing. At the same moment
 * a transition comes before a message (an enquiry before its first message).
 */
export function activityFeed(input: {
  messages: readonly MessageView[];
  transitions: readonly TransitionRecordView[];
  viewerId: string;
  role: Role;
  hasOlderMessages: boolean;
}): FeedItem[] {
  const oldest = input.messages.reduce<number>(
    (min, m) => Math.min(min, Date.parse(m.createdAt)),
    Number.POSITIVE_INFINITY,
  );
  const transitions = input.transitions.filter(
    (t) => SHOWN.has(t.transition) && !(input.hasOlderMessages && Date.parse(t.createdAt) < oldest),
  );
  const items: FeedItem[] = [
    ...transitions.map(
      (t): FeedItem => ({
        kind: 'transition',
        key: `transition:${t.transition}`,
        at: t.createdAt,
        transition: t.transition,
        doer: doerOf(t.by, input.role),
      }),
    ),
    ...input.messages.map(
      (m): FeedItem => ({
        kind: 'message',
        key: `message:${m.id}`,
        at: m.createdAt,
        message: m,
        own: m.senderId === input.viewerId,
      }),
    ),
  ];
  const rank = (item: FeedItem) => (item.kind === 'transition' ? 0 : 1);
  // A stable sort: messages of one moment keep the API's order.
  return items.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || rank(a) - rank(b));
}

/**
 * The message key of a transition's line: `conversation.transition.<name>.you` or `.other` for the
 * parties' transitions, `conversation.transition.<name>` for the marketplace's (timers, operator).
 */
export function transitionLineKey(transition: TransitionName, doer: Doer): string {
  return doer === 'marketplace'
    ? `conversation.transition.${transition}`
    : `conversation.transition.${transition}.${doer}`;
}

/** Lines the catalogue must have: each shown transition as its process's actors can run it. */
export const TRANSITION_LINE_KEYS: readonly string[] = [...SHOWN].flatMap((name) =>
  (BOOKING_PROCESS.transitions[name].actors as readonly Actor[]).flatMap((actor) =>
    actor === 'customer' || actor === 'provider'
      ? [transitionLineKey(name, 'you'), transitionLineKey(name, 'other')]
      : [transitionLineKey(name, 'marketplace')],
  ),
);
