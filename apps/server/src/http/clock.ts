import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock: routes read the time here (`request.server.clock.now()`), never elsewhere. */
    clock: Clock;
  }
}

/** Hands the app's clock to every route, on the root instance so that every plugin inherits it. */
export function registerClock(app: FastifyInstance, clock: Clock): void {
  app.decorate('clock', clock);
}
