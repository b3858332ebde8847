import { pathByRouteName } from '@hora/core/search';
import { userDisplay } from '@hora/core/user';
import type { Logger } from 'pino';
import type { SmsSendError, SmsSender } from '../../adapters/sms/index.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import { displayName } from '../account/views.ts';
import {
  type EmailLocale,
  type EmailTemplateData,
  type EnqueueEmailInput,
  emailTranslator,
  enqueueEmailOnce,
  resolveEmailLocale,
} from '../email/index.ts';
import type { TransactionFacts, TransactionNotificationFacts } from './facts.ts';
import { formatAmount, formatBooking, receiptLines } from './format.ts';
import { type Audience, notificationKey, notificationPlan } from './plan.ts';
import { findRecipients, insertSmsOnce, type Recipient, recordSmsOutcome } from './repository.ts';

/** Queued by the transactions engine, in the transaction of every transition it records. */
export const TRANSACTION_NOTIFY_JOB = 'transactions.notify';
export interface TransactionNotifyJob {
  transactionId: string;
  transition: string;
}

export interface NotificationDependencies {
  db: Database;
  clock: Clock;
  facts: TransactionNotificationFacts;
  sms: SmsSender;
  /** Links in emails and SMS open `publicUrl` + the order or sale page. */
  publicUrl: string;
  marketplaceName: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** A party's name in a message: core's placeholder rule for banned and deleted people. */
export function partyName(person: Recipient, locale: EmailLocale): string {
  const display = userDisplay({
    banned: person.banned,
    deleted: person.deleted,
    displayName: displayName(person),
  });
  if (display.kind === 'active') return display.name;
  return emailTranslator(locale)(display.kind === 'banned' ? 'user.banned' : 'user.deleted', {});
}

/** The customer opens their order, the host their sale. */
function pageUrl(publicUrl: string, transactionId: string, audience: Audience): string {
  const page = audience === 'customer' ? 'OrderDetailsPage' : 'SaleDetailsPage';
  return `${publicUrl}${pathByRouteName(page, { id: transactionId })}`;
}

interface Context {
  deps: NotificationDependencies;
  facts: TransactionFacts;
  customer: Recipient;
}

function commonData(context: Context, recipient: Recipient, audience: Audience, locale: EmailLocale) {
  const t = emailTranslator(locale);
  return {
    firstName: recipient.firstName,
    url: pageUrl(context.deps.publicUrl, context.facts.id, audience),
    listingTitle: context.facts.listing.title || t('transaction.deletedListing', {}),
    bookingDates: formatBooking(context.facts.booking, context.facts.listing.timeZone, locale),
  };
}

/** The data of one template for one recipient, in their language. */
function emailData(
  template: keyof EmailTemplateData,
  context: Context,
  recipient: Recipient,
  audience: Audience,
): EmailTemplateData[keyof EmailTemplateData] {
  const locale = resolveEmailLocale(recipient.locale);
  const common = commonData(context, recipient, audience, locale);
  switch (template) {
    case 'transaction-new-request':
      return {
        ...common,
        customerName: partyName(context.customer, locale),
        message: context.facts.firstMessage,
      };
    case 'transaction-completed':
      return { ...common, role: audience };
    case 'transaction-receipt': {
      const { lineItems, payinTotal } = context.facts;
      return {
        ...common,
        lines: receiptLines(lineItems, locale),
        total: payinTotal ? formatAmount(payinTotal, locale) : '—',
      };
    }
    default:
      return common;
  }
}

/**
 * Writes the emails (and the host's SMS) of one transition, each at most once: the outbox rows are
 * keyed by (transaction, transition, recipient), so a retried job finds them written and adds
 * nothing. Deleted accounts get nothing. A failed SMS is logged, never retried by a throw.
 */
export async function notifyTransition(
  deps: NotificationDependencies,
  job: TransactionNotifyJob,
): Promise<void> {
  const plan = notificationPlan(job.transition);
  if (plan.emails.length === 0 && !plan.smsToProvider) return;
  const facts = await deps.facts.find(job.transactionId);
  if (!facts) {
    deps.logger.warn({ transactionId: job.transactionId }, 'Notification for an unknown transaction skipped');
    return;
  }
  const recipients = await findRecipients(deps.db, [facts.customerId, facts.providerId]);
  const customer = recipients.get(facts.customerId);
  const provider = recipients.get(facts.providerId);
  if (!customer || !provider) {
    deps.logger.warn(
      { transactionId: facts.id },
      'Notification skipped: a party of the transaction is missing',
    );
    return;
  }
  const context: Context = { deps, facts, customer };
  const people: Record<Audience, Recipient> = { customer, provider };
  const now = deps.clock.now();

  await withTransaction(deps.db, async (tx) => {
    for (const { template, to } of plan.emails) {
      const recipient = people[to];
      if (recipient.deleted) continue;
      const input: EnqueueEmailInput & { dedupeKey: string } = {
        template,
        data: emailData(template, context, recipient, to),
        to: recipient.email,
        userId: recipient.id,
        locale: recipient.locale,
        marketplaceName: deps.marketplaceName,
        createdAt: now,
        dedupeKey: notificationKey(facts.id, job.transition, recipient.id),
      };
      await enqueueEmailOnce(tx, input);
    }
  });

  if (plan.smsToProvider && provider.phoneNumber && !provider.deleted) {
    await sendNewOrderSms(context, provider, provider.phoneNumber, job.transition, now);
  }
}

async function sendNewOrderSms(
  context: Context,
  provider: Recipient,
  phoneNumber: string,
  transition: string,
  now: Date,
): Promise<void> {
  const { deps, facts } = context;
  const locale = resolveEmailLocale(provider.locale);
  const common = commonData(context, provider, 'provider', locale);
  const body = emailTranslator(locale)('sms.new-order', {
    ...common,
    customerName: partyName(context.customer, locale),
    marketplace: deps.marketplaceName,
  });
  const sms = await insertSmsOnce(deps.db, {
    dedupeKey: notificationKey(facts.id, transition, provider.id),
    toNumber: phoneNumber,
    body,
    userId: provider.id,
    createdAt: now,
  });
  // Sent (or kept, or given up) by an earlier run: nothing more to do.
  if (sms.status !== 'pending') return;
  try {
    const receipt = await deps.sms.send({ to: sms.toNumber, body: sms.body });
    await recordSmsOutcome(
      deps.db,
      sms.id,
      deps.sms.kind === 'outbox' ? { status: 'kept' } : { status: 'sent', providerId: receipt.providerId },
    );
  } catch (error) {
    deps.logger.error({ err: error, smsId: sms.id, transactionId: facts.id }, 'New order SMS not sent');
    const { message, detail } = error as SmsSendError;
    await recordSmsOutcome(deps.db, sms.id, {
      status: 'failed',
      lastError: detail ? `${message}: ${detail}` : message,
    });
  }
}
