import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * The one header better-auth reads the client's address from: the request's `ip` as Fastify found it
 * (the socket's, or with TRUST_PROXY the one the trusted proxies name), never a header the client
 * sent, which it could write as it likes (`X-Forwarded-For`'s first entry, say).
 */
export const CLIENT_IP_HEADER = 'x-hora-client-ip';

/** Node's header object as the Fetch `Headers` better-auth reads, with the client's address. */
export function toHeaders(headers: IncomingHttpHeaders, clientIp: string): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
  }
  result.set(CLIENT_IP_HEADER, clientIp);
  return result;
}

/** Passes better-auth's session cookies on to the client. */
export function forwardCookies(reply: FastifyReply, headers: Headers | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
