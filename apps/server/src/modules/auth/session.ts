import type { FastifyInstance } from 'fastify';
import type { Scope, Viewer } from '../../http/viewer.ts';
import type { Auth } from './better-auth.ts';
import { toHeaders } from './headers.ts';

/**
 * Resolves the session cookie into `request.viewer` before any route runs, pages included. A
 * session started by an operator acting as the user carries only the `user:limited` scope. An API
 * call a page's loader makes in-process (`request.internalCall`) takes its page request's viewer.
 */
export function registerSessionResolution(
  app: FastifyInstance,
  options: { auth: Auth; cookieName: string },
): void {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    // A page's loader calling the API in-process: its page request resolved the session already.
    if (request.internalCall) {
      request.viewer = request.internalCall.viewer;
      return;
    }
    if (!(request.headers.cookie ?? '').includes(options.cookieName)) return;
    const session = await options.auth.api.getSession({ headers: toHeaders(request.headers) });
    if (!session) return;
    const { user } = session;
    const scopes: Scope[] = session.session.impersonatedBy ? ['user:limited'] : ['user'];
    const viewer: Viewer = {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      locale: user.locale ?? 'es',
      banned: user.banned === true,
      scopes,
      sessionId: session.session.id,
    };
    // A banned person keeps no working session.
    request.viewer = viewer.banned ? null : viewer;
  });
}
