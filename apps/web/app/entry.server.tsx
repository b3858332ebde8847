import type { RenderToPipeableStreamOptions } from 'react-dom/server';
// React's Bun build: the same renderer, writing strings rather than encoding each piece (decision 0074).
import { renderToPipeableStream } from 'react-dom/server.bun';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { documentStatus } from './features/errors/error-status.ts';
import { DocumentCollector } from './features/routing/document-collector.ts';
import { NonceContext } from './features/routing/nonce.tsx';
import { CachedServerRouter } from './features/routing/server-router.tsx';

/**
 * The built server renders with React Router's route tree built once (decision 0050); development
 * keeps React Router's own, whose routes change as modules are edited.
 */
const Router = import.meta.env.DEV ? ServerRouter : CachedServerRouter;

export const streamTimeout = 5_000;

/**
 * Renders the whole document once everything is ready (no Suspense boundaries stream later), so
 * crawlers and people get the same complete HTML; inline scripts carry the request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  responseStatusCode = documentStatus(responseStatusCode, routerContext.staticHandlerContext.errors);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const options: RenderToPipeableStreamOptions = {
      nonce,
      onAllReady() {
        shellRendered = true;
        // The document is complete now, so it goes out as one buffer: one compression pass and
        // one write, instead of a stream of small chunks each crossing the bridge to Fastify.
        const collect = new DocumentCollector((html) => {
          clearTimeout(deadline);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        }, reject);
        // The Bun build's destination is anything with `write`, `end` and `on` (see the collector).
        pipe(collect as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <Router context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      options,
    );
    // A render still waiting past the loaders' own timeout is given up (cleared once it finished,
    // so a busy server does not keep one timer per recent page).
    deadline = setTimeout(abort, streamTimeout + 1000);
  });
}
