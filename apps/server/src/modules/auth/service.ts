import { AppError } from '@hora/core/errors';
import { isAPIError } from 'better-auth/api';
import type { CaptchaVerifier } from '../../adapters/captcha/index.ts';
import type { Database } from '../../db/client.ts';
import { withTransaction } from '../../db/executor.ts';
import type { Viewer } from '../../http/viewer.ts';
import { accountRepository } from '../account/repository.ts';
import { countRecentEmails, discardUnsentEmails } from '../email/index.ts';
import type { Auth } from './better-auth.ts';
import { accountOfLogin, type PasswordGuard } from './password-guard.ts';
import { isCommonPassword, verifyPassword } from './passwords.ts';

/** Spec part 2 §9: at most 5 verification emails a day. */
export const VERIFICATION_EMAILS_PER_DAY = 5;

export interface RequestContext {
  headers: Headers;
  ip: string;
  now: Date;
}

/** What better-auth answered, plus the cookies it wants set. */
interface WithCookies<T> {
  result: T;
  headers: Headers | undefined;
}

function betterAuthCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

export function assertPasswordAllowed(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('validation-invalid-value', {
      title: 'This password is too common',
      meta: { field: 'password', reason: 'common-password' },
    });
  }
}

/** Use cases of sign-up, log-in and the emails around them (spec part 2 §5.2, §7, §8.2). */
export function authService(deps: {
  auth: Auth;
  db: Database;
  captcha: CaptchaVerifier;
  passwordGuard: PasswordGuard;
}) {
  const { auth, db, captcha, passwordGuard } = deps;
  const accounts = accountRepository(db);

  /**
   * The undo of better-auth's sign-up, which commits on its own: the user goes (sessions and sign-in
   * methods with it) and so do the emails written for them, unsent, so no link reaches anyone.
   */
  async function undoIdentity(userId: string): Promise<void> {
    await withTransaction(db, async (tx) => {
      await discardUnsentEmails(tx, userId);
      await accountRepository(tx).deleteUser(userId);
    });
  }

  return {
    /** Order of spec part 2 §7: captcha, referral code, create the user, save referral data, log in. */
    async signUp(
      input: {
        email: string;
        password: string;
        firstName: string;
        lastName: string;
        referralCode?: string | undefined;
        captcha: string;
        locale: string;
      },
      context: RequestContext,
    ): Promise<WithCookies<{ userId: string }>> {
      if (!(await captcha.verify(input.captcha, context.ip))) {
        throw new AppError('captcha-failed', { title: 'reCAPTCHA verification failed' });
      }
      const referredById = input.referralCode
        ? await accounts.findUserIdByReferralCode(input.referralCode)
        : undefined;
      if (input.referralCode && !referredById) {
        throw new AppError('invalid-referral-code', { title: 'Invalid referral code' });
      }
      assertPasswordAllowed(input.password);
      if (await accounts.findUserByEmail(input.email)) throw new AppError('email-taken');
      // Step 1, better-auth: the user, the password, the verification email and the session.
      const created = await auth.api
        .signUpEmail({
          body: {
            email: input.email.trim(),
            password: input.password,
            name: `${input.firstName} ${input.lastName}`,
            firstName: input.firstName,
            lastName: input.lastName,
            locale: input.locale,
          },
          headers: context.headers,
          returnHeaders: true,
        })
        .catch((error: unknown) => {
          if (betterAuthCode(error)?.startsWith('USER_ALREADY_EXISTS')) throw new AppError('email-taken');
          throw error;
        });
      const userId = created.response.user.id;
      // Step 2, Hora's: referral and terms. If it fails, step 1 is undone: no half-made account.
      try {
        const completed = await accounts.completeSignup(userId, {
          ...(referredById ? { referredById } : {}),
          termsAcceptedAt: context.now,
        });
        if (!completed) throw new Error(`User ${userId} vanished while signing up`);
      } catch (error) {
        await undoIdentity(userId).catch((undoError: unknown) => {
          throw new AggregateError([error, undoError], `Sign-up of user ${userId} failed and was not undone`);
        });
        throw error;
      }
      return { result: { userId }, headers: created.headers };
    },

    /** Only failures count towards the guessing limits; a success forgives this client's. */
    async logIn(
      input: { email: string; password: string },
      context: RequestContext,
    ): Promise<WithCookies<null>> {
      const user = await accounts.findUserByEmail(input.email);
      const attempt = await passwordGuard.check(accountOfLogin(user?.id, input.email), context.ip);
      if (user?.banned) {
        // Told only to whoever knows the password: the ban is nobody else's business (decision 0046).
        const hash = await accounts.passwordHash(user.id);
        if (!hash || !(await verifyPassword(hash, input.password))) {
          throw new AppError('unauthorized', { title: 'Email and password do not match' });
        }
        await attempt.succeeded();
        throw new AppError('user-banned', { title: 'This account is banned' });
      }
      try {
        const { headers } = await auth.api.signInEmail({
          body: { email: input.email.trim(), password: input.password, rememberMe: true },
          headers: context.headers,
          returnHeaders: true,
        });
        await attempt.succeeded();
        return { result: null, headers };
      } catch (error) {
        if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) {
          throw new AppError('unauthorized', { title: 'Email and password do not match' });
        }
        throw error;
      }
    },

    async logOut(context: RequestContext): Promise<WithCookies<null>> {
      const { headers } = await auth.api.signOut({ headers: context.headers, returnHeaders: true });
      return { result: null, headers };
    },

    /** Resend the verification email; at most 5 a day (spec part 2 §8.2). */
    async resendVerification(viewer: Viewer, context: RequestContext): Promise<void> {
      const user = await accounts.findUserById(viewer.id);
      if (!user) throw new AppError('unauthorized');
      const target = user.pendingEmail ?? user.email;
      if (user.emailVerified && !user.pendingEmail) return;
      const since = new Date(context.now.getTime() - 24 * 3600 * 1000);
      const sent = await countRecentEmails(db, {
        userId: viewer.id,
        template: ['verify-email', 'verify-new-email'],
        since,
      });
      if (sent >= VERIFICATION_EMAILS_PER_DAY) {
        throw new AppError('email-too-many-verification-requests', {
          title: 'Too many verification emails: try again tomorrow',
          meta: { maxPerDay: VERIFICATION_EMAILS_PER_DAY },
        });
      }
      if (user.pendingEmail) {
        await auth.api.changeEmail({ body: { newEmail: target }, headers: context.headers });
      } else {
        await auth.api.sendVerificationEmail({ body: { email: target }, headers: context.headers });
      }
    },

    /**
     * Verifies the address of the link's token and, as better-auth does, signs its owner in. Signed
     * in as someone else (`viewer`), the link is refused: opening another account's link, sent by
     * whoever owns it, would otherwise sign the viewer in as that account without a word (a login
     * CSRF; the page that opens links always has a viewer).
     */
    async verifyEmail(
      token: string,
      context: RequestContext,
      viewer?: { email: string },
    ): Promise<WithCookies<{ userId: string }>> {
      if (viewer && tokenEmail(token) !== viewer.email.toLowerCase()) {
        throw new AppError('validation-invalid-value', {
          title: 'The verification link is for another account',
          meta: { field: 'token', reason: 'other-account' },
        });
      }
      try {
        const { headers, response } = await auth.api.verifyEmail({
          query: { token },
          headers: context.headers,
          returnHeaders: true,
        });
        const user = (response && 'user' in response ? response.user : null) as { email: string } | null;
        const verified = user ? await accounts.findUserByEmail(user.email) : undefined;
        if (verified?.pendingEmail && verified.pendingEmail.toLowerCase() === verified.email.toLowerCase()) {
          await accounts.updateUser(verified.id, { pendingEmail: null });
        }
        return { result: { userId: verified?.id ?? '' }, headers };
      } catch (error) {
        if (isAPIError(error)) {
          throw new AppError('validation-invalid-value', {
            title: 'The verification link is invalid or has expired',
            meta: { field: 'token', reason: 'invalid-token' },
          });
        }
        throw error;
      }
    },

    /** Spec part 2 §8.2: an unknown address is reported on the email field. */
    async requestPasswordReset(email: string, context: RequestContext): Promise<void> {
      const user = await accounts.findUserByEmail(email);
      if (!user || user.banned || user.deletedAt) {
        throw new AppError('email-not-found', { meta: { field: 'email' } });
      }
      await auth.api.requestPasswordReset({ body: { email: user.email }, headers: context.headers });
    },

    async resetPassword(input: { token: string; newPassword: string }): Promise<void> {
      assertPasswordAllowed(input.newPassword);
      try {
        await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
      } catch (error) {
        if (isAPIError(error)) {
          throw new AppError('validation-invalid-value', {
            title: 'The reset link is invalid or has expired',
            meta: { field: 'token', reason: 'invalid-token' },
          });
        }
        throw error;
      }
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

/**
 * The address a verification token was made for (better-auth's JWT, its `email` lower-cased; for a
 * change of address the current one, beside `updateTo`), read without checking the signature:
 * only to compare, before better-auth checks it. Undefined for anything else.
 */
function tokenEmail(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const { email } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof email === 'string' ? email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
