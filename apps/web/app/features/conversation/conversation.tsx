import { plainMessageText } from '@hora/core/offers';
import type { TransactionView } from '@hora/core/transactions';
import { messagingAllowed } from '@hora/core/transactions';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/ui/link.tsx';
import { useI18n } from '../../i18n/i18n.tsx';
import { OfferCard } from '../negotiation/negotiation-section.tsx';
import { usePartyName } from '../transactions/party.tsx';
import { activityFeed, type FeedItem, transitionLineKey } from './activity-feed.ts';
import { type ConversationData, MESSAGE_PAGES_PARAM } from './conversation-loader.ts';
import { MessageForm } from './message-form.tsx';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

function formatTime(iso: string, locale: string, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
    });
    timeFormats.set(key, format);
  }
  return format.format(new Date(iso));
}

function olderHref(location: { pathname: string; search: string }, pages: number): string {
  const params = new URLSearchParams(location.search);
  params.set(MESSAGE_PAGES_PARAM, String(pages + 1));
  return `${location.pathname}?${params}`;
}

/**
 * The transaction panel's conversation (spec part 1 §2): the activity feed of messages and
 * transitions by time, older messages a page of 100 at a time, and the send-message form unless
 * either party is banned or deleted ("sending message not allowed"). A deleted listing's
 * conversation goes on, and says so. Price offers and answers (issue 12) are cards of the feed in
 * their place, from the messages' structured `offer`, never from their text; the customer answers
 * the open one (`answerableOfferId`) from its card. `controls` (the negotiation's offer form) sit
 * with the send-message form.
 */
export function Conversation(props: {
  transaction: TransactionView;
  conversation: ConversationData;
  answerableOfferId?: string | null;
  controls?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const location = useLocation();
  const partyName = usePartyName();
  const { transaction, conversation } = props;
  const other = transaction.role === 'customer' ? transaction.provider : transaction.customer;
  const viewerId = transaction.role === 'customer' ? transaction.customer.id : transaction.provider.id;
  const otherName = partyName(other);
  const listingTitle = transaction.listing.deleted
    ? t('transactions.listing.deleted')
    : transaction.listing.title;
  const zone = transaction.listing.timeZone;
  const items =
    conversation.messages === null
      ? []
      : activityFeed({
          messages: conversation.messages,
          transitions: transaction.transitions,
          viewerId,
          role: transaction.role,
          hasOlderMessages: conversation.hasOlder,
        });

  const line = (item: Extract<FeedItem, { kind: 'transition' }>) =>
    t(transitionLineKey(item.transition, item.doer), { otherName, listingTitle });

  return (
    <section id="conversation" className="conversation" aria-labelledby="conversation-title">
      <h2 id="conversation-title" className="conversation__title">
        {t('conversation.title')}
      </h2>
      {transaction.listing.deleted ? (
        <p className="alert alert--info">{t('conversation.deletedListing')}</p>
      ) : null}
      {conversation.messages === null ? (
        <p className="alert alert--error" role="alert">
          {t('conversation.errors.messageLoadingFailed')}
        </p>
      ) : null}
      {conversation.hasOlder ? (
        <Link
          className="conversation__older button button--secondary"
          to={olderHref(location, conversation.pages)}
          preventScrollReset
        >
          {t('conversation.loadOlder')}
        </Link>
      ) : null}
      {items.length > 0 ? (
        <ol className="conversation__feed" data-testid="activity-feed">
          {items.map((item) =>
            item.kind === 'message' && item.message.offer ? (
              <OfferCard
                key={item.key}
                offer={{
                  ...item.message.offer,
                  id: item.message.id,
                  senderId: item.message.senderId,
                  createdAt: item.at,
                }}
                role={transaction.role}
                answerable={item.message.id === props.answerableOfferId}
                timeZone={zone}
              />
            ) : item.kind === 'transition' ? (
              <li key={item.key} className="feed-transition">
                <p>{line(item)}</p>
                <time dateTime={item.at}>{formatTime(item.at, locale, zone)}</time>
              </li>
            ) : (
              <li
                key={item.key}
                className={item.own ? 'feed-message feed-message--own' : 'feed-message'}
                data-testid="feed-message"
              >
                <p className="feed-message__meta">
                  <span className="feed-message__sender">{item.own ? t('conversation.you') : otherName}</span>{' '}
                  <time dateTime={item.at}>{formatTime(item.at, locale, zone)}</time>
                </p>
                <p className="feed-message__content">{plainMessageText(item.message.content)}</p>
              </li>
            ),
          )}
        </ol>
      ) : conversation.messages !== null ? (
        <p className="conversation__empty">{t('conversation.empty')}</p>
      ) : null}
      {messagingAllowed(transaction) ? (
        <MessageForm recipientName={otherName} />
      ) : (
        <p className="transaction-notice conversation__not-allowed" data-testid="sending-not-allowed">
          {t('conversation.sendingNotAllowed')}
        </p>
      )}
      {props.controls}
    </section>
  );
}
