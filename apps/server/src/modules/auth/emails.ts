import { ROUTES } from '@hora/core/search';
import { maskEmail } from '@hora/core/user';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/executor.ts';
import { enqueueEmail } from '../email/index.ts';
import type { AuthEmails } from './better-auth.ts';

/** The account emails, written through an executor: the pool, or the transaction of their change. */
export type AuthEmailsThrough = (executor: Executor) => AuthEmails;

/**
 * The emails better-auth asks for, written to the outbox in the person's language. Links point at
 * the web app's pages, which take the token from `t` (spec part 2 §7: verify email).
 */
export function outboxAuthEmails(config: AppConfig, clock: Clock): AuthEmailsThrough {
  return (db) => authEmails(config, clock, db);
}

function authEmails(config: AppConfig, clock: Clock, db: Executor): AuthEmails {
  const link = (path: string, token: string) => `${config.publicUrl}${path}?t=${encodeURIComponent(token)}`;
  const marketplaceName = config.marketplace.name;
  const recoveryUrl = `${config.publicUrl}${ROUTES.PasswordRecoveryPage.path}`;
  return {
    async verifyEmail({ userId, email, firstName, locale, token, isNewAddress }) {
      const common = { to: email, userId, locale, marketplaceName, createdAt: clock.now() };
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
        createdAt: clock.now(),
        data: { firstName, url: link('/reset-password', token) },
      });
    },
    // The notices below go to whoever reads the account's address, who may not be the person who
    // acted: they say what happened and lead to password recovery, and never show the new address.
    async emailChangeRequested({ userId, email, firstName, locale, newEmail, at }) {
      await enqueueEmail(db, {
        template: 'email-change-requested',
        to: email,
        userId,
        locale,
        marketplaceName,
        createdAt: clock.now(),
        data: { firstName, url: recoveryUrl, maskedNewEmail: maskEmail(newEmail), at },
      });
    },
    async passwordChanged({ userId, email, firstName, locale, how, at }) {
      await enqueueEmail(db, {
        template: 'password-changed',
        to: email,
        userId,
        locale,
        marketplaceName,
        createdAt: clock.now(),
        data: { firstName, url: recoveryUrl, how, at },
      });
    },
  };
}
