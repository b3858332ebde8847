import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { systemClock, TestClock } from '../src/clock.ts';
import { emailOutbox } from '../src/db/schema/index.ts';
import { enqueue, type JobDefinition } from '../src/jobs/index.ts';
import { VERIFICATION_EMAILS_PER_DAY } from '../src/modules/auth/service.ts';
import { queueDueEmails } from '../src/modules/email/index.ts';
import { TEST_CLOCK_KEY_HEADER } from '../src/modules/test-clock/routes.ts';
import { browser, errorCode, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { enqueueVerification, waitFor } from './email-fixtures.ts';
import { sleep, startTestRunner } from './jobs.ts';

const database = await createTestDatabase();
const { db, pool } = database;
const HOUR = 3600_000;

/** The whole API with TEST_CLOCK on, as serve.ts builds it: its clock, and the key it would print. */
async function clockApp(clock = new TestClock(systemClock)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-test-'));
  const config = testConfig({ TEST_CLOCK: 'true', DATA_DIR: dataDir });
  const app = await buildApp(config, { db, clock, captcha: fakeCaptcha });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, clock, key: config.testClock?.key ?? '' };
}

function readClock(app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  return app.inject({ method: 'GET', url: '/api/dev/clock', headers, remoteAddress });
}

function moveClock(app: FastifyInstance, key: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/dev/clock',
    headers: { [TEST_CLOCK_KEY_HEADER]: key },
    payload,
  });
}

