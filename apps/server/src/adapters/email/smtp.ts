import { createTransport } from 'nodemailer';
import type { EmailMessage, EmailTransport } from './transport.ts';

/**
 * nodemailer waits up to 10 minutes on a silent socket by default. The dispatcher holds a row lock
 * while it sends, so a stuck server must fail fast and leave the retry to the backoff instead.
 * Values given in the URL's query string (e.g. `?socketTimeout=60000`) still win.
 */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends through the SMTP server of `smtpUrl` (smtp:// upgrades with STARTTLS when offered, smtps://
 * is TLS from the start). nodemailer rejects when the one recipient is refused, which the dispatcher
 * turns into a retry.
 */
export function createSmtpTransport(smtpUrl: string): EmailTransport {
  const transporter = createTransport({ ...TIMEOUTS, url: smtpUrl });
  return {
    async send(message: EmailMessage) {
      await transporter.sendMail(message);
    },
  };
}
