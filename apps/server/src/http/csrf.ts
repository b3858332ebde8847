import { AppError } from '@hora/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` exempts a route from the origin check. Only for callers that are not browsers riding
     * on someone's session (a payment webhook, an identity provider's `form_post` callback), and
     * which prove themselves otherwise (a signature, OAuth state and PKCE).
     */
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery protection by the standard headers browsers send (OWASP's "verifying
 * origin with standard headers"): every request with a state-changing method must come from our own
 * origin, whatever its path: API calls, page form posts and React Router actions alike. The check
 * runs on the request, never on a prefix of its raw URL, which the router decodes differently
 * (`/%61pi/...` is `/api/...`). Our origin is PUBLIC_URL's, or the origin the request itself was
 * sent to when its host is one we serve (the app opened at http://127.0.0.1:PORT in development).
 * A request that says nothing about its origin is accepted only without a session cookie (an API
 * client, not a browser riding on someone's session). Session cookies are also SameSite=Lax.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: {
    publicUrl: string;
    sessionCookieName: string;
    isAllowedHost: (host: string | undefined) => boolean;
  },
): void {
  const trustedOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const verdict = originVerdict(request, trustedOrigin, options.isAllowedHost);
    if (verdict === 'same') return;
    if (verdict === 'unknown' && !hasSessionCookie(request, options.sessionCookieName)) return;
    throw new AppError('csrf-failed', { title: 'Cross-site request refused' });
  });
}

function originVerdict(
  request: FastifyRequest,
  trustedOrigin: string,
  isAllowedHost: (host: string | undefined) => boolean,
): 'same' | 'cross' | 'unknown' {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    if (origin === trustedOrigin) return 'same';
    const ownOrigin = `${request.protocol}://${request.host}`;
    return origin === ownOrigin && isAllowedHost(request.host) ? 'same' : 'cross';
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return 'same';
  if (site) return 'cross';
  return origin === 'null' ? 'cross' : 'unknown';
}

function hasSessionCookie(request: FastifyRequest, name: string): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}
