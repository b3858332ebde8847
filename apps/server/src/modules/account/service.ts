import { AppError } from '@hora/core/errors';
import { isAPIError } from 'better-auth/api';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { Auth, AuthEmails } from '../auth/better-auth.ts';
import type { PasswordGuard } from '../auth/password-guard.ts';
import { assertPasswordAllowed, type RequestContext } from '../auth/service.ts';
import { currentPasswordCheck } from './current-password.ts';
import { emailChangeRules } from './email-change.ts';
import type { AccountRepository } from './repository.ts';
import { privateUserView, publicUserView } from './views.ts';

/** Use cases of account settings and profiles (spec part 1 §2 account settings, part 2 §5.2). */
export function accountService(deps: {
  auth: Auth;
  accounts: AccountRepository;
  passwordGuard: PasswordGuard;
  limiter: RateLimiter;
  emails: Pick<AuthEmails, 'emailChangeRequested' | 'passwordChanged'>;
}) {
  const { auth, accounts, emails } = deps;
  const assertCurrentPassword = currentPasswordCheck(deps);
  const emailChange = emailChangeRules({ ...deps, assertCurrentPassword });

  async function currentUser(viewer: Viewer) {
    const user = await accounts.findUserById(viewer.id);
    if (!user) throw new AppError('unauthorized');
    return user;
  }

  return {
    async me(viewer: Viewer) {
      return privateUserView(await currentUser(viewer), viewer.scopes);
    },

    async publicProfile(id: string) {
      const user = await accounts.findUserById(id);
      if (!user) throw new AppError('not-found', { title: 'User not found' });
      return publicUserView(user);
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
      const emailChanges = email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanges) {
        await assertCurrentPassword(user.id, input.currentPassword, context);
        await emailChange.assertAvailable(user, email, context);
      }
      let updated = await accounts.updateUser(user.id, { phoneNumber: input.phoneNumber ?? null });
      if (emailChanges) updated = await emailChange.start(user, email, context);
      return privateUserView(updated, viewer.scopes);
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
      return privateUserView(updated, viewer.scopes);
    },

    /**
     * Google/Facebook sign-up, second step: the person confirms (or corrects) their details. A
     * different email needs the current password, except right after the provider created the
     * account; nothing is saved when the change is refused.
     */
    async confirmSignup(
      viewer: Viewer,
      input: { email: string; firstName: string; lastName: string; currentPassword?: string | undefined },
      context: RequestContext,
    ) {
      const user = await currentUser(viewer);
      const email = input.email.trim();
      const emailChanges = email.toLowerCase() !== user.email.toLowerCase();
      if (emailChanges) {
        await emailChange.assertConfirmStepMayChange(user, viewer, input.currentPassword, context);
        await emailChange.assertAvailable(user, email, context);
      }
      let updated = await accounts.updateUser(user.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        profileConfirmedAt: context.now,
        termsAcceptedAt: context.now,
      });
      if (emailChanges) updated = await emailChange.start(updated, email, context);
      return privateUserView(updated, viewer.scopes);
    },
  };
}

export type AccountService = ReturnType<typeof accountService>;
