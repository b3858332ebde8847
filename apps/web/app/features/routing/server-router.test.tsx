import { type ComponentType, createElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createRequestHandler,
  type EntryContext,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
  useLoaderData,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { CachedServerRouter } from './server-router.tsx';
import { gatheringStream } from './stream.fixture.ts';

type RouterComponent = ComponentType<{ context: EntryContext; url: string; nonce?: string }>;

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

/** A server build of two routes whose document renders with `Router`, as entry.server.tsx does. */
function buildWith(Router: RouterComponent): ServerBuild {
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
        default: (request: Request, status: number, headers: Headers, context: EntryContext) =>
          new Promise<Response>((resolve, reject) => {
            const sink = gatheringStream((bytes) => resolve(new Response(bytes, { status, headers })));
            const { pipe } = renderToPipeableStream(
              createElement(Router, { context, url: request.url, nonce: 'n0nce' }),
              { nonce: 'n0nce', onAllReady: () => pipe(sink), onShellError: reject },
            );
          }),
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

async function documents(Router: RouterComponent, paths: string[]): Promise<string[]> {
  const handle = createRequestHandler(buildWith(Router), 'production');
  const pages: string[] = [];
  for (const path of paths) {
    const response = await handle(new Request(`http://hora.test${path}`));
    pages.push(`${response.status} ${await response.text()}`);
  }
  return pages;
}

describe('CachedServerRouter', () => {
  it('renders the documents React Router’s ServerRouter renders, from its route tree built once', async () => {
    // Several requests to one handler: the later ones render from the cached tree.
    const paths = ['/listings/7', '/listings/8', '/nowhere', '/listings/7'];
    const ours = await documents(CachedServerRouter, paths);
    expect(ours).toEqual(await documents(ServerRouter, paths));
    expect(ours[0]).toContain('<h1>Sala 7<!-- --> (<!-- -->luz, &lt;b&gt;<!-- -->)</h1>');
    expect(ours[1]).toContain('Sala 8');
    // The loader data reaches the browser through React Router's stream, closed at the end.
    expect(ours[1]).toMatch(/streamController\.enqueue\(.*Sala 8.*\);<\/script>/);
    expect(ours[1]).toContain('window.__reactRouterContext.streamController.close();');
    expect(ours[2]).toMatch(/^404 /);
  });
});
