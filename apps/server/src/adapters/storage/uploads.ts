import { mkdir } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_CACHE_CONTROL } from './image-storage.ts';

export interface UploadsOptions {
  /** The local image storage's folder (`config.uploadsDir`); created when missing. */
  uploadsDir: string;
}

/** Serves the local image storage under `/uploads/<key>`. */
export async function registerUploads(app: FastifyInstance, { uploadsDir }: UploadsOptions): Promise<void> {
  await mkdir(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    // The web app registers @fastify/static too; only one registration may own `reply.sendFile`.
    decorateReply: false,
    // Files appear while the server runs, so match at request time instead of listing at start-up.
    wildcard: true,
    index: false,
    list: false,
    redirect: false,
    // Hidden files are half-written uploads (see the local storage's `put`).
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', UPLOADS_CACHE_CONTROL);
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
