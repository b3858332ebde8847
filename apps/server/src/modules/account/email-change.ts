import { AppError } from '@hora/core/errors';
import type { Executor } from '../../db/executor.ts';
import { AUTH_RATE_LIMITS, clientKey, type RateLimiter } from '../../http/rate-limit.ts';
import type { Viewer } from '../../http/viewer.ts';
import { type Auth, emailChangeToken } from '../auth/better-auth.ts';
import type { AuthEmailsThrough } from '../auth/emails.ts';
import type { RequestContext } from '../auth/service.ts';
import type { AssertCurrentPassword } from './current-password.ts';
import { type AccountRepository, accountRepository } from './repository.ts';
import type { AccountUser } from './user.ts';

/** How long after an external sign-up its confirm step may still change the email without a password. */
export const CONFIRM_STEP_EMAIL_CHANGE_SECONDS = 30 * 60;
/** A session started this close to the account's creation is the one the sign-up itself started. */
const SIGNUP_SESSION_SKEW_SECONDS = 60;

/** A change of address that passed every check, with its link's token: only writes are left. */
export interface AllowedEmailChange {
  newEmail: string;
  token: string;
}

/**
 * Every way an account's email changes goes through here (contact details, the confirm step of an
 * external sign-up): who may ask, how often, and who is told. A change is allowed first (checks and
 * the link's token, nothing written), then recorded in the caller's transaction with the rest of
 * the request's changes, so that a refused or failed change leaves nothing half saved.
 */
export function emailChangeRules(deps: {
  auth: Auth;
  accounts: AccountRepository;
  limiter: RateLimiter;
  emails: AuthEmailsThrough;
  assertCurrentPassword: AssertCurrentPassword;
}) {
  const { auth, accounts, limiter, emails, assertCurrentPassword } = deps;

  /**
   * The provider created the account moments ago in this very session, and its details are not
   * confirmed yet: the person is still choosing their address, they have no password to give.
   */
  async function isFreshExternalSignup(user: AccountUser, viewer: Viewer, now: Date): Promise<boolean> {
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

  /**
   * Limited like a sign-up before anything about the address is said: the answer `email-taken`
   * would otherwise tell anyone with an account which addresses are registered.
   */
  async function assertAvailable(user: AccountUser, email: string, context: RequestContext): Promise<void> {
    await limiter.hit(AUTH_RATE_LIMITS.emailChangePerIp, clientKey(context.ip));
    await limiter.hit(AUTH_RATE_LIMITS.emailChangePerAccount, user.id);
    const owner = await accounts.findUserByEmail(email);
    if (owner && owner.id !== user.id) throw new AppError('email-taken', { meta: { field: 'email' } });
  }

  async function allowed(user: AccountUser, email: string): Promise<AllowedEmailChange> {
    const newEmail = email.toLowerCase();
    return { newEmail, token: await emailChangeToken(auth, user.email, newEmail) };
  }

  return {
    /** Contact details: a new address needs the current password, and must be free. */
    async allowChange(
      user: AccountUser,
      email: string,
      currentPassword: string | undefined,
      context: RequestContext,
    ): Promise<AllowedEmailChange> {
      await assertCurrentPassword(user.id, currentPassword, context);
      await assertAvailable(user, email, context);
      return allowed(user, email);
    },

    /**
     * The confirm step: a fresh external sign-up may correct its address without a password; anyone
     * else gives the current password. The address must be free either way.
     */
    async allowConfirmStepChange(
      user: AccountUser,
      viewer: Viewer,
      email: string,
      currentPassword: string | undefined,
      context: RequestContext,
    ): Promise<AllowedEmailChange> {
      if (!(await isFreshExternalSignup(user, viewer, context.now))) {
        if (!currentPassword) {
          throw new AppError('forbidden', {
            title: 'Changing the email needs the current password',
            meta: { field: 'email', reason: 'password-required' },
          });
        }
        await assertCurrentPassword(user.id, currentPassword, context);
      }
      await assertAvailable(user, email, context);
      return allowed(user, email);
    },

    /**
     * Through the caller's transaction: the address becomes `pendingEmail`, the link goes to it and a
     * notice to the current one. The account keeps its current address until the link is opened.
     */
    async record(
      tx: Executor,
      user: AccountUser,
      change: AllowedEmailChange,
      context: RequestContext,
    ): Promise<AccountUser> {
      const updated = await accountRepository(tx).updateUser(user.id, { pendingEmail: change.newEmail });
      const recipient = { userId: user.id, firstName: user.firstName, locale: user.locale };
      const outbox = emails(tx);
      await outbox.verifyEmail({
        ...recipient,
        email: change.newEmail,
        token: change.token,
        isNewAddress: true,
      });
      await outbox.emailChangeRequested({
        ...recipient,
        email: user.email,
        newEmail: change.newEmail,
        at: context.now,
      });
      return updated;
    },
  };
}

export type EmailChangeRules = ReturnType<typeof emailChangeRules>;
