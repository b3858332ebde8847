import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { emailOutbox } from '../src/db/schema/index.ts';
import { registerApiNotFound, registerErrorHandling } from '../src/http/errors.ts';
import { registerOpenApi } from '../src/http/openapi.ts';
import { DEV_MAILBOX_COOKIE, enqueueEmail, registerDevMailbox } from '../src/modules/email/index.ts';
import { newSecret } from '../src/secrets.ts';
import { buildTestApp, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { enqueueVerification } from './email-fixtures.ts';

const { db } = await createTestDatabase();

/** Only what the mailbox needs from the real app: cookies, zod schemas, OpenAPI, the error shape, the catch-all. */
async function appFor(key: string | undefined): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(cookie);
  await registerOpenApi(app, testConfig());
  await registerDevMailbox(app, { db, key, secureCookie: false });
  registerApiNotFound(app);
  await app.ready();
  afterAll(() => app.close());
  return app;
}

const KEY = newSecret();
const withKey = { cookie: `${DEV_MAILBOX_COOKIE}=${KEY}` };

/** What the API answers for a path that does not exist, minus the per-request error id. */
function asUnknownPath(response: LightMyRequestResponse, url: string) {
  expect(response.statusCode).toBe(404);
  const [error] = response.json().errors;
  expect(response.json().errors).toHaveLength(1);
  expect(error).toEqual({
    id: expect.any(String),
    status: 404,
    code: 'not-found',
    title: `Not found: GET ${url.split('?')[0]}`,
    meta: {},
  });
  expect(response.headers['set-cookie']).toBeUndefined();
}

const SUMMARY_KEYS = ['createdAt', 'id', 'status', 'subject', 'template', 'to'];

describe('dev mailbox API', () => {
  let app: FastifyInstance;
  let resetId: string;

  beforeAll(async () => {
    app = await appFor(KEY);
    await enqueueVerification(db, 'ana@example.com');
    await enqueueVerification(db, 'Lucia@Example.com');
    resetId = await enqueueEmail(db, {
      template: 'reset-password',
      to: 'lucia@example.com',
      locale: 'en',
      marketplaceName: 'Hora',
      createdAt: new Date(),
      data: { firstName: 'Lucía', url: 'https://hora.test/reset-password?t=tok' },
    });
    await db.update(emailOutbox).set({ status: 'kept' }).where(eq(emailOutbox.id, resetId));
  });

  it('lists the latest emails, newest first, without their bodies', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: withKey });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.map((email: { to: string }) => email.to)).toEqual([
      'lucia@example.com',
      'Lucia@Example.com',
      'ana@example.com',
    ]);
    expect(Object.keys(data[0]).sort()).toEqual(SUMMARY_KEYS);
    expect(data[0]).toMatchObject({
      id: resetId,
      template: 'reset-password',
      status: 'kept',
      subject: 'Reset your Hora password',
    });
    expect(new Date(data[0].createdAt).toISOString()).toBe(data[0].createdAt);
  });

  it('filters by the whole address, ignoring case, and treats an empty filter as none', async () => {
    const filtered = await app.inject({
      method: 'GET',
      url: '/api/dev/mailbox?to=LUCIA%40example.com',
      headers: withKey,
    });
    expect(filtered.json().data.map((email: { to: string }) => email.to)).toEqual([
      'lucia@example.com',
      'Lucia@Example.com',
    ]);
    const partial = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=lucia', headers: withKey });
    expect(partial.json().data).toEqual([]);
    const empty = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=', headers: withKey });
    expect(empty.json().data).toHaveLength(3);
  });

  it('shows one email with its HTML and text', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/dev/mailbox/${resetId}`,
      headers: withKey,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ id: resetId, to: 'lucia@example.com', locale: 'en', status: 'kept' });
    expect(data.html).toContain('href="https://hora.test/reset-password?t=tok"');
    expect(data.text).toContain('https://hora.test/reset-password?t=tok');
  });

  it('answers not-found for an unknown email and a validation error for a malformed id', async () => {
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/00000000-0000-4000-8000-000000000000',
      headers: withKey,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ status: 404, code: 'not-found' });
    const malformed = await app.inject({
      method: 'GET',
      url: '/api/dev/mailbox/not-an-id',
      headers: withKey,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].code).toBe('validation-invalid-params');
  });

  it('lists the SMS outbox next to the emails, newest first, and only with the key', async () => {
    await db.execute(sql`
      insert into sms_outbox (dedupe_key, to_number, body, status, created_at) values
        ('k1', '+34600111222', 'Hora: nueva reserva', 'kept', now() - interval '1 minute'),
        ('k2', '+34600333444', 'Hora: otra reserva', 'sent', now())`);
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox/sms', headers: withKey });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject([
      { to: '+34600333444', body: 'Hora: otra reserva', status: 'sent' },
      { to: '+34600111222', body: 'Hora: nueva reserva', status: 'kept' },
    ]);
    asUnknownPath(await app.inject({ method: 'GET', url: '/api/dev/mailbox/sms' }), '/api/dev/mailbox/sms');
  });

  it('shows at most the 50 newest emails', async () => {
    await db.execute(sql`
      insert into email_outbox (template, to_address, locale, subject, html, text, created_at)
      select 'verify-email', 'bulk' || n || '@example.com', 'es', 's', '<p>h</p>', 't',
             now() - n * interval '1 second'
      from generate_series(1, 60) as n`);
    const { data } = (await app.inject({ method: 'GET', url: '/api/dev/mailbox', headers: withKey })).json();
    expect(data).toHaveLength(50);
    expect(data[0].id).toBe(resetId);
    expect(data.at(-1).to).toBe('bulk47@example.com');
  });

  it('opens with the key in `key`, and answers a cookie for the mailbox pages only', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/dev/mailbox?key=${KEY}&to=ana%40example.com`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((email: { to: string }) => email.to)).toEqual(['ana@example.com']);
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie.split(';')[0]).toBe(`${DEV_MAILBOX_COOKIE}=${KEY}`);
    expect(setCookie).toMatch(/; Path=\/dev(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly(;|$)/);
    expect(setCookie).toMatch(/; SameSite=Strict(;|$)/);
    const message = await app.inject({ method: 'GET', url: `/api/dev/mailbox/${resetId}?key=${KEY}` });
    expect(message.statusCode).toBe(200);
    expect(message.json().data.id).toBe(resetId);
  });

  it('answers without the key, or with a wrong one, exactly as for a path that does not exist', async () => {
    const unknownPath = await app.inject({ method: 'GET', url: '/api/dev/nothing-here' });
    asUnknownPath(unknownPath, '/api/dev/nothing-here');
    const wrongKeys = [
      {},
      { cookie: `${DEV_MAILBOX_COOKIE}=` },
      { cookie: `${DEV_MAILBOX_COOKIE}=${newSecret()}` },
      { cookie: `${DEV_MAILBOX_COOKIE}=${KEY.slice(0, -1)}` },
      { cookie: `${DEV_MAILBOX_COOKIE}=${KEY}x` },
      { cookie: `hora.session_token=${KEY}` },
      { 'x-dev-mailbox-key': KEY },
    ];
    const urls = [
      '/api/dev/mailbox',
      '/api/dev/mailbox?to=lucia%40example.com',
      `/api/dev/mailbox/${resetId}`,
      // Without the key a malformed id is not even validated: a 400 would tell the path exists.
      '/api/dev/mailbox/not-an-id',
      `/api/dev/mailbox?key=${KEY.toUpperCase()}`,
      '/api/dev/mailbox?key=',
    ];
    for (const url of urls) {
      for (const headers of wrongKeys) {
        const response = await app.inject({ method: 'GET', url, headers });
        asUnknownPath(response, url);
        expect(response.body).not.toContain('lucia@example.com');
      }
    }
  });

  it('is not listed in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    expect(Object.keys(document.paths).filter((url) => url.includes('mailbox'))).toEqual([]);
  });
});

