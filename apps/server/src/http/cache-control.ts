import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Answers about a person must not be kept by a browser's disk cache or by a shared proxy, where
 * the next person on the same computer or behind the same proxy could read them. Every API answer
 * is `no-store` unless its route sets its own Cache-Control (the files of `/uploads` and of the
 * client build are served outside this scope and keep their long caching); a page is
 * `private, no-store` when rendered for a signed-in person, and so are the development pages,
 * which show other people's emails.
 */
export function registerPrivateCaching(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    if (isApiRoute(request)) reply.header('cache-control', 'no-store');
    else if (request.viewer || isDevelopmentPage(request)) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}

/** By the matched route, not the raw URL: `/%61pi/session` is the same route as `/api/session`. */
function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') ?? false;
}

function isDevelopmentPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).startsWith('/dev/');
  } catch {
    return path.startsWith('/dev/');
  }
}
