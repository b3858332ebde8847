import { PassThrough } from 'node:stream';
import { AppError } from '@hora/core/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../http/errors.ts';
import { requireViewer } from '../../http/viewer.ts';
import type { Admission, LiveHub, LiveStream } from './hub.ts';

/** How long a browser waits before opening a stream again after it ended (the SSE `retry:` field). */
const RECONNECT_MS = 5_000;

const REFUSED: Record<Exclude<Admission, 'admitted'>, string> = {
  'too-many-for-user': 'Too many open event streams for this account',
  'too-many': 'This server holds as many event streams as it may',
  closing: 'This server is shutting down',
};

/**
 * `GET /api/events`: a server-sent event stream of the signed-in person's transactions (decision
 * 0048). Each event names a transaction of theirs that has a new transition or message, and their
 * role in it; `resync` asks for everything to be read again. No content travels here: the page
 * reads what changed through its usual API calls.
 */
export const liveUpdateRoutes: FastifyPluginAsyncZod<{ hub: LiveHub }> = async (app, { hub }) => {
  app.get(
    '/api/events',
    {
      // A HEAD request would open a stream that sends nothing.
      exposeHeadRoute: false,
      schema: {
        tags: ['live-updates'],
        summary: 'Server-sent events: the viewer’s transactions that changed (text/event-stream)',
        description:
          'Events are `data:` lines of JSON: `{kind: "transition"|"message", transaction, role}` or ' +
          '`{kind: "resync"}`; comment lines keep the stream alive. The stream ends when the session ' +
          'ends or the server stops (the browser reconnects). 429 `rate-limited` (meta.reason ' +
          '`too-many-streams`) beyond the streams allowed per person or per server.',
        response: { 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = requireViewer(request);
      const body = new PassThrough();
      const stream: LiveStream = {
        userId: viewer.id,
        sessionId: viewer.sessionId,
        write: (chunk) => {
          if (!body.writableEnded) body.write(chunk);
        },
        end: () => {
          if (!body.writableEnded) body.end();
        },
      };
      const admission = hub.open(stream);
      if (admission !== 'admitted') {
        throw new AppError('rate-limited', {
          title: REFUSED[admission],
          meta: { reason: 'too-many-streams' },
        });
      }
      const forget = () => {
        hub.remove(stream);
        stream.end();
      };
      request.raw.once('close', forget);
      body.once('error', forget);
      // The first bytes go out at once, so the browser's EventSource opens without waiting.
      body.write(`retry: ${RECONNECT_MS}\n\n`);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          // Proxies that buffer responses (nginx) pass this one through as it is written.
          .header('x-accel-buffering', 'no')
          // A stream is piped as it is, never serialized: the schema's 200 (none) has nothing to say.
          .send(body as never)
      );
    },
  );
};
