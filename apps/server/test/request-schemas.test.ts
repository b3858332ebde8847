import * as validation from '@hora/core/validation';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';

/** What each route validates its input with, as Fastify's onRoute hook reports it: new routes are walked too. */
const registered = vi.hoisted(
  () => [] as { method: string; url: string; body?: unknown; querystring?: unknown }[],
);

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const withInventory = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      for (const method of [route.method].flat()) {
        registered.push({ method, url: route.url, body: schema?.body, querystring: schema?.querystring });
      }
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withInventory };
});

const database = await createTestDatabase();
const coreSchemas = new Set<unknown>(Object.values(validation));

beforeAll(async () => {
  // With the dev mailbox on and a provider configured, every route the app can have is registered.
  const app = await buildTestApp(database.db, {
    DEV_MAILBOX: 'true',
    GOOGLE_CLIENT_ID: 'hora-client',
    GOOGLE_CLIENT_SECRET: 'hora-secret',
  });
  await app.ready();
});

describe('request schemas', () => {
  it('are the ones @hora/core/validation exports, so the web forms check the same rules', () => {
    const inputs = registered.flatMap(({ method, url, body, querystring }) => [
      ...(body === undefined ? [] : [{ route: `${method} ${url} body`, schema: body }]),
      ...(querystring === undefined ? [] : [{ route: `${method} ${url} querystring`, schema: querystring }]),
    ]);
    // The walk saw the routes it is meant to check: an empty inventory would prove nothing.
    expect(inputs.map(({ route }) => route)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/signup body',
        'POST /api/auth/confirm body',
        'PATCH /api/account/contact-details body',
        'GET /api/dev/mailbox querystring',
      ]),
    );
    const inline = inputs.filter(({ schema }) => !coreSchemas.has(schema)).map(({ route }) => route);
    expect(inline).toEqual([]);
  });
});
