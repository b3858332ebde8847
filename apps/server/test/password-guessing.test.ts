import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { RateLimiter } from '../src/http/rate-limit.ts';
import { PASSWORD_GUESS_LIMITS, PasswordGuard } from '../src/modules/auth/password-guard.ts';
import { browser, errorCode, resetPasswordByEmail, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;
/** The clock of the guessing limits; tests move it forward to let windows pass. */
let now = Date.now();
const clock: Clock = { now: () => new Date(now) };

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha, clock });
});

function logIn(email: string, password: string, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: browser(),
    remoteAddress: ip,
    payload: { email, password },
  });
}

async function statuses(count: number, request: () => Promise<{ statusCode: number }>) {
  const result: number[] = [];
  for (let i = 0; i < count; i += 1) result.push((await request()).statusCode);
  return result;
}

describe('guessing passwords at log-in', () => {
  it('an attacker failing from another address does not lock the owner out', async () => {
    const owner = await signUp(app);
    expect(await statuses(10, () => logIn(owner.email, 'guessing-the-password', '192.0.2.10'))).toEqual(
      Array(10).fill(401),
    );
    const blocked = await logIn(owner.email, 'guessing-again', '192.0.2.10');
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe('rate-limited');
    expect((await logIn(owner.email, owner.password, '198.51.100.200')).statusCode).toBe(200);
  });

  it('does not count successful log-ins', async () => {
    const person = await signUp(app);
    // More than both the per-client limit (20) and the per-account-and-client limit (10).
    expect(await statuses(25, () => logIn(person.email, person.password, '192.0.2.20'))).toEqual(
      Array(25).fill(200),
    );
  });

  it('locks one account and client after 10 failures, with Retry-After, until the window passes', async () => {
    const person = await signUp(app);
    // However the address is written, it is the same account.
    await statuses(10, () => logIn(person.email.toUpperCase(), 'guessing-the-password', '192.0.2.30'));
    const blocked = await logIn(person.email, person.password, '192.0.2.30');
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().errors[0].meta).toMatchObject({ retryAfterSeconds: retryAfter });

    now += (retryAfter - 5) * 1000;
    expect((await logIn(person.email, person.password, '192.0.2.30')).statusCode).toBe(429);
    now += 5 * 1000;
    expect((await logIn(person.email, person.password, '192.0.2.30')).statusCode).toBe(200);
  });

  it('forgives a client its failures once it gets the password right', async () => {
    const person = await signUp(app);
    await statuses(9, () => logIn(person.email, 'guessing-the-password', '192.0.2.40'));
    expect((await logIn(person.email, person.password, '192.0.2.40')).statusCode).toBe(200);
    expect(await statuses(10, () => logIn(person.email, 'typo-in-password', '192.0.2.40'))).toEqual(
      Array(10).fill(401),
    );
    expect((await logIn(person.email, person.password, '192.0.2.40')).statusCode).toBe(429);
  });

  it('treats every address of one IPv6 /64 as one client', async () => {
    const person = await signUp(app);
    for (let i = 1; i <= 10; i += 1) {
      expect((await logIn(person.email, 'guessing', `2001:db8:50:50::${i.toString(16)}`)).statusCode).toBe(
        401,
      );
    }
    expect((await logIn(person.email, person.password, '2001:db8:50:50::ff')).statusCode).toBe(429);
    expect((await logIn(person.email, person.password, '2001:db8:50:51::1')).statusCode).toBe(200);
  });

  it('lets parallel guesses past the limit no more than sequential ones', async () => {
    const person = await signUp(app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => logIn(person.email, 'guessing-the-password', '192.0.2.60')),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(10);
    expect(codes.filter((code) => code !== 401).every((code) => code === 429)).toBe(true);
  });

  it('locks the account everywhere after 100 failures, until a reset through the emailed link', async () => {
    const person = await signUp(app);
    for (let client = 0; client < 10; client += 1) {
      expect(await statuses(10, () => logIn(person.email, 'guessing', `203.0.113.${client}`))).toEqual(
        Array(10).fill(401),
      );
    }
    const locked = await logIn(person.email, person.password, '198.51.100.201');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errors[0].meta.limit).toBe('password:account');
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(24 * 3600);

    const { reset } = await resetPasswordByEmail(
      app,
      database.db,
      person.email,
      'gazpacho-andaluz-99',
      '198.51.100.201',
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await logIn(person.email, 'gazpacho-andaluz-99', '198.51.100.201')).statusCode).toBe(200);
    // The reset lifted the locks of every client, the guessers' included.
    expect((await logIn(person.email, 'gazpacho-andaluz-99', '203.0.113.0')).statusCode).toBe(200);
  });

  it('counts guesses at unknown addresses without storing the addresses', async () => {
    const address = `nobody-${Date.now()}@example.com`;
    expect(await statuses(10, () => logIn(address, 'guessing', '192.0.2.70'))).toEqual(Array(10).fill(401));
    expect((await logIn(address.toUpperCase(), 'guessing', '192.0.2.70')).statusCode).toBe(429);
    const stored = await database.db.execute(
      sql`select key from rate_limit_counters where key like ${`%${address}%`}`,
    );
    expect(stored.rows).toEqual([]);
  });
});

