import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TestClock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { apiNotFound } from '../../http/errors.ts';
import { matchesKey } from '../../http/secret-key.ts';
import { type TestClockService, testClockService } from './service.ts';

/** The header carrying the key printed at start (`Test clock: key …`). */
export const TEST_CLOCK_KEY_HEADER = 'x-test-clock-key';

/** At most a year per move: enough for any journey, and far from overflowing a date. */
const MAX_ADVANCE_MS = 366 * 24 * 3600_000;

const clockSchema = z.object({ now: z.iso.datetime() });

const moveSchema = z.union([
  z.object({ advanceMs: z.number().int().min(0).max(MAX_ADVANCE_MS) }).strict(),
  z.object({ set: z.iso.datetime({ offset: true }) }).strict(),
]);

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6: the TCP peer, never a forwarded header. */
function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

const testClockRoutes: FastifyPluginAsyncZod<{ key: string; service: TestClockService }> = async (
  app,
  { key, service },
) => {
  // Before parsing and validation: any other caller gets the catch-all's answer, as for a path
  // that does not exist.
  app.addHook('onRequest', async (request) => {
    if (!fromLoopback(request) || !matchesKey(request.headers[TEST_CLOCK_KEY_HEADER], key)) {
      throw apiNotFound(request);
    }
  });

  app.get(
    '/api/dev/clock',
    {
      schema: {
        hide: true,
        tags: ['dev'],
        summary: 'The test clock (TEST_CLOCK only; loopback and key)',
        response: { 200: clockSchema },
      },
    },
    async () => ({ now: service.now().toISOString() }),
  );

  app.post(
    '/api/dev/clock',
    {
      schema: {
        hide: true,
        tags: ['dev'],
        summary:
          'Move the test clock forward by `advanceMs`, or to `set` (TEST_CLOCK only; loopback and key)',
        body: moveSchema,
        response: { 200: clockSchema },
      },
    },
    async (request) => {
      const { body } = request;
      const now =
        'advanceMs' in body ? await service.advance(body.advanceMs) : await service.set(new Date(body.set));
      return { now: now.toISOString() };
    },
  );
};

/**
 * The test clock's controls, for journeys and tests (TEST_CLOCK=true, refused in production): off,
 * nothing is registered and the API's catch-all answers 404. On, they answer only a caller on this
 * machine that also gives the key printed at start; anyone else gets that same 404. The loopback
 * check alone would not do (behind a reverse proxy every request comes from there), nor the key
 * alone (it is printed where logs are collected).
 */
export async function registerTestClock(
  app: FastifyInstance,
  options: { db: Database; clock: TestClock; key: string | undefined },
): Promise<void> {
  if (options.key === undefined) return;
  const service = testClockService({ db: options.db, clock: options.clock });
  await app.register(testClockRoutes, { key: options.key, service });
}
