import type { AppConfig } from '../../config.ts';
import { createSmtpTransport } from './smtp.ts';
import type { EmailTransport } from './transport.ts';

export { createSmtpTransport } from './smtp.ts';
export type { EmailMessage, EmailTransport } from './transport.ts';

/**
 * SMTP when SMTP_URL is set. `undefined` is the built-in default: emails stay in the outbox table,
 * readable on the development mailbox, so a fresh clone works offline.
 */
export function createEmailTransport(config: Pick<AppConfig, 'email'>): EmailTransport | undefined {
  return config.email.smtpUrl ? createSmtpTransport(config.email.smtpUrl) : undefined;
}
