import { AppError } from '@hora/core/errors';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `true` answers whatever the Host: only for routes that tell nothing (the health check). */
    anyHost?: boolean;
  }
}

const LOOPBACK_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header: a name or an IPv4 address, or a bracketed IPv6 address, and an optional port. */
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/;

/**
 * Which hosts this server answers for: the host of PUBLIC_URL and, outside production, the loopback
 * names, whatever the port. The port is not compared: a proxy may drop or change it, and a page of
 * another site cannot make a browser send our host name.
 */
export function allowedHost(
  config: Pick<AppConfig, 'env' | 'publicUrl'>,
): (host: string | undefined) => boolean {
  const publicHostname = new URL(config.publicUrl).hostname;
  const loopback = config.env !== 'production';
  return (host) => {
    const hostname = HOST.exec(host?.toLowerCase() ?? '')?.[1];
    if (hostname === undefined) return false;
    return hostname === publicHostname || (loopback && LOOPBACK_HOSTNAMES.has(hostname));
  };
}

/**
 * DNS rebinding guard: a page of another site whose name the attacker points at this server's
 * address is same-origin with its own scripts, which could then read our pages and API with the
 * browser's view of this server. Those requests carry the attacker's name in Host, so every request
 * for a host we do not serve is refused before any route runs (files included). With TRUST_PROXY,
 * Fastify's `request.host` is the proxy's X-Forwarded-Host.
 */
export function registerHostCheck(
  app: FastifyInstance,
  isAllowed: (host: string | undefined) => boolean,
): void {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.anyHost === true || isAllowed(request.host)) return;
    request.log.warn({ host: request.host }, 'refused a request for a host that is not PUBLIC_URL’s');
    throw new AppError('host-not-allowed', { title: 'Host not allowed: open the site at its PUBLIC_URL' });
  });
}
