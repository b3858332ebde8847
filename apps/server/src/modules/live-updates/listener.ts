import type pg from 'pg';
import { LIVE_CHANNEL, type LiveNotice, parseNotice } from './notices.ts';

interface Log {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface LiveListenerOptions {
  /** A new client on the app's database, not one of the pool's: LISTEN holds its connection. */
  connect: () => pg.Client;
  onNotice: (notice: LiveNotice) => void;
  /**
   * Called each time LISTEN is in place; `again` after a lost connection, when notifications sent
   * meanwhile are gone (the streams are told to read everything again).
   */
  onListening?: (again: boolean) => void;
  logger: Log;
  /** Reconnection delays: doubling from `firstMs` up to `maxMs`, each with jitter. */
  backoff?: { firstMs: number; maxMs: number };
}

export interface LiveListener {
  /** Resolves once LISTEN is in place the first time (tests wait for it before writing). */
  listening(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One LISTEN connection per server instance, kept open: a lost connection (database restart,
 * failover, network) is replaced after a growing delay, and its loss reported so nothing waits for
 * notifications that went nowhere.
 */
export function startLiveListener(options: LiveListenerOptions): LiveListener {
  const backoff = options.backoff ?? { firstMs: 500, maxMs: 30_000 };
  const gone = new WeakSet<pg.Client>();
  let current: pg.Client | null = null;
  let closed = false;
  let everListened = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let markListening: () => void = () => {};
  const firstListening = new Promise<void>((resolve) => {
    markListening = resolve;
  });

  function lost(client: pg.Client | null, error?: unknown) {
    if (client) {
      if (gone.has(client)) return;
      gone.add(client);
      if (current === client) current = null;
      client.end().catch(() => {});
    }
    if (closed) return;
    const delay = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures) * (0.5 + Math.random() / 2);
    failures += 1;
    options.logger.warn(
      { err: error, retryInMs: Math.round(delay) },
      'live updates: the LISTEN connection was lost; connecting again',
    );
    retry = setTimeout(() => void listen(), delay);
    retry.unref();
  }

  async function listen() {
    if (closed) return;
    let client: pg.Client;
    try {
      client = options.connect();
    } catch (error) {
      lost(null, error);
      return;
    }
    client.on('error', (error) => lost(client, error));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL) return;
      const notice = parseNotice(message.payload);
      if (notice) options.onNotice(notice);
      else options.logger.warn({ payload: message.payload }, 'live updates: a notification not understood');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      lost(client, error);
      return;
    }
    if (closed || gone.has(client)) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    failures = 0;
    const again = everListened;
    everListened = true;
    if (again) options.logger.info({}, 'live updates: listening again');
    options.onListening?.(again);
    markListening();
  }

  void listen();
  return {
    listening: () => firstListening,
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      if (client) {
        gone.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}
