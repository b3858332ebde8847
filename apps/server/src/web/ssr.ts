import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
// The web app declares what its loaders receive (it augments React Router's AppLoadContext).
import type {} from '../../../web/app/context.ts';
import type { AppConfig } from '../config.ts';
import { errorResponse } from '../http/errors.ts';
import { sendWebResponse, toWebRequest } from '../http/fetch-bridge.ts';
import { INTERNAL_CALL_HEADER, type InternalCalls } from '../http/internal-calls.ts';
import { webBuildDir } from '../paths.ts';

export type WebOptions =
  | { mode: 'production'; buildDir?: string }
  | { mode: 'development'; vite: ViteDevServer };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

const BODYLESS = new Set(['GET', 'HEAD']);
/** Pages take form posts only (with or without JavaScript); any other body is refused unread. */
const FORM_POST = /^(?:application\/x-www-form-urlencoded|multipart\/form-data)\s*(?:;|$)/i;

export type PageHandler = ReturnType<typeof createRequestHandler>;

/**
 * The web app's files: the client build with long-cache headers (production), or Vite's
 * middleware (development). Returns React Router's request handler for `registerWebPages`.
 */
export async function registerWebAssets(app: FastifyInstance, options: WebOptions): Promise<PageHandler> {
  let handle: PageHandler;
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
      // The web build writes `.br` and `.gz` beside each text file (apps/web/scripts/precompress.mjs):
      // each request gets the best one its Accept-Encoding allows, with `Vary: Accept-Encoding`.
      preCompressed: true,
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
  return handle;
}

/**
 * Every other non-API request goes through React Router (SSR, data requests, actions) in the same
 * process. Loaders reach the API in-process through `context.api` (on `app`, the root instance),
 * forwarding the user's cookie.
 */
export async function registerWebPages(
  scope: FastifyInstance,
  options: { app: FastifyInstance; handle: PageHandler; config: AppConfig; internalCalls: InternalCalls },
): Promise<void> {
  const { app, handle, config, internalCalls } = options;
  const publicConfig = {
    marketplaceName: config.marketplace.name,
    publicUrl: config.publicUrl,
    blogUrl: config.marketplace.blogUrl,
    social: config.marketplace.social,
    maps: {
      tileUrl: config.maps.tileUrl,
      attribution: config.maps.attribution,
      fuzzyLocation: config.maps.fuzzyLocation,
    },
  };

  await scope.register(async (web) => {
    // React Router reads request bodies itself (form posts of actions), so leave them unparsed.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        if (!BODYLESS.has(request.method) && !FORM_POST.test(request.headers['content-type'] ?? '')) {
          return reply.status(415).send(errorResponse('unsupported-media-type'));
        }
        const viewer = request.viewer;
        // A page load's loaders only read: their API calls take the viewer this request resolved
        // instead of reading the session again. A form post's calls (an action, then the loaders
        // after it, which may see a session the action ended) resolve it themselves.
        const internal = BODYLESS.has(request.method) ? internalCalls.begin({ viewer }) : undefined;
        const context: AppLoadContext = {
          nonce: request.cspNonce,
          config: publicConfig,
          viewer: viewer ? { id: viewer.id, firstName: viewer.firstName, lastName: viewer.lastName } : null,
          now: () => app.clock.now(),
          api: (apiPath, init = {}) => callApi(app, request, apiPath, init, internal?.token),
        };
        try {
          const response = await handle(toWebRequest(request), context);
          return await sendWebResponse(reply, response);
        } finally {
          internal?.end();
        }
      },
    });
  });
}

/** A loader's or action's call of the API, in-process, as the browser's request (exported for its test). */
export async function callApi(
  app: FastifyInstance,
  request: FastifyRequest,
  apiPath: string,
  init: { method?: string; body?: unknown; idempotencyKey?: string },
  internalToken?: string,
) {
  const navigation = request.method === 'GET' || request.method === 'HEAD';
  const headers: Record<string, string> = {
    'accept-language': request.headers['accept-language'] ?? '',
    'user-agent': request.headers['user-agent'] ?? '',
    // A loader runs on a page load this server answers; a form post keeps the browser's own
    // Origin and Sec-Fetch-Site, so the API refuses it when it came from another site.
    ...(navigation ? { 'sec-fetch-site': 'same-origin' } : pick(request, ['origin', 'sec-fetch-site'])),
    // The host the browser asked for (already checked), so the API sees the same origin it does.
    ...pick(request, ['host', 'cookie', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']),
    ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(init.idempotencyKey === undefined ? {} : { 'idempotency-key': init.idempotencyKey }),
    ...(internalToken === undefined ? {} : { [INTERNAL_CALL_HEADER]: internalToken }),
  };
  const response = await app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: apiPath,
    headers,
    remoteAddress: request.ip,
    ...(init.body === undefined ? {} : { payload: JSON.stringify(init.body) }),
  });
  const data = response.body ? JSON.parse(response.body) : null;
  const setCookie = response.headers['set-cookie'];
  const cookies = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return { status: response.statusCode, data, cookies };
}

function pick(request: FastifyRequest, names: string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}