describe('the test clock, off (the default)', () => {
  it.each(['test', 'development', 'production'])('is an unknown path (NODE_ENV=%s)', async (env) => {
    const app = await buildTestApp(db, { NODE_ENV: env });
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({
        method,
        url: '/api/dev/clock',
        headers: { host: 'hora.test' },
        ...(method === 'POST' ? { payload: { advanceMs: HOUR } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('not-found');
    }
  });

  it('cannot be turned on without a clock that can move', async () => {
    await expect(buildApp(testConfig({ TEST_CLOCK: 'true' }), { db, clock: systemClock })).rejects.toThrow(
      /TestClock/,
    );
  });
});

describe('the test clock, on (TEST_CLOCK=true)', () => {
  it('answers only a caller on this machine that gives the key printed at start', async () => {
    const { app, key } = await clockApp(new TestClock('2030-05-06T07:08:09.000Z'));
    expect(key).toMatch(/^[\w-]{43}$/);
    const withKey = { [TEST_CLOCK_KEY_HEADER]: key };

    const opened = await readClock(app, withKey);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ now: '2030-05-06T07:08:09.000Z' });
    expect((await readClock(app, withKey, '::1')).statusCode).toBe(200);
    expect((await readClock(app, withKey, '::ffff:127.0.0.1')).statusCode).toBe(200);

    const refused = [
      await readClock(app, {}),
      await readClock(app, { [TEST_CLOCK_KEY_HEADER]: '' }),
      await readClock(app, { [TEST_CLOCK_KEY_HEADER]: key.slice(0, -1) }),
      await readClock(app, { [TEST_CLOCK_KEY_HEADER]: `${key}x` }),
      // The key, from elsewhere: even when a forwarded header claims the loopback.
      await readClock(app, withKey, '203.0.113.5'),
      await readClock(app, { ...withKey, 'x-forwarded-for': '127.0.0.1' }, '203.0.113.5'),
      await app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advanceMs: HOUR } }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('not-found');
    }
    expect((await readClock(app, withKey)).json()).toEqual({ now: '2030-05-06T07:08:09.000Z' });
  });

  it('moves forward by `advanceMs` or to `set`, and refuses to move back with a 400', async () => {
    const { app, key } = await clockApp(new TestClock('2030-05-06T07:00:00.000Z'));
    const advanced = await moveClock(app, key, { advanceMs: 2 * HOUR });
    expect(advanced.statusCode, advanced.body).toBe(200);
    expect(advanced.json()).toEqual({ now: '2030-05-06T09:00:00.000Z' });
    const set = await moveClock(app, key, { set: '2030-05-07T12:00:00+02:00' });
    expect(set.json()).toEqual({ now: '2030-05-07T10:00:00.000Z' });

    const back = await moveClock(app, key, { set: '2030-05-07T09:59:59Z' });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors[0]).toMatchObject({
      code: 'validation-invalid-value',
      meta: { field: 'set', reason: 'clock-moves-forward-only', now: '2030-05-07T10:00:00.000Z' },
    });
    for (const payload of [
      { advanceMs: -1 },
      { advanceMs: 1.5 },
      { set: 'tomorrow' },
      {},
      { advanceMs: 1, set: 'x' },
    ]) {
      const response = await moveClock(app, key, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(response)).toBe('validation-invalid-params');
    }
    expect((await readClock(app, { [TEST_CLOCK_KEY_HEADER]: key })).json()).toEqual({
      now: '2030-05-07T10:00:00.000Z',
    });
  });

  it('is not in the API document', async () => {
    const { app } = await clockApp();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/api/dev/clock');
  });

  it('is the time the routes read: a day later the daily limit of verification emails lifts', async () => {
    const { app, key } = await clockApp();
    const person = await signUp(app);
    const resend = () =>
      app.inject({ method: 'POST', url: '/api/auth/verification-email', headers: browser(person.cookie) });
    // The sign-up sent the first one.
    for (let sent = 1; sent < VERIFICATION_EMAILS_PER_DAY; sent += 1) {
      expect((await resend()).statusCode).toBe(200);
    }
    const refused = await resend();
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('email-too-many-verification-requests');

    expect((await moveClock(app, key, { advanceMs: 23 * HOUR })).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(429);
    expect((await moveClock(app, key, { advanceMs: HOUR + 1_000 })).statusCode).toBe(200);
    // A new day: the emails written in it count on the moved clock, up to the limit again.
    for (let sent = 0; sent < VERIFICATION_EMAILS_PER_DAY; sent += 1) {
      expect((await resend()).statusCode).toBe(200);
    }
    expect(errorCode(await resend())).toBe('email-too-many-verification-requests');
    const written = await db
      .select({ createdAt: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, person.id));
    expect(written.filter((row) => row.createdAt.getTime() > Date.now() + 23 * HOUR)).toHaveLength(
      VERIFICATION_EMAILS_PER_DAY,
    );
  });

  it('brings a job due in two hours forward: it runs once the clock has moved two hours', async () => {
    const { app, key } = await clockApp();
    const ran: string[] = [];
    const job: JobDefinition<{ label: string }> = {
      name: 'test.clock-moved',
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      async handle({ label }) {
        ran.push(label);
      },
    };
    await startTestRunner(pool, [job]);
    // On the database's clock, which the test clock cannot move: the move shifts the job instead.
    await enqueue(pool, job.name, { label: 'in two hours' }, { startAfter: 2 * 3600 });
    await enqueue(pool, job.name, { label: 'in three hours' }, { startAfter: 3 * 3600 });
    await sleep(1_500); // three polls: nothing is due
    expect(ran).toEqual([]);

    expect((await moveClock(app, key, { advanceMs: HOUR })).statusCode).toBe(200);
    await sleep(1_500);
    expect(ran).toEqual([]);
    expect((await moveClock(app, key, { advanceMs: HOUR + 5_000 })).statusCode).toBe(200);
    await waitFor(async () => ran.length === 1);
    await sleep(1_500);
    expect(ran).toEqual(['in two hours']);
  });

  it('makes an email whose next attempt is later due for the sweep once the clock passes it', async () => {
    const { app, key } = await clockApp();
    const id = await enqueueVerification(db, 'later@example.com');
    await db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 16 * 60_000) })
      .where(eq(emailOutbox.id, id));
    const due = async () => {
      const [row] = await db
        .select({ next: emailOutbox.nextAttemptAt })
        .from(emailOutbox)
        .where(eq(emailOutbox.id, id));
      return row!.next.getTime() <= Date.now();
    };
    expect(await due()).toBe(false);
    await moveClock(app, key, { advanceMs: 15 * 60_000 });
    expect(await due()).toBe(false);
    await moveClock(app, key, { advanceMs: 2 * 60_000 });
    expect(await due()).toBe(true);
    expect(await queueDueEmails(db, 500)).toBeGreaterThanOrEqual(1);
  });
});
