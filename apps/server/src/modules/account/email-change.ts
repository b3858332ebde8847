import { AppError } from '@hora/core/errors';
import { AUTH_RATE_LIMITS, clientKey, type RateLimiter } from '../../http/rate-limit.ts';
import type { Viewer } from '../../http/viewer.ts';
import type { Auth, AuthEmails } from '../auth/better-auth.ts';
import type { RequestContext } from '../auth/service.ts';
import type { AssertCurrentPassword } from './current-password.ts';
import type { AccountRepository, UserRow } from './repository.ts';

/** How long after an external sign-up its confirm step may still change the email without a password. */
export const CONFIRM_STEP_EMAIL_CHANGE_SECONDS = 30 * 60;
/** A session started this close to the account's creation is the one the sign-up itself started. */
const SIGNUP_SESSION_SKEW_SECONDS = 60;

/**
 * Every way an account's email changes goes through here (contact details, the confirm step of an
 * external sign-up): who may ask, how often, and who is told.
 */
export function emailChangeRules(deps: {
  auth: Auth;
  accounts: AccountRepository;
  limiter: RateLimiter;
  emails: Pick<AuthEmails, 'emailChangeRequested'>;
  assertCurrentPassword: AssertCurrentPassword;
}) {
  const { auth, accounts, limiter, emails, assertCurrentPassword } = deps;

  /**
   * The provider created the account moments ago in this very session, and its details are not
   * confirmed yet: the person is still choosing their address, they have no password to give.
   */
  async function isFreshExternalSignup(user: UserRow, viewer: Viewer, now: Date): Promise<boolean> {
    if (user.profileConfirmedAt) return false;
    const methods = await accounts.signInMethods(user.id);
    if (methods.includes('credential') || methods.length === 0) return false;
    const session = await accounts.findSession(viewer.sessionId);
    if (!session || session.userId !== user.id || session.impersonatedBy) return false;
    const sessionAge = now.getTime() - session.createdAt.getTime();
    const sinceSignup = session.createdAt.getTime() - user.createdAt.getTime();
    return (
      sessionAge >= 0 &&
      sessionAge <= CONFIRM_STEP_EMAIL_CHANGE_SECONDS * 1000 &&
      Math.abs(sinceSignup) <= SIGNUP_SESSION_SKEW_SECONDS * 1000
    );
  }

  return {
    /** The confirm step changes the email of a fresh external sign-up, or with the current password. */
    async assertConfirmStepMayChange(
      user: UserRow,
      viewer: Viewer,
      currentPassword: string | undefined,
      context: RequestContext,
    ): Promise<void> {
      if (await isFreshExternalSignup(user, viewer, context.now)) return;
      if (currentPassword) return assertCurrentPassword(user.id, currentPassword, context);
      throw new AppError('forbidden', {
        title: 'Changing the email needs the current password',
        meta: { field: 'email', reason: 'password-required' },
      });
    },

    /**
     * Limited like a sign-up before anything about the address is said: the answer `email-taken`
     * would otherwise tell anyone with an account which addresses are registered.
     */
    async assertAvailable(user: UserRow, email: string, context: RequestContext): Promise<void> {
      await limiter.hit(AUTH_RATE_LIMITS.emailChangePerIp, clientKey(context.ip));
      await limiter.hit(AUTH_RATE_LIMITS.emailChangePerAccount, user.id);
      const owner = await accounts.findUserByEmail(email);
      if (owner && owner.id !== user.id) throw new AppError('email-taken', { meta: { field: 'email' } });
    },

    /**
     * Emails the link to the new address and a notice to the current one; the account keeps the
     * current address until the link is opened.
     */
    async start(user: UserRow, email: string, context: RequestContext): Promise<UserRow> {
      await auth.api.changeEmail({ body: { newEmail: email }, headers: context.headers });
      const updated = await accounts.updateUser(user.id, { pendingEmail: email.toLowerCase() });
      await emails.emailChangeRequested({
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        locale: user.locale,
        newEmail: email.toLowerCase(),
        at: context.now,
      });
      return updated;
    },
  };
}

export type EmailChangeRules = ReturnType<typeof emailChangeRules>;
