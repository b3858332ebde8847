import { type ComponentType, isValidElement, type ReactElement, type ReactNode, Suspense } from 'react';
import {
  createStaticRouter,
  type EntryContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_RemixErrorBoundary as RemixErrorBoundary,
  ServerRouter,
  StaticRouterProvider,
  UNSAFE_shouldHydrateRouteLoader as shouldHydrateRouteLoader,
} from 'react-router';

type StaticRouter = ReturnType<typeof createStaticRouter>;

/**
 * What React Router's `ServerRouter` builds from the build's route manifest and modules, which never
 * change while the server runs: its static router's data routes with their manifest (every route
 * of the manifest, converted again by `ServerRouter` and `createStaticRouter` on every render: 64
 * routes, decisions 0050 and 0078) and the component that writes the loader data's stream into
 * the document (not exported). Taken once per manifest from what `ServerRouter` itself returns, so
 * they are React Router's own.
 */
interface ServerRouterParts {
  dataRoutes: Pick<StaticRouter, 'routes' | 'manifest'>;
  StreamTransfer: ComponentType<StreamTransferProps>;
}

interface StreamTransferProps {
  context: EntryContext;
  identifier: number;
  reader: ReadableStreamDefaultReader<Uint8Array>;
  textDecoder: TextDecoder;
  nonce?: string;
}

const partsByManifest = new WeakMap<EntryContext['manifest'], ServerRouterParts>();

/** The elements of a tree, depth first (React elements' `children` props, as `ServerRouter` nests them). */
function* elements(node: ReactNode): Generator<ReactElement<Record<string, unknown>>> {
  if (Array.isArray(node)) {
    for (const child of node) yield* elements(child);
    return;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return;
  yield node;
  yield* elements(node.props.children as ReactNode);
}

function serverRouterParts(context: EntryContext, url: string): ServerRouterParts {
  const known = partsByManifest.get(context.manifest);
  if (known) return known;
  // `ServerRouter` only builds elements (no hooks), so calling it as a function is safe. It is given
  // a stream of its own (it takes a reader of it) and a copy of the request's handler context (it
  // replaces the loader data).
  const tree = ServerRouter({
    context: {
      ...context,
      staticHandlerContext: { ...context.staticHandlerContext },
      serverHandoffStream: new ReadableStream<Uint8Array>(),
    },
    url,
  });
  let dataRoutes: ServerRouterParts['dataRoutes'] | undefined;
  let StreamTransfer: ComponentType<StreamTransferProps> | undefined;
  for (const element of elements(tree)) {
    const router = element.props.router as Partial<StaticRouter> | undefined;
    if (router?.routes && router.manifest) dataRoutes = { routes: router.routes, manifest: router.manifest };
    if (element.props.reader !== undefined && typeof element.type === 'function') {
      StreamTransfer = element.type as ComponentType<StreamTransferProps>;
    }
  }
  if (!dataRoutes || !StreamTransfer) {
    throw new Error('React Router’s ServerRouter changed shape: update features/routing/server-router.tsx');
  }
  const parts = { dataRoutes, StreamTransfer };
  partsByManifest.set(context.manifest, parts);
  return parts;
}

/**
 * `createStaticRouter(routes, context, { branches })` with the data routes kept: a router over no
 * routes (which converts nothing) gives this request's state, and its matches take the kept data
 * routes, as `createStaticRouter` maps them through its own manifest.
 */
function staticRouterOf(
  parts: ServerRouterParts,
  handlerContext: EntryContext['staticHandlerContext'],
  branches: EntryContext['branches'],
): StaticRouter {
  const { routes, manifest } = parts.dataRoutes;
  const router = createStaticRouter([], handlerContext, { branches });
  const matches = handlerContext.matches.map((match) => ({
    ...match,
    route: manifest[match.route.id] ?? match.route,
  }));
  return Object.create(router, {
    routes: { get: () => routes },
    manifest: { get: () => manifest },
    state: { get: () => ({ ...router.state, matches }) },
  });
}

/**
 * React Router's `ServerRouter` (react-router 7.18, `lib/dom/ssr/server.tsx`), rendering the same
 * elements with the data routes and the stream component taken once instead of made on every render.
 */
export function CachedServerRouter({
  context,
  url,
  nonce,
}: {
  context: EntryContext;
  url: string;
  nonce?: string;
}): ReactElement {
  const parts = serverRouterParts(context, url);
  const { StreamTransfer } = parts;
  const { manifest, routeModules, criticalCss, serverHandoffString } = context;
  const handlerContext = context.staticHandlerContext;
  handlerContext.loaderData = { ...handlerContext.loaderData };
  for (const match of handlerContext.matches) {
    const routeId = match.route.id;
    const route = routeModules[routeId];
    const manifestRoute = manifest.routes[routeId];
    if (
      route &&
      manifestRoute &&
      shouldHydrateRouteLoader(routeId, route.clientLoader, manifestRoute.hasLoader, context.isSpaMode) &&
      (route.HydrateFallback || !manifestRoute.hasLoader)
    ) {
      delete handlerContext.loaderData[routeId];
    }
  }
  const router = staticRouterOf(parts, handlerContext, context.branches);
  return (
    <>
      <FrameworkContext.Provider
        value={{
          manifest,
          routeModules,
          criticalCss,
          serverHandoffString,
          future: context.future,
          ssr: context.ssr,
          isSpaMode: context.isSpaMode,
          routeDiscovery: context.routeDiscovery,
          nonce,
          serializeError: context.serializeError,
          renderMeta: context.renderMeta,
        }}
      >
        <RemixErrorBoundary location={router.state.location}>
          <StaticRouterProvider router={router} context={handlerContext} hydrate={false} />
        </RemixErrorBoundary>
      </FrameworkContext.Provider>
      {context.serverHandoffStream ? (
        <Suspense>
          <StreamTransfer
            context={context}
            identifier={0}
            reader={context.serverHandoffStream.getReader()}
            textDecoder={new TextDecoder()}
            nonce={nonce}
          />
        </Suspense>
      ) : null}
    </>
  );
}
