import { AppError } from '@hora/core/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectDatabase } from '../src/db/client.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /api/health', () => {
  it('reports the database as reachable', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(database.db);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const unreachable = connectDatabase('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const app = await buildTestApp(unreachable.db);
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    await unreachable.close();
  });
});

describe('API errors', () => {
  let app: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    const database = await createTestDatabase();
    app = await buildTestApp(database.db);
    app.get('/api/test/app-error', async () => {
      throw new AppError('transaction-booking-time-not-available', { meta: { listingId: 'l1' } });
    });
    app.get('/api/test/crash', async () => {
      throw new Error('connection string postgres://secret@db leaked');
    });
    app.post(
      '/api/test/validated',
      { schema: { body: z.object({ title: z.string().max(60), seats: z.number().int() }) } },
      async () => ({ ok: true }),
    );
  });

  function firstError(body: string) {
    const parsed = JSON.parse(body);
    expect(Object.keys(parsed)).toEqual(['errors']);
    expect(parsed.errors).toHaveLength(1);
    const [error] = parsed.errors;
    expect(Object.keys(error).sort()).toEqual(['code', 'id', 'meta', 'status', 'title']);
    expect(error.id).toMatch(UUID);
    return error;
  }

  it('answers an unknown API path with a JSON not-found error, not the web page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(firstError(response.body)).toMatchObject({ status: 404, code: 'not-found' });
  });

  it('keeps the code, status and meta of a domain error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/app-error' });
    expect(response.statusCode).toBe(409);
    expect(firstError(response.body)).toMatchObject({
      status: 409,
      code: 'transaction-booking-time-not-available',
      title: 'Booking time not available',
      meta: { listingId: 'l1' },
    });
  });

  it('never leaks the internals of an unexpected error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const error = firstError(response.body);
    expect(error).toMatchObject({ status: 500, code: 'internal-error', meta: {} });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('leaked');
  });

  it('reports schema validation failures as validation-invalid-params with the failing fields', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      payload: { title: 'x'.repeat(61), seats: 1.5 },
    });
    expect(response.statusCode).toBe(400);
    const error = firstError(response.body);
    expect(error.code).toBe('validation-invalid-params');
    expect(error.meta.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['seats', 'title']);
  });

  it('reports a malformed JSON body as validation-invalid-params', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validated',
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(response.statusCode).toBe(400);
    expect(firstError(response.body).code).toBe('validation-invalid-params');
  });
});

describe('OpenAPI', () => {
  it('documents the API as JSON and serves the UI at /api/docs', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp(database.db);
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/api/health'].get.responses).toHaveProperty('200');
    const ui = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-initializer.js');
    // The UI must live with our CSP: every script is a file, none inline.
    expect(ui.body.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
  });
});