describe('dev mailbox switched off', () => {
  it('does not exist: both paths answer the API not-found error, with or without a key', async () => {
    const app = await appFor(undefined);
    const id = await enqueueVerification(db, 'off@example.com');
    for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${id}`, `/api/dev/mailbox?key=${KEY}`]) {
      for (const headers of [{}, withKey]) {
        const response = await app.inject({ method: 'GET', url, headers });
        asUnknownPath(response, url);
        expect(response.body).not.toContain('off@example.com');
      }
    }
  });
});

describe('dev mailbox in the whole app', () => {
  it.each(['test', 'development', 'production'])('is off by default (NODE_ENV=%s)', async (env) => {
    const app = await buildTestApp(db, { NODE_ENV: env });
    for (const url of ['/api/dev/mailbox', '/api/dev/mailbox?to=nobody%40example.com']) {
      // Asked for by the public host: production answers no other.
      asUnknownPath(await app.inject({ method: 'GET', url, headers: { host: 'hora.test' } }), url);
    }
  });

  it('with DEV_MAILBOX=true, opens only with the key of this start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-test-'));
    const config = testConfig({ DEV_MAILBOX: 'true', DATA_DIR: dataDir });
    const app = await buildApp(config, { db });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const key = config.devMailbox?.key ?? '';
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(testConfig({ DEV_MAILBOX: 'true' }).devMailbox?.key).not.toBe(key);

    const url = '/api/dev/mailbox?to=nobody%40example.com';
    asUnknownPath(await app.inject({ method: 'GET', url }), url);
    asUnknownPath(await app.inject({ method: 'GET', url: `${url}&key=${KEY}` }), url);
    const opened = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${DEV_MAILBOX_COOKIE}=${key}` },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ data: [] });
  });
});
