import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/** Node's header object as the Fetch `Headers` better-auth reads. */
export function toHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
  }
  return result;
}

/** Passes better-auth's session cookies on to the client. */
export function forwardCookies(reply: FastifyReply, headers: Headers | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}