describe('guessing the current password in account settings', () => {
  it('limits password change, contact details and confirm with the log-in guard', async () => {
    const person = await signUp(app);
    const ip = '192.0.2.80';
    const changePassword = (currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: browser(person.cookie),
        remoteAddress: ip,
        payload: { currentPassword, newPassword: 'paella-valenciana-7' },
      });
    const changeEmail = (currentPassword: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/account/contact-details',
        headers: browser(person.cookie),
        remoteAddress: ip,
        payload: { email: 'elsewhere@example.com', currentPassword },
      });
    const confirm = (currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/confirm',
        headers: browser(person.cookie),
        remoteAddress: ip,
        payload: {
          email: 'elsewhere@example.com',
          firstName: 'Lucía',
          lastName: 'García',
          termsAccepted: true,
          currentPassword,
        },
      });
    expect(await statuses(4, () => changePassword('not-my-password'))).toEqual(Array(4).fill(403));
    expect(await statuses(3, () => changeEmail('not-my-password'))).toEqual(Array(3).fill(403));
    expect(await statuses(3, () => confirm('not-my-password'))).toEqual(Array(3).fill(403));

    for (const attempt of [changePassword, changeEmail, confirm]) {
      const blocked = await attempt(person.password);
      expect(blocked.statusCode, blocked.body).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await logIn(person.email, person.password, ip)).statusCode).toBe(429);
    expect((await logIn(person.email, person.password, '198.51.100.202')).statusCode).toBe(200);
  });

  it('does not count a missing current password as a guess', async () => {
    const person = await signUp(app);
    const withoutPassword = () =>
      app.inject({
        method: 'PATCH',
        url: '/api/account/contact-details',
        headers: browser(person.cookie),
        remoteAddress: '192.0.2.90',
        payload: { email: 'elsewhere@example.com' },
      });
    expect(await statuses(12, withoutPassword)).toEqual(Array(12).fill(403));
    expect((await logIn(person.email, person.password, '192.0.2.90')).statusCode).toBe(200);
  });
});

describe('PasswordGuard', () => {
  it('lifts the per-account lock once the 24-hour window has passed', async () => {
    let time = Date.parse('2030-01-01T00:00:00Z');
    const guard = new PasswordGuard(new RateLimiter(database.db, { now: () => new Date(time) }));
    const account = '00000000-0000-4000-8000-000000000100';
    for (let i = 0; i < PASSWORD_GUESS_LIMITS.perAccount.max; i += 1) {
      time += 60_000;
      // A new client every 10 failures stays under the per-client limits.
      await guard.check(account, `203.0.113.${100 + Math.floor(i / 10)}`);
    }
    await expect(guard.check(account, '198.51.100.250')).rejects.toMatchObject({
      code: 'rate-limited',
      meta: { limit: 'password:account' },
    });
    time += 24 * 3600 * 1000;
    await expect(guard.check(account, '198.51.100.250')).resolves.toBeDefined();
  });
});
