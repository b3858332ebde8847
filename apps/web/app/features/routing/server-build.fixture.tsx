// Test support (not part of the app): a React Router server build to render documents with.
import { type ComponentType, createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  type AppLoadContext,
  createRequestHandler,
  type EntryContext,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  useLoaderData,
} from 'react-router';
import { gatheringStream } from './stream.fixture.ts';

export type RouterComponent = ComponentType<{ context: EntryContext; url: string; nonce?: string }>;

export type EntryHandler = (
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  loadContext: AppLoadContext,
) => Promise<Response>;

function Root() {
  return (
    <html lang="es">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Link to="/listings/7">Listing 7</Link>
        <Outlet />
        <Scripts nonce="n0nce" />
      </body>
    </html>
  );
}

function ListingRoute() {
  const data = useLoaderData() as { title: string; tags: string[] };
  return (
    <h1>
      {data.title} ({data.tags.join(', ')})
    </h1>
  );
}

const entryRoute = (id: string, extra: Record<string, unknown>) => ({
  id,
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasErrorBoundary: false,
  module: `/assets/${id}.js`,
  clientActionModule: undefined,
  clientLoaderModule: undefined,
  clientMiddlewareModule: undefined,
  hydrateFallbackModule: undefined,
  ...extra,
});

/**
 * A server build of two routes (a layout with a link, a listing page with a loader) whose documents
 * `handleRequest` renders, as the app's `entry.server.tsx` does.
 */
export function twoRouteBuild(handleRequest: EntryHandler): ServerBuild {
  const listing = {
    default: ListingRoute,
    loader: ({ params }: { params: { id?: string } }) => ({
      title: `Sala ${params.id}`,
      tags: ['luz', '<b>'],
    }),
  };
  return {
    entry: {
      module: {
        // The 404 is expected: React Router would log it.
        handleError: () => {},
        default: handleRequest,
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: Root } },
      'routes/listing': { id: 'routes/listing', parentId: 'root', path: 'listings/:id', module: listing },
    },
    assets: {
      entry: { imports: [], module: '/assets/entry.client.js' },
      routes: {
        root: entryRoute('root', { path: '' }),
        'routes/listing': entryRoute('routes/listing', {
          parentId: 'root',
          path: 'listings/:id',
          hasLoader: true,
        }),
      },
      url: '/assets/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: { v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: true, v8_middleware: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

/** An entry that renders with `Router` and React's Node build into a Node stream, nonce `n0nce`. */
export function nodeBuildEntry(Router: RouterComponent): EntryHandler {
  return (request, status, headers, context) =>
    new Promise<Response>((resolve, reject) => {
      const sink = gatheringStream((bytes) => resolve(new Response(bytes, { status, headers })));
      const { pipe } = renderToPipeableStream(
        createElement(Router, { context, url: request.url, nonce: 'n0nce' }),
        {
          nonce: 'n0nce',
          onAllReady: () => pipe(sink),
          onShellError: reject,
        },
      );
    });
}

/** What one handler of `twoRouteBuild(entry)` answers to `paths`, in turn: status, type and text. */
export async function renderDocuments(
  entry: EntryHandler,
  paths: string[],
  loadContext?: AppLoadContext,
): Promise<{ status: number; type: string | null; text: string }[]> {
  const handle = createRequestHandler(twoRouteBuild(entry), 'production');
  const documents = [];
  for (const path of paths) {
    const response = await handle(new Request(`http://hora.test${path}`), loadContext);
    documents.push({
      status: response.status,
      type: response.headers.get('content-type'),
      text: await response.text(),
    });
  }
  return documents;
}

/** The documents `Router`, in React's Node entry, renders for `paths`: each as `status text`. */
export async function routerDocuments(Router: RouterComponent, paths: string[]): Promise<string[]> {
  return (await renderDocuments(nodeBuildEntry(Router), paths)).map(
    ({ status, text }) => `${status} ${text}`,
  );
}
