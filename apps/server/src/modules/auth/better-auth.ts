import { randomBytes, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { createEmailVerificationToken } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import type { Executor } from '../../db/executor.ts';
import { accountRepository } from '../account/repository.ts';
import { CLIENT_IP_HEADER } from './headers.ts';
import { identityStore } from './identity-repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** How the app sends the emails better-auth asks for; implemented with the outbox. */
/** Who an email goes to: the address, and what the template needs to greet them in their language. */
export interface AuthEmailRecipient {
  userId: string;
  email: string;
  firstName: string;
  locale: string;
}

export interface AuthEmails {
  verifyEmail(input: AuthEmailRecipient & { token: string; isNewAddress: boolean }): Promise<void>;
  resetPassword(input: AuthEmailRecipient & { token: string }): Promise<void>;
  /** To the current (old) address: a change to `newEmail` was asked for at `at`. */
  emailChangeRequested(input: AuthEmailRecipient & { newEmail: string; at: Date }): Promise<void>;
  passwordChanged(input: AuthEmailRecipient & { how: 'settings' | 'reset'; at: Date }): Promise<void>;
}

/**
 * better-auth's session cookie: `__Host-` (Secure, Path=/, no Domain) when the site is served over
 * HTTPS, a plain name on http://localhost where browsers refuse Secure cookies.
 */
export function sessionCookieName(config: Pick<AppConfig, 'publicUrl'>): string {
  return config.publicUrl.startsWith('https://') ? '__Host-hora.session_token' : 'hora.session_token';
}

const SESSION_DAYS = 30;
/** A session lives 30 days from its last extension. */
export const SESSION_SECONDS = SESSION_DAYS * 24 * 3600;
/** A session used a day after its last extension is extended again. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;
const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Eight characters without look-alikes (0/O, 1/I): easy to read out and type. */
export function newReferralCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((byte) => REFERRAL_ALPHABET[byte % REFERRAL_ALPHABET.length]).join('');
}

/**
 * better-auth does identity: users, passwords (argon2id), sessions, email verification, password
 * reset, email change and Google/Facebook sign-in. Hora's own API wraps it (captcha, referral codes,
 * error codes, rate limits); only the OAuth redirect endpoints are reachable directly.
 */
export function createAuth(options: {
  config: AppConfig;
  db: Executor;
  emails: AuthEmails;
  logger?: Logger;
  /** After a reset through the emailed link, besides the notice: e.g. lift the guessing locks. */
  onPasswordReset?: (userId: string) => Promise<void>;
  clock: Clock;
}) {
  const { config, db, emails, logger, onPasswordReset, clock } = options;
  const people = accountRepository(db);
  const secure = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: config.marketplace.name,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.auth.secret,
    trustedOrigins: [config.publicUrl],
    telemetry: { enabled: false },
    // better-auth's own messages go to the app's log (JSON lines), not to the console.
    logger: {
      disabled: !logger,
      log: (level, message, ...args) =>
        logger?.[level === 'debug' ? 'debug' : level]({ args }, `better-auth: ${message}`),
    },
    // Hora's own per-IP and per-account limits apply (apps/server/src/http/rate-limit.ts).
    rateLimit: { enabled: false },
    database: identityStore(db),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true },
        lastName: { type: 'string', required: true },
        locale: { type: 'string', required: false, defaultValue: 'es' },
        referralCode: { type: 'string', required: false, input: false },
        pendingEmail: { type: 'string', required: false, input: false },
        profileConfirmedAt: { type: 'date', required: false, input: false },
        banned: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
      changeEmail: { enabled: true },
    },
    session: {
      expiresIn: SESSION_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      additionalFields: { impersonatedBy: { type: 'string', required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 256,
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      sendResetPassword: async ({ user, token }) => {
        // better-auth hands over the whole row, Hora's columns included; its type only names its own.
        const person = user as typeof user & { firstName?: string; locale?: string };
        await emails.resetPassword({
          userId: user.id,
          email: user.email,
          firstName: person.firstName ?? '',
          locale: person.locale ?? 'es',
          token,
        });
      },
      onPasswordReset: async ({ user }) => {
        const person = user as typeof user & { firstName?: string; locale?: string };
        await onPasswordReset?.(user.id);
        await emails.passwordChanged({
          userId: user.id,
          email: user.email,
          firstName: person.firstName ?? '',
          locale: person.locale ?? 'es',
          how: 'reset',
          at: clock.now(),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, token }) => {
        // For a change of address better-auth passes the new one: the stored row tells them apart.
        const stored = await people.findUserById(user.id);
        await emails.verifyEmail({
          userId: user.id,
          email: user.email,
          firstName: stored?.firstName ?? '',
          locale: stored?.locale ?? 'es',
          token,
          isNewAddress: stored !== undefined && stored.email.toLowerCase() !== user.email.toLowerCase(),
        });
      },
    },
    databaseHooks: {
      // No session for a banned or deleted person, whatever the way in (password, Google, Facebook,
      // a verification link): log-in tells a banned person why (decision 0046).
      session: {
        create: {
          before: async (session) => {
            // A person being signed up may not be visible outside better-auth's transaction yet.
            const person = await people.findUserById(session.userId);
            return person && (person.banned || person.deletedAt !== null) ? false : { data: session };
          },
        },
      },
      user: {
        create: {
          // Every person gets a referral code to share, and better-auth's `name` is "first last".
          before: async (user) => ({
            data: {
              ...user,
              name: String(user.name || `${user.firstName ?? ''} ${user.lastName ?? ''}`).trim(),
              referralCode: newReferralCode(),
            },
          }),
        },
      },
    },
    account: { accountLinking: { enabled: true, trustedProviders: ['google', 'facebook'] } },
    advanced: {
      database: { generateId: () => randomUUID() },
      useSecureCookies: false,
      cookies: {
        session_token: {
          name: sessionCookieName(config),
          attributes: { secure, sameSite: 'lax', httpOnly: true },
        },
      },
      defaultCookieAttributes: { secure, sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      genericOAuth({
        config: config.auth.providers.map((provider) => ({
          providerId: provider.id,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          discoveryUrl: provider.discoveryUrl,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
          mapProfileToUser: (profile) => {
            const given = typeof profile.given_name === 'string' ? profile.given_name : undefined;
            const family = typeof profile.family_name === 'string' ? profile.family_name : undefined;
            const [first, ...rest] = String(profile.name ?? '').split(' ');
            return { firstName: given ?? first ?? '', lastName: family ?? rest.join(' ') };
          },
        })),
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * The token of the link that moves an account from `currentEmail` to `newEmail` once opened: the one
 * better-auth's `changeEmail` would email, made here without writing anything, so that the caller
 * writes the email, and the rest of its change, in one transaction. `/api/auth/verify-email` checks it.
 */
export async function emailChangeToken(auth: Auth, currentEmail: string, newEmail: string): Promise<string> {
  const context = await auth.$context;
  return createEmailVerificationToken(
    context.secret,
    currentEmail,
    newEmail,
    context.options.emailVerification?.expiresIn,
    { requestType: 'change-email-verification' },
  );
}
