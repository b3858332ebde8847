import http from 'node:http';
import type { FastifyInstance } from 'fastify';

/** What one `data:` line of the event stream carried. */
export type ReceivedEvent = Record<string, unknown>;

export interface EventStreamClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far, comments and fields included. */
  raw(): string;
  events(): ReceivedEvent[];
  /**
   * The first event matching `match` after the one the previous call returned (received already
   * or still to come: a notification may arrive before the request that caused it is answered),
   * or a rejection after `timeoutMs`.
   */
  next(match?: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The URL an app listens on (listening on a free loopback port first if it does not yet). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens `GET /api/events` over a real connection (`inject` would wait for the end of a stream) and
 * collects what arrives. Resolves once the answer's headers are in.
 */
export async function openEventStream(
  app: FastifyInstance,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const url = `${await listeningUrl(app)}/api/events`;
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}), ...headers } },
      (response) => {
        let raw = '';
        const events: ReceivedEvent[] = [];
        const waiting = new Set<(event: ReceivedEvent, index: number) => void>();
        let cursor = 0;
        let markEnded: () => void = () => {};
        const ended = new Promise<void>((done) => {
          markEnded = done;
        });
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          const frames = raw.split('\n\n');
          const complete = frames.slice(0, -1).flatMap((frame) =>
            frame
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => JSON.parse(line.slice(6)) as ReceivedEvent),
          );
          for (const event of complete.slice(events.length)) {
            events.push(event);
            for (const listener of [...waiting]) listener(event, events.length - 1);
          }
        });
        response.on('end', () => markEnded());
        response.on('close', () => markEnded());
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          raw: () => raw,
          events: () => [...events],
          next(match = () => true, timeoutMs = 5_000) {
            return new Promise((found, failed) => {
              const seen = events.findIndex((event, index) => index >= cursor && match(event));
              if (seen >= 0) {
                cursor = seen + 1;
                found(events[seen] as ReceivedEvent);
                return;
              }
              const timer = setTimeout(() => {
                waiting.delete(listener);
                failed(
                  new Error(`No matching event within ${timeoutMs} ms; received ${JSON.stringify(events)}`),
                );
              }, timeoutMs);
              const listener = (event: ReceivedEvent, index: number) => {
                if (index < cursor || !match(event)) return;
                clearTimeout(timer);
                waiting.delete(listener);
                cursor = index + 1;
                found(event);
              };
              waiting.add(listener);
            });
          },
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
