import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { LIVE_HUB_DEFAULTS, LiveHub, type LiveHubOptions } from './hub.ts';
import { type LiveListener, startLiveListener } from './listener.ts';
import { liveUpdatesRepository } from './repository.ts';
import { liveUpdateRoutes } from './routes.ts';

export { LIVE_HUB_DEFAULTS, LiveHub, type LiveStream } from './hub.ts';
export { startLiveListener } from './listener.ts';
export { LIVE_CHANNEL, type LiveNotice, parseNotice } from './notices.ts';

export type LiveUpdatesLimits = Partial<
  Pick<LiveHubOptions, 'maxPerUser' | 'maxTotal' | 'heartbeatMs' | 'sessionCheckMs'>
>;

export interface LiveUpdates {
  hub: LiveHub;
  listener: LiveListener;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's event streams and LISTEN connection (tests wait for it to listen). */
    liveUpdates: LiveUpdates;
  }
}

/**
 * Live updates on this instance (decision 0048): its LISTEN connection feeds the hub of open event
 * streams, served at `GET /api/events`. Closing the app ends the streams first (`preClose`), so a
 * graceful stop is not held open by them, then the LISTEN connection.
 */
export async function registerLiveUpdates(
  app: FastifyInstance,
  scope: FastifyInstance,
  deps: { db: Database; clock: Clock; connect: () => pg.Client; limits?: LiveUpdatesLimits },
): Promise<LiveUpdates> {
  const repository = liveUpdatesRepository(deps.db);
  const hub = new LiveHub({
    ...LIVE_HUB_DEFAULTS,
    ...deps.limits,
    liveSessions: (ids) => repository.liveSessions(ids, deps.clock.now()),
    onError: (error) => app.log.error({ err: error }, 'live updates: checking the streams’ sessions failed'),
  });
  const listener = startLiveListener({
    connect: deps.connect,
    onNotice: (notice) => hub.deliver(notice),
    onListening: (again) => {
      if (again) hub.resync();
    },
    logger: app.log,
  });
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => listener.close());
  await scope.register(liveUpdateRoutes, { hub });
  const live = { hub, listener };
  app.decorate('liveUpdates', live);
  return live;
}
