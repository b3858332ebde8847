import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Pages, data requests, API JSON and scripts; images and fonts are compressed already. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|javascript|xml)\b|image\/svg\+xml)/;

/**
 * Brotli or gzip, chosen by the request's Accept-Encoding, for the responses built per request:
 * SSR pages (streamed through the fetch bridge), React Router's data requests and API JSON.
 * Routes registered before this (the client build, uploads) are files served precompressed or
 * not at all, so register it after them. Brotli quality 4 compresses close to gzip -9's size in
 * a fraction of the time, which matters for a response rendered on the request's clock.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    // Request bodies stay as sent: no client of ours compresses them, and inflating them would
    // open a way round the body size limit.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6 },
  });
  // The compressing hook names Accept-Encoding in Vary only when it compressed; a cache must also
  // know that the identity answer it stored was chosen by the same header.
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (payload === null || payload === undefined || typeof type !== 'string' || !COMPRESSIBLE.test(type)) {
      return payload;
    }
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/\baccept-encoding\b/i.test(vary))
      reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    return payload;
  });
}
