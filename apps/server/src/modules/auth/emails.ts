import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { enqueueEmail } from '../email/index.ts';
import type { AuthEmails } from './better-auth.ts';

/**
 * The emails better-auth asks for, written to the outbox in the person's language. Links point at
 * the web app's pages, which take the token from `t` (spec part 2 §7: verify email).
 */
export function outboxAuthEmails(config: AppConfig, db: Database): AuthEmails {
  const link = (path: string, token: string) => `${config.publicUrl}${path}?t=${encodeURIComponent(token)}`;
  const marketplaceName = config.marketplace.name;
  return {
    async verifyEmail({ userId, email, firstName, locale, token, isNewAddress }) {
      const common = { to: email, userId, locale, marketplaceName };
      const url = link('/verify-email', token);
      if (isNewAddress) {
        await enqueueEmail(db, {
          ...common,
          template: 'verify-new-email',
          data: { firstName, url, newEmail: email },
        });
      } else {
        await enqueueEmail(db, { ...common, template: 'verify-email', data: { firstName, url } });
      }
    },
    async resetPassword({ userId, email, firstName, locale, token }) {
      await enqueueEmail(db, {
        template: 'reset-password',
        to: email,
        userId,
        locale,
        marketplaceName,
        data: { firstName, url: link('/reset-password', token) },
      });
    },
  };
}
