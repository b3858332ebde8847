import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
// The web app declares what its loaders receive (it augments React Router's AppLoadContext).
import type {} from '../../../web/app/context.ts';
import type { AppConfig } from '../config.ts';
import { webBuildDir } from '../paths.ts';

export type WebOptions =
  | { mode: 'production'; buildDir?: string }
  | { mode: 'development'; vite: ViteDevServer };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

/**
 * Serves the React Router app from the same Fastify process: static files from the client build,
 * then every other non-API request through React Router's request handler (SSR, data requests,
 * actions). Loaders reach the API in-process through `context.api`, forwarding the user's cookie.
 */
export async function registerWeb(
  app: FastifyInstance,
  config: AppConfig,
  options: WebOptions,
): Promise<void> {
  let handle: ReturnType<typeof createRequestHandler>;
  if (options.mode === 'production') {
    const buildDir = options.buildDir ?? webBuildDir;
    const serverEntry = path.join(buildDir, 'server', 'index.js');
    if (!existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing): run \`npm run build\` first.`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    handle = createRequestHandler(build, 'production');
    await app.register(fastifyStatic, {
      root: path.join(buildDir, 'client'),
      wildcard: false,
      index: false,
      // Hashed file names never change content, so browsers may keep them for a year.
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : SHORT);
      },
    });
  } else {
    const { vite } = options;
    handle = createRequestHandler(
      () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      'development',
    );
    await app.register(import('@fastify/middie'));
    app.use(vite.middlewares);
  }

  const publicConfig = {
    marketplaceName: config.marketplace.name,
    publicUrl: config.publicUrl,
    blogUrl: config.marketplace.blogUrl,
    social: config.marketplace.social,
  };

  await app.register(async (web) => {
    // React Router reads request bodies itself (form posts of actions), so leave them unparsed.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const context: AppLoadContext = {
          nonce: request.cspNonce,
          config: publicConfig,
          viewer: null,
          api: (apiPath, init = {}) => callApi(app, request, apiPath, init),
        };
        const response = await handle(toWebRequest(request), context);
        return sendWebResponse(reply, response);
      },
    });
  });
}

async function callApi(
  app: FastifyInstance,
  request: FastifyRequest,
  apiPath: string,
  init: { method?: string; body?: unknown },
) {
  const response = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: apiPath,
    headers: {
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      'accept-language': request.headers['accept-language'] ?? '',
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
  });
  const data = response.body ? JSON.parse(response.body) : null;
  return { status: response.statusCode, data };
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  request.raw.once('aborted', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
}
