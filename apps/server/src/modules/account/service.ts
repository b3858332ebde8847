import { AppError } from '@hora/core/errors';
import { isAPIError } from 'better-auth/api';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { Auth } from '../auth/better-auth.ts';
import type { AuthEmailsThrough } from '../auth/emails.ts';
import type { PasswordGuard } from '../auth/password-guard.ts';
import { assertPasswordAllowed, type RequestContext } from '../auth/service.ts';
import { currentPasswordCheck } from './current-password.ts';
import { emailChangeRules } from './email-change.ts';
import { accountRepository } from './repository.ts';
import { type SessionFactSource, sessionFactsOf } from './session-facts.ts';
import type { AccountUser } from './user.ts';
import { type ImageUrls, privateUserView, publicUserView } from './views.ts';

/**
 * Use cases of account settings and profiles (spec part 1 §2 account settings, part 2 §5.2). A
 * request that changes several things checks all of them first, then writes them in one
 * transaction: a refusal or a failure leaves the account as it was.
 */
export function accountService(deps: {
  db: Database;
  auth: Auth;
  passwordGuard: PasswordGuard;
  limiter: RateLimiter;
  emails: AuthEmailsThrough;
  /** The image storage: `users.image` holds a key, and views need URLs. */
  images: ImageUrls;
  /** What other modules know of a person (a payout account, listings), for the session user. */
  sessionFacts?: readonly SessionFactSource[];
}) {
  const { db, auth, images } = deps;
  const accounts = accountRepository(db);
  const emails = deps.emails(db);
  const assertCurrentPassword = currentPasswordCheck({ accounts, passwordGuard: deps.passwordGuard });
  const emailChange = emailChangeRules({ ...deps, accounts, assertCurrentPassword });

  async function sessionUser(user: AccountUser, viewer: Viewer) {
    const facts = await sessionFactsOf(user.id, deps.sessionFacts ?? []);
    return privateUserView(user, viewer.scopes, facts, images);
  }

  async function currentUser(viewer: Viewer) {
    const user = await accounts.findUserById(viewer.id);
    if (!user) throw new AppError('unauthorized');
    return user;
  }

  return {
    async me(viewer: Viewer) {
      return sessionUser(await currentUser(viewer), viewer);
    },

    async publicProfile(id: string) {
      const user = await accounts.findUserById(id);
      if (!user) throw new AppError('not-found', { title: 'User not found' });
      return publicUserView(user, images);
    },

    /**
     * Phone changes at once; a new email needs the current password and is only used once the
     * person opens the link sent to it (until then it is `pendingEmail`).
     */
    async updateContactDetails(
      viewer: Viewer,
      input: { email: string; phoneNumber?: string | undefined; currentPassword?: string | undefined },
      context: RequestContext,
    ) {
      const user = await currentUser(viewer);
      const email = input.email.trim();
      const change =
        email.toLowerCase() === user.email.toLowerCase()
          ? undefined
          : await emailChange.allowChange(user, email, input.currentPassword, context);
      const updated = await withTransaction(db, async (tx) => {
        const saved = await accountRepository(tx).updateUser(user.id, {
          phoneNumber: input.phoneNumber ?? null,
        });
        return change ? emailChange.record(tx, saved, change, context) : saved;
      });
      return sessionUser(updated, viewer);
    },

    async changePassword(
      viewer: Viewer,
      input: { currentPassword: string; newPassword: string },
      context: RequestContext,
    ) {
      const user = await currentUser(viewer);
      await assertCurrentPassword(user.id, input.currentPassword, context);
      assertPasswordAllowed(input.newPassword);
      let headers: Headers | undefined;
      try {
        ({ headers } = await auth.api.changePassword({
          body: {
            currentPassword: input.currentPassword,
            newPassword: input.newPassword,
            revokeOtherSessions: true,
          },
          headers: context.headers,
          returnHeaders: true,
        }));
      } catch (error) {
        if (isAPIError(error) && error.statusCode === 400) {
          throw new AppError('wrong-password', { meta: { field: 'currentPassword' } });
        }
        throw error;
      }
      await emails.passwordChanged({
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        locale: user.locale,
        how: 'settings',
        at: context.now,
      });
      return headers;
    },

    async updateProfile(
      viewer: Viewer,
      input: {
        firstName: string;
        lastName: string;
        bio?: string | undefined;
        instagram?: string | undefined;
        tiktok?: string | undefined;
      },
    ) {
      const updated = await accounts.updateUser(viewer.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        bio: input.bio ?? null,
        instagram: input.instagram ?? null,
        tiktok: input.tiktok ?? null,
      });
      return sessionUser(updated, viewer);
    },

    /**
     * Google/Facebook sign-up, second step: the person confirms (or corrects) their details. A
     * different email needs the current password, except right after the provider created the
     * account; nothing is saved when the change is refused or fails.
     */
    async confirmSignup(
      viewer: Viewer,
      input: { email: string; firstName: string; lastName: string; currentPassword?: string | undefined },
      context: RequestContext,
    ) {
      const user = await currentUser(viewer);
      const email = input.email.trim();
      const change =
        email.toLowerCase() === user.email.toLowerCase()
          ? undefined
          : await emailChange.allowConfirmStepChange(user, viewer, email, input.currentPassword, context);
      const updated = await withTransaction(db, async (tx) => {
        const saved = await accountRepository(tx).updateUser(user.id, {
          firstName: input.firstName,
          lastName: input.lastName,
          profileConfirmedAt: context.now,
          termsAcceptedAt: context.now,
        });
        return change ? emailChange.record(tx, saved, change, context) : saved;
      });
      return sessionUser(updated, viewer);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
