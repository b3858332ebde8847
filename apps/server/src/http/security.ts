import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';
import { type CspSources, mergeCspSources } from './content-security.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Per-request nonce: the only inline scripts allowed are the ones the SSR renders with it. */
    cspNonce: string;
  }
}

type RawWithNonce = IncomingMessage & { cspNonce?: string };

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers that only mean something on a document (a page, or a worker's script, which runs under
 * its own response's CSP). Files a page loads (scripts, styles, fonts, photos) would carry them for
 * nothing: about 700 bytes on each of the dozen files of a first visit. `nosniff` and the
 * cross-origin resource policy stay, since they protect the file itself.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Hashed build files and uploaded photos; a Web Worker's script keeps its policy. */
export function isSubresourceFile(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return (path.startsWith('/assets/') || path.startsWith('/uploads/')) && !/\.worker-[\w-]+\.js$/.test(path);
}

/**
 * Security headers on every response, pages and API alike. Scripts run only from our origin or with
 * the request's nonce (no 'unsafe-inline'), plus the origins the configured adapters declare; nobody
 * may frame us; HSTS only when the request came over
 * HTTPS (directly or, with TRUST_PROXY, through a proxy), since a plain-HTTP localhost must keep working.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Pick<AppConfig, 'env'>,
  options: { viteDevServer: boolean; adapters: readonly CspSources[] },
): Promise<void> {
  app.decorateRequest('cspNonce', '');
  const nonceSource = (request: IncomingMessage) => `'nonce-${(request as RawWithNonce).cspNonce}'`;
  // Outside origins come only from the adapters in use (captcha, maps, ...), each declaring its own.
  const outside = mergeCspSources(options.adapters);
  // Vite's dev server injects its HMR client as inline module scripts and connects over WebSocket.
  const development = options.viteDevServer;
  // Built once: helmet checks and joins its directives when made, and only the nonce changes per request.
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'", nonceSource, ...outside.scripts],
        styleSrc: ["'self'", "'unsafe-inline'", ...outside.styles],
        imgSrc: ["'self'", 'data:', 'blob:', ...outside.images],
        fontSrc: ["'self'", 'data:'],
        connectSrc: development
          ? ["'self'", 'ws:', 'wss:', ...outside.connect]
          : ["'self'", ...outside.connect],
        workerSrc: ["'self'"],
        ...(outside.frames.length > 0 ? { frameSrc: ["'self'", ...outside.frames] } : {}),
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // Helmet's headers taken once, with a mark where the nonce goes: setting them is then all a
  // response costs (running helmet's dozen middlewares on each one was 3.6 % of a booking's CPU).
  const documentHeaders = headersOf(headers);
  const fileHeaders = documentHeaders.filter(
    ([name]) => !(DOCUMENT_ONLY_HEADERS as readonly string[]).includes(name),
  );
  const nonces = nonceSupply();
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = nonces.next();
    request.cspNonce = nonce;
    (request.raw as RawWithNonce).cspNonce = nonce;
    for (const [name, value] of isSubresourceFile(request.url) ? fileHeaders : documentHeaders) {
      reply.raw.setHeader(name, typeof value === 'string' ? value : value.join(nonce));
    }
    done();
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/** Stands for the request's nonce while helmet's headers are taken (`headersOf`). */
const NONCE_MARK = 'hora-nonce-mark';

/**
 * The headers helmet sets, taken by running it once on a stand-in response: each value, or the
 * parts around the nonce where it has one (to be joined with the request's).
 */
function headersOf(middleware: ReturnType<typeof helmet>): [string, string | string[]][] {
  const set = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  let finished = false;
  middleware({ cspNonce: NONCE_MARK } as RawWithNonce, response as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return [...set].map(([name, value]) => [
    name,
    value.includes(NONCE_MARK) ? value.split(NONCE_MARK) : value,
  ]);
}

/**
 * CSP nonces (16 random bytes, base64) cut in turn from a buffer of the system's random bytes
 * refilled every 256: one call to the generator per 256 responses rather than one each, which
 * cost 8 % of a simple API request's CPU. Each nonce is still 16 bytes no other response gets.
 */
export function nonceSupply(): { next(): string } {
  const SIZE = 16;
  const pool = Buffer.alloc(SIZE * 256);
  let offset = pool.length;
  return {
    next() {
      if (offset === pool.length) {
        randomFillSync(pool);
        offset = 0;
      }
      const nonce = pool.toString('base64', offset, offset + SIZE);
      offset += SIZE;
      return nonce;
    },
  };
}
