import type { EmailParts } from './layout.ts';
import { renderHtmlLayout, renderTextLayout } from './layout.ts';
import { type EmailLocale, type EmailTranslate, emailTranslator } from './messages.ts';

/** The data each template needs; `url` is the absolute link the email's button opens. */
export interface EmailTemplateData {
  /** Confirm the address after sign-up or a resend. */
  'verify-email': { firstName: string; url: string };
  /** Choose a new password; the link expires in 1 hour. */
  'reset-password': { firstName: string; url: string };
  /** Confirm an address the person changed to. */
  'verify-new-email': { firstName: string; url: string; newEmail: string };
  /**
   * To the old address when a change of email is asked for; the new one masked (`maskEmail`), `url`
   * leads to password recovery in case it was not them.
   */
  'email-change-requested': { firstName: string; url: string; maskedNewEmail: string; at: Date };
  /** After the password changed in the settings or by a reset link; `url` as above. */
  'password-changed': { firstName: string; url: string; how: 'settings' | 'reset'; at: Date };
  /** To the host at confirm-payment: `url` opens the sale; the customer's first message, if any. */
  'transaction-new-request': TransactionEmailData & { customerName: string; message: string | null };
  /** To the customer: the host accepted (`url` opens the order, as in the ones below). */
  'transaction-accepted': TransactionEmailData;
  /** To the customer: the host declined; the authorisation is released. */
  'transaction-declined': TransactionEmailData;
  /** To the customer: the host did not answer in time. */
  'transaction-expired': TransactionEmailData;
  /** To the customer: the payment was not completed within the 15 minutes. */
  'transaction-payment-expired': TransactionEmailData;
  /** To the customer: the marketplace canceled an accepted booking, with a refund. */
  'transaction-canceled': TransactionEmailData;
  /** To both at the booking's end. */
  'transaction-completed': TransactionEmailData & { role: 'customer' | 'provider' };
  /** To the customer at confirm-payment: what was authorised, line by line. */
  'transaction-receipt': TransactionEmailData & { lines: readonly ReceiptLine[]; total: string };
  /** To the other party of a conversation: a new message (at most one such email in 10 minutes). */
  'transaction-new-message': TransactionEmailData & { senderName: string; message: string };
}

/** What every transaction email names: the listing and the booked time in the listing's zone. */
export interface TransactionEmailData {
  firstName: string;
  url: string;
  listingTitle: string;
  /** Already formatted in the recipient's language and the listing's time zone, zone named. */
  bookingDates: string;
}

/** A line of the receipt, amounts already formatted. */
export interface ReceiptLine {
  kind: 'units' | 'customer-commission' | 'referral-discount' | 'other';
  quantity: string;
  unitPrice: string;
  amount: string;
}

export type EmailTemplate = keyof EmailTemplateData;

export const EMAIL_TEMPLATES = [
  'verify-email',
  'reset-password',
  'verify-new-email',
  'email-change-requested',
  'password-changed',
  'transaction-new-request',
  'transaction-accepted',
  'transaction-declined',
  'transaction-expired',
  'transaction-payment-expired',
  'transaction-canceled',
  'transaction-completed',
  'transaction-receipt',
  'transaction-new-message',
] as const satisfies readonly EmailTemplate[];

/**
 * A template with its data. Generic rather than a union of pairs, so a caller may choose the template
 * at run time (`isNew ? 'verify-new-email' : 'verify-email'`) and pass data that fits both.
 */
export interface EmailContent<T extends EmailTemplate = EmailTemplate> {
  template: T;
  data: EmailTemplateData[T];
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** Renders one email in the recipient's language: subject, HTML and plain text from the same words. */
export function renderEmail<T extends EmailTemplate>(
  content: EmailContent<T>,
  options: { locale: EmailLocale; marketplaceName: string },
): RenderedEmail {
  const t = emailTranslator(options.locale);
  const { lines, ...primitives } = content.data as EmailTemplateData[EmailTemplate] & {
    lines?: readonly ReceiptLine[];
  };
  const values = { ...primitives, marketplace: options.marketplaceName };
  const template: EmailTemplate = content.template;
  const parts = {
    locale: options.locale,
    marketplaceName: options.marketplaceName,
    subject: t(`${template}.subject`, values),
    greeting: t('layout.greeting', values),
    intro: t(`${template}.intro`, values),
    action: { label: t(`${template}.action`, values), url: content.data.url },
    linkHelp: t('layout.linkHelp', values),
    outro: t(`${template}.outro`, values),
    footer: t('layout.footer', values),
    ...transactionExtras(content, t, values, lines),
  };
  return { subject: parts.subject, html: renderHtmlLayout(parts), text: renderTextLayout(parts) };
}

/** The booking, the customer's message and the receipt's lines: the parts only transaction emails have. */
function transactionExtras(
  content: EmailContent,
  t: EmailTranslate,
  values: Record<string, string | number | boolean | Date | null | undefined>,
  lines: readonly ReceiptLine[] | undefined,
): Pick<EmailParts, 'details' | 'quote'> {
  if (!content.template.startsWith('transaction-')) return {};
  const data = content.data as TransactionEmailData & { message?: string | null; total?: string };
  const details = [
    { label: t('transaction.listing', values), value: data.listingTitle },
    { label: t('transaction.booking', values), value: data.bookingDates },
    ...(lines ?? []).map((line) => ({
      label: t(`transaction-receipt.line.${line.kind}`, { ...line }),
      value: line.amount,
    })),
    ...(data.total === undefined
      ? []
      : [{ label: t('transaction-receipt.total', values), value: data.total }]),
  ];
  const message = data.message?.trim();
  const quoteLabel =
    content.template === 'transaction-new-message'
      ? 'transaction-new-message.message'
      : 'transaction-new-request.message';
  return {
    details,
    ...(message ? { quote: { label: t(quoteLabel, values), text: message } } : {}),
  };
}
