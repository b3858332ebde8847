import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.ts';
import { emailOutbox } from '../src/db/schema/index.ts';
import { registerApiNotFound, registerErrorHandling } from '../src/http/errors.ts';
import { registerOpenApi } from '../src/http/openapi.ts';
import { enqueueEmail, registerDevMailbox } from '../src/modules/email/index.ts';
import { buildTestApp, testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { enqueueVerification } from './email-fixtures.ts';

const { db } = await createTestDatabase();

/** Only what the mailbox needs from the real app: zod schemas, OpenAPI, the error shape, the catch-all. */
async function appFor(env: AppConfig['env']): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerOpenApi(app, testConfig());
  await registerDevMailbox(app, { db, env });
  registerApiNotFound(app);
  await app.ready();
  afterAll(() => app.close());
  return app;
}

const SUMMARY_KEYS = ['createdAt', 'id', 'status', 'subject', 'template', 'to'];

describe('dev mailbox API', () => {
  let app: FastifyInstance;
  let resetId: string;

  beforeAll(async () => {
    app = await appFor('test');
    await enqueueVerification(db, 'ana@example.com');
    await enqueueVerification(db, 'Lucia@Example.com');
    resetId = await enqueueEmail(db, {
      template: 'reset-password',
      to: 'lucia@example.com',
      locale: 'en',
      marketplaceName: 'Hora',
      data: { firstName: 'Lucía', url: 'https://hora.test/reset-password?t=tok' },
    });
    await db.update(emailOutbox).set({ status: 'kept' }).where(eq(emailOutbox.id, resetId));
  });

  it('lists the latest emails, newest first, without their bodies', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
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
    const filtered = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=LUCIA%40example.com' });
    expect(filtered.json().data.map((email: { to: string }) => email.to)).toEqual([
      'lucia@example.com',
      'Lucia@Example.com',
    ]);
    const partial = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=lucia' });
    expect(partial.json().data).toEqual([]);
    const empty = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=' });
    expect(empty.json().data).toHaveLength(3);
  });

  it('shows one email with its HTML and text', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/dev/mailbox/${resetId}` });
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
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors[0]).toMatchObject({ status: 404, code: 'not-found' });
    const malformed = await app.inject({ method: 'GET', url: '/api/dev/mailbox/not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].code).toBe('validation-invalid-params');
  });

  it('shows at most the 50 newest emails', async () => {
    await db.execute(sql`
      insert into email_outbox (template, to_address, locale, subject, html, text, created_at)
      select 'verify-email', 'bulk' || n || '@example.com', 'es', 's', '<p>h</p>', 't',
             now() - n * interval '1 second'
      from generate_series(1, 60) as n`);
    const { data } = (await app.inject({ method: 'GET', url: '/api/dev/mailbox' })).json();
    expect(data).toHaveLength(50);
    expect(data[0].id).toBe(resetId);
    expect(data.at(-1).to).toBe('bulk47@example.com');
  });

  it('is documented under the dev tag', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/dev/mailbox'].get.tags).toEqual(['dev']);
    expect(document.paths['/api/dev/mailbox/{id}'].get.tags).toEqual(['dev']);
  });
});

describe('dev mailbox in production', () => {
  it('does not exist: both paths answer the API not-found error', async () => {
    const app = await appFor('production');
    const id = await enqueueVerification(db, 'prod@example.com');
    for (const url of ['/api/dev/mailbox', `/api/dev/mailbox/${id}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().errors[0]).toMatchObject({ status: 404, code: 'not-found' });
      expect(response.body).not.toContain('prod@example.com');
    }
  });

  it('is available in development', async () => {
    const app = await appFor('development');
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
  });
});

describe('dev mailbox in the whole app', () => {
  it('is served by the API built for tests', async () => {
    const app = await buildTestApp(db);
    const response = await app.inject({ method: 'GET', url: '/api/dev/mailbox?to=nobody%40example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });
});
