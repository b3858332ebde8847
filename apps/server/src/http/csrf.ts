import { AppError } from '@hora/core/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery protection for the API, by the standard headers browsers send
 * (OWASP's "verifying origin with standard headers"): a state-changing request must come from our
 * own origin. A request that says nothing about its origin is accepted only without a session
 * cookie (an API client, not a browser riding on someone's session). Session cookies are also
 * SameSite=Lax, a second line.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { publicUrl: string; sessionCookieName: string },
): void {
  const trustedOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const verdict = originVerdict(request, trustedOrigin);
    if (verdict === 'same') return;
    if (verdict === 'unknown' && !hasSessionCookie(request, options.sessionCookieName)) return;
    throw new AppError('csrf-failed', { title: 'Cross-site request refused' });
  });
}

function originVerdict(request: FastifyRequest, trustedOrigin: string): 'same' | 'cross' | 'unknown' {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') {
    const ownOrigin = `${request.protocol}://${request.host}`;
    return origin === trustedOrigin || origin === ownOrigin ? 'same' : 'cross';
  }
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return 'same';
  if (site) return 'cross';
  return origin === 'null' ? 'cross' : 'unknown';
}

function hasSessionCookie(request: FastifyRequest, name: string): boolean {
  return (request.headers.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`));
}
