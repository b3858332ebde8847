import { plainMessageText } from '@hora/core/offers';
import { pathByRouteName } from '@hora/core/search';
import type { SmsSendError } from '../../adapters/sms/index.ts';
import { withTransaction } from '../../db/executor.ts';
import { displayName } from '../account/views.ts';
import { emailTranslator, enqueueEmailOnce, resolveEmailLocale } from '../email/index.ts';
import { formatAmount, formatBooking } from './format.ts';
import { claimMessageNotification } from './message-repository.ts';
import { findRecipients, insertSmsOnce, type Recipient, recordSmsOutcome } from './repository.ts';
import type { NotificationDependencies } from './service.ts';

/** At most one email (and SMS) per conversation and recipient in this time (decision 0041). */
export const MESSAGE_NOTIFICATION_INTERVAL_MS = 10 * 60_000;

/** Queued with every message (`transactions.notify` with a `messageId`). */
export interface MessageNotifyJob {
  transactionId: string;
  messageId: string;
}

export function isMessageNotifyJob(data: object): data is MessageNotifyJob {
  return typeof (data as { messageId?: unknown }).messageId === 'string';
}

/** Outbox rows of one message to one person: a retried job writes nothing twice. */
export function messageNotificationKey(messageId: string, recipientId: string): string {
  return `message:${messageId}:${recipientId}`;
}

/**
 * Tells the other party of a conversation about a new message: an email with a link to their order
 * or sale page, and the spec's "a new message is waiting" SMS when they have a phone number, unless
 * they were told about this conversation less than 10 minutes ago (the page has every message).
 * Deleted accounts get nothing. A failed SMS is logged, never retried by a throw.
 */
export async function notifyMessage(deps: NotificationDependencies, job: MessageNotifyJob): Promise<void> {
  const [facts, message] = await Promise.all([
    deps.facts.find(job.transactionId),
    deps.facts.message(job.transactionId, job.messageId),
  ]);
  if (!facts || !message) {
    deps.logger.warn({ ...job }, 'Message notification for an unknown message skipped');
    return;
  }
  const toCustomer = message.senderId !== facts.customerId;
  const recipientId = toCustomer ? facts.customerId : facts.providerId;
  const people = await findRecipients(deps.db, [message.senderId, recipientId]);
  const sender = people.get(message.senderId);
  const recipient = people.get(recipientId);
  if (!sender || !recipient || recipient.deleted) return;

  const now = deps.clock.now();
  const locale = resolveEmailLocale(recipient.locale);
  const t = emailTranslator(locale);
  const page = toCustomer ? 'OrderDetailsPage' : 'SaleDetailsPage';
  const data = {
    firstName: recipient.firstName,
    url: `${deps.publicUrl}${pathByRouteName(page, { id: facts.id })}`,
    listingTitle: facts.listing.title || t('transaction.deletedListing', {}),
    bookingDates: formatBooking(facts.booking, facts.listing.timeZone, locale),
    senderName: displayName(sender),
    // A price offer or answer is said in words (decision 0042); a typed text never reads as one.
    message: message.offer
      ? t(`transaction-new-message.offer.${message.offer.kind}`, {
          price: formatAmount(message.offer.price, locale),
        })
      : plainMessageText(message.content),
  };
  const key = messageNotificationKey(message.id, recipient.id);
  const told = await withTransaction(deps.db, async (tx) => {
    const turn = await claimMessageNotification(tx, {
      transactionId: facts.id,
      recipientId: recipient.id,
      messageId: message.id,
      at: now,
      notBefore: new Date(now.getTime() - MESSAGE_NOTIFICATION_INTERVAL_MS),
    });
    if (!turn) return false;
    await enqueueEmailOnce(tx, {
      template: 'transaction-new-message',
      data,
      to: recipient.email,
      userId: recipient.id,
      locale: recipient.locale,
      marketplaceName: deps.marketplaceName,
      createdAt: now,
      dedupeKey: key,
    });
    return true;
  });
  if (told && recipient.phoneNumber) {
    const body = t('sms.new-message', { ...data, marketplace: deps.marketplaceName });
    await sendSmsOnce(deps, recipient, recipient.phoneNumber, { key, body, now, transactionId: facts.id });
  }
}

async function sendSmsOnce(
  deps: NotificationDependencies,
  recipient: Recipient,
  phoneNumber: string,
  sms: { key: string; body: string; now: Date; transactionId: string },
): Promise<void> {
  const row = await insertSmsOnce(deps.db, {
    dedupeKey: sms.key,
    toNumber: phoneNumber,
    body: sms.body,
    userId: recipient.id,
    createdAt: sms.now,
  });
  // Sent (or kept, or given up) by an earlier run: nothing more to do.
  if (row.status !== 'pending') return;
  try {
    const receipt = await deps.sms.send({ to: row.toNumber, body: row.body });
    await recordSmsOutcome(
      deps.db,
      row.id,
      deps.sms.kind === 'outbox' ? { status: 'kept' } : { status: 'sent', providerId: receipt.providerId },
    );
  } catch (error) {
    deps.logger.error(
      { err: error, smsId: row.id, transactionId: sms.transactionId },
      'New message SMS not sent',
    );
    const { message, detail } = error as SmsSendError;
    await recordSmsOutcome(deps.db, row.id, {
      status: 'failed',
      lastError: detail ? `${message}: ${detail}` : message,
    });
  }
}
