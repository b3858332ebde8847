import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { altchaHmacKey, createAltchaChallenge, createCaptcha } from '../src/adapters/captcha/index.ts';
import { buildApp } from '../src/app.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { resolveSecrets } from '../src/secrets.ts';
import { browser, cookieOf, ORIGIN, signUp } from './accounts.ts';
import { fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

/**
 * The constant every server signed with before secrets were generated: public, since it was in
 * the source. Kept here only to prove it opens nothing any more.
 */
const OLD_PUBLIC_SECRET = 'hora-development-secret-not-for-production-use';

const { db } = await createTestDatabase();
const scratch = mkdtempSync(path.join(tmpdir(), 'hora-signing-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The app as `npm start` builds it on a fresh clone: development, no AUTH_SECRET, a data folder. */
async function startLikeNpmStart(dataDir: string) {
  const config = resolveSecrets(
    loadConfig({ NODE_ENV: 'development', PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
  );
  const app = await buildApp(config, { db, captcha: fakeCaptcha });
  afterAll(() => app.close());
  return { app, config };
}

/** What better-auth emails to confirm a change of address: an HS256 JWT signed with the secret. */
function changeEmailToken(secret: string, email: string, updateTo: string): Promise<string> {
  return new SignJWT({ email, updateTo, requestType: 'change-email-verification' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

describe('a server started without AUTH_SECRET', () => {
  it('refuses an email-change token forged with the old public constant: no session, no change', async () => {
    const { app, config } = await startLikeNpmStart(path.join(scratch, 'fresh-clone'));
    expect(config.auth.secret).not.toBe(OLD_PUBLIC_SECRET);
    const victim = await signUp(app);
    const verify = async (token: string) =>
      app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: browser(), payload: { token } });

    const forged = await verify(
      await changeEmailToken(OLD_PUBLIC_SECRET, victim.email, 'attacker@evil.example'),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0]).toMatchObject({
      code: 'validation-invalid-value',
      meta: { field: 'token', reason: 'invalid-token' },
    });
    expect(forged.headers['set-cookie']).toBeUndefined();
    const [row] = await db.select().from(users).where(eq(users.id, victim.id));
    expect(row?.email).toBe(victim.email);

    // The same token signed with this server's own secret does take the account: the secret, and
    // nothing else in the request, is what stopped the forgery above.
    const other = await signUp(app);
    const signed = await verify(await changeEmailToken(config.auth.secret, other.email, 'moved@example.com'));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(cookieOf(signed)).toMatch(/^hora\.session_token=/);
  });

  it('refuses a captcha challenge minted with a key derived from the old public constant', async () => {
    const { config } = await startLikeNpmStart(path.join(scratch, 'captcha'));
    const { verifier } = createCaptcha(config, db, { clock: systemClock });
    const solved = async (hmacKey: string) => {
      // An attacker mints the easiest possible challenge and solves it at once.
      const challenge = await createAltchaChallenge({ hmacKey, maxNumber: 10, clock: systemClock });
      const solution = await solveChallenge(challenge.challenge, challenge.salt, 'SHA-256', 10).promise;
      const { algorithm, challenge: hash, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: hash, number: solution?.number, salt, signature }),
      ).toString('base64');
    };
    expect(await verifier.verify(await solved(altchaHmacKey(OLD_PUBLIC_SECRET)))).toBe(false);
    expect(await verifier.verify(await solved(altchaHmacKey(config.auth.secret)))).toBe(true);
  });

  it('keeps sessions across a restart on the same data folder', async () => {
    const dataDir = path.join(scratch, 'restarted');
    const before = await startLikeNpmStart(dataDir);
    const person = await signUp(before.app);
    const session = (app: typeof before.app) =>
      app.inject({ method: 'GET', url: '/api/session', headers: { cookie: person.cookie } });
    expect((await session(before.app)).json().user?.id).toBe(person.id);

    const after = await startLikeNpmStart(dataDir);
    expect((await session(after.app)).json().user?.id).toBe(person.id);
    // Another data folder has another secret: the same cookie means nothing there.
    const elsewhere = await startLikeNpmStart(path.join(scratch, 'elsewhere'));
    expect((await session(elsewhere.app)).json().user).toBeNull();
  });
});
