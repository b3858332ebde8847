import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Viewer } from './viewer.ts';

/** The header naming the page request an in-process API call serves (never sent over a network). */
export const INTERNAL_CALL_HEADER = 'x-hora-internal-call';

/** What a page request already knows, handed to the API calls its loaders make in-process. */
export interface InternalCall {
  /** The viewer the page request's own session hook resolved (null for a visitor). */
  viewer: Viewer | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set on an API call a page's loader made in-process (`context.api`) while that page request
     * is being answered; null on every request from the network, whatever headers it carries.
     */
    internalCall: InternalCall | null;
  }
}

/**
 * The page requests being answered whose loaders may call the API in-process, each under a random
 * token (128 bits) that lives only while its page request is answered. An API call carrying a
 * token found here is one of those loaders' calls; any other value (a guess, a token of a page
 * already answered) makes the request an ordinary external one.
 */
export class InternalCalls {
  private readonly open = new Map<string, InternalCall>();

  /** Opens a token for one page request; `end` must be called once the page is answered. */
  begin(call: InternalCall): { token: string; end: () => void } {
    const token = randomBytes(16).toString('base64url');
    this.open.set(token, call);
    return { token, end: () => this.open.delete(token) };
  }

  find(token: string | string[] | undefined): InternalCall | null {
    return typeof token === 'string' ? (this.open.get(token) ?? null) : null;
  }

  /** How many page requests hold a token now (tests check none is left behind). */
  get size(): number {
    return this.open.size;
  }
}

/**
 * Recognises in-process API calls before any other hook runs (register it first, on the root):
 * the token header is removed from every request, and `request.internalCall` set only when the
 * token names a page request being answered. Hooks may then skip work the page request already
 * did (the session lookup); nothing is skipped for a request from the network.
 */
export function registerInternalCalls(app: FastifyInstance, calls: InternalCalls): void {
  app.decorateRequest('internalCall', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = request.headers[INTERNAL_CALL_HEADER];
    if (token === undefined) return;
    delete request.headers[INTERNAL_CALL_HEADER];
    request.internalCall = calls.find(token);
  });
}
