import { renderHtmlLayout, renderTextLayout } from './layout.ts';
import { type EmailLocale, emailTranslator } from './messages.ts';

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
}

export type EmailTemplate = keyof EmailTemplateData;

export const EMAIL_TEMPLATES = [
  'verify-email',
  'reset-password',
  'verify-new-email',
  'email-change-requested',
  'password-changed',
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
  const values = { ...content.data, marketplace: options.marketplaceName };
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
  };
  return { subject: parts.subject, html: renderHtmlLayout(parts), text: renderTextLayout(parts) };
}
