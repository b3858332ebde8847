import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';
import type { Scope, Viewer } from '../../http/viewer.ts';
import type { Auth } from './better-auth.ts';
import { SESSION_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './better-auth.ts';
import { toHeaders } from './headers.ts';
import { sessionRepository } from './session-repository.ts';

/** What a session read gives: better-auth's answer, or the fast read's row. */
interface ResolvedSession {
  session: { id: string; impersonatedBy?: string | null };
  user: {
    id: string;
    email: string;
    emailVerified: boolean;
    firstName: string;
    lastName: string;
    locale?: string | null;
    banned?: boolean | null;
  };
}

/** Signed cookie values `fastSessionReader` remembers as checked. */
const VERIFIED_KEPT = 10_000;

/**
 * The session of a request in one indexed read (the session joined with its person, a prepared
 * statement) instead of better-auth's `getSession` (signed-cookie check through WebCrypto, the
 * session, then the person: two statements and its endpoint machinery on every signed-in request,
 * decision 0052). It answers only the common case the way better-auth would: a correctly signed
 * cookie of a live session that needs no refresh. Everything else — no such session (null, as
 * better-auth answers), an expired one (better-auth deletes it), one due for its daily extension
 * (better-auth writes the new expiry, and leaves a "don't remember me" session alone) — is `undefined`:
 * the caller asks better-auth, so those rules stay better-auth's own.
 */
export function fastSessionReader(options: { db: Executor; secret: string; clock: Clock }) {
  const { secret, clock } = options;
  const repository = sessionRepository(options.db);

  // Cookie values whose signature was checked, with their token: an HMAC per request was 1.7 % of a
  // booking's CPU. Only genuine values are kept (a forged one costs its check each time), at most
  // VERIFIED_KEPT of them; a revoked session's token still finds no row.
  const verified = new Map<string, string>();

  /** The token of a cookie value `token.signature` (better-call's signed cookie), or null when forged. */
  function verifiedToken(value: string): string | null {
    const known = verified.get(value);
    if (known !== undefined) return known;
    const token = signedToken(value);
    if (token !== null) {
      if (verified.size >= VERIFIED_KEPT) verified.clear();
      verified.set(value, token);
    }
    return token;
  }

  function signedToken(value: string): string | null {
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    if (signature.length !== 44 || !signature.endsWith('=')) return null;
    const expected = createHmac('sha256', secret).update(token).digest();
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }

  return {
    /** The session behind a cookie value: null when there is none, undefined when better-auth must decide. */
    async resolve(cookieValue: string): Promise<ResolvedSession | null | undefined> {
      const token = verifiedToken(cookieValue);
      if (token === null) return null;
      const row = await repository.withUser(token);
      if (!row) return null;
      const now = clock.now().getTime();
      const expiresAt = row.expiresAt.getTime();
      // Expired (better-auth deletes it), or due for the daily extension (better-auth writes it).
      if (expiresAt < now) return undefined;
      if (expiresAt - SESSION_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now) return undefined;
      return {
        session: { id: row.id, impersonatedBy: row.impersonatedBy },
        user: {
          id: row.userId,
          email: row.email,
          emailVerified: row.emailVerified,
          firstName: row.firstName,
          lastName: row.lastName,
          locale: row.locale,
          banned: row.banned,
        },
      };
    },
  };
}

export type FastSessionReader = ReturnType<typeof fastSessionReader>;

/**
 * Resolves the session cookie into `request.viewer` before any route runs, pages included. A
 * session started by an operator acting as the user carries only the `user:limited` scope. An API
 * call a page's loader makes in-process (`request.internalCall`) takes its page request's viewer.
 * With `fast`, the common case is one read (see `fastSessionReader`); better-auth decides the rest.
 */
export function registerSessionResolution(
  app: FastifyInstance,
  options: { auth: Auth; cookieName: string; fast?: FastSessionReader },
): void {
  const { auth, cookieName, fast } = options;
  const slow = (request: FastifyRequest) =>
    auth.api.getSession({ headers: toHeaders(request.headers, request.ip) });
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    // A page's loader calling the API in-process: its page request resolved the session already.
    if (request.internalCall) {
      request.viewer = request.internalCall.viewer;
      return;
    }
    if (!(request.headers.cookie ?? '').includes(cookieName)) return;
    const value = fast ? request.cookies?.[cookieName] : undefined;
    const quick = value === undefined || fast === undefined ? undefined : await fast.resolve(value);
    const session: ResolvedSession | null = quick === undefined ? await slow(request) : quick;
    if (!session) return;
    const { user } = session;
    const scopes: Scope[] = session.session.impersonatedBy ? ['user:limited'] : ['user'];
    const viewer: Viewer = {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: user.locale ?? 'es',
      banned: user.banned === true,
      scopes,
      sessionId: session.session.id,
    };
    // A banned person keeps no working session.
    request.viewer = viewer.banned ? null : viewer;
  });
}
