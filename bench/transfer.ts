import type { BrowserContext, Page, Request, Response } from 'playwright-core';

export interface Transfer {
  url: string;
  /** Playwright's resource type: document, script, stylesheet, fetch, image, other... */
  type: string;
  /** Bytes on the wire, response headers included: DevTools' "transferred". */
  transferred: number;
  /** Bytes of the body once decoded: DevTools' "resource size". */
  decoded: number;
  /**
   * Requested after the page's load event: code the page fetches once it has painted and
   * hydrated (a map as it nears the viewport), which the first-load budget does not count.
   */
  afterLoad: boolean;
}

/**
 * Records every response a page receives (its workers' included) with the sizes the browser
 * counted: Chromium's own encoded byte counts, so these are what a person's connection carries.
 */
export function watchTransfers(page: Page) {
  const inFlight = new Map<Request, string>();
  const measuring = new Set<Promise<void>>();
  let lastEvent = Date.now();
  let done: Transfer[] = [];
  let pageLoaded = false;
  const requestedAfterLoad = new WeakSet<Request>();
  page.on('load', () => {
    pageLoaded = true;
  });
  const settle = (request: Request) => {
    inFlight.delete(request);
    lastEvent = Date.now();
  };
  page.on('request', (request) => {
    // A live-updates stream (`/api/events`) stays open for the page's life: nothing to wait for.
    if (request.resourceType() === 'eventsource') return;
    if (pageLoaded) requestedAfterLoad.add(request);
    inFlight.set(request, request.url());
    lastEvent = Date.now();
  });
  page.on('requestfailed', settle);
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'eventsource') return;
    const measured = measure(request, requestedAfterLoad.has(request)).then((transfer) => {
      if (transfer) done.push(transfer);
      settle(request);
      measuring.delete(measured);
    });
    measuring.add(measured);
  });
  return {
    /** Resolves once every request has finished and nothing new started for half a second. */
    async settled(): Promise<void> {
      const deadline = Date.now() + 30_000;
      while (inFlight.size > 0 || measuring.size > 0 || Date.now() - lastEvent < 500) {
        if (Date.now() > deadline)
          throw new Error(`Requests never finished: ${[...inFlight.values()].join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** The responses finished since the last call, then forgets them. */
    take(): Transfer[] {
      const taken = done;
      done = [];
      return taken;
    },
  };
}

async function measure(request: Request, afterLoad: boolean): Promise<Transfer | null> {
  const response = await request.response();
  // A redirect's hop has no body of its own; the request it leads to is counted separately.
  if (!response) return null;
  const sizes = await request.sizes();
  const redirect = response.status() >= 300 && response.status() < 400;
  return {
    url: request.url(),
    type: request.resourceType(),
    transferred: sizes.responseHeadersSize + sizes.responseBodySize,
    decoded: redirect ? 0 : await decodedSize(response, sizes.responseBodySize),
    afterLoad,
  };
}

/**
 * The body's size once decoded. A worker's own script (the signup page's proof-of-work solver) may
 * have no body left by the time it is asked for (seen once in a run of `web`, which it ended): its
 * size on the wire stands in. Decoded sizes are reported for documents only, whose bodies the page
 * keeps.
 */
async function decodedSize(response: Response, encodedSize: number): Promise<number> {
  try {
    return (await response.body()).length;
  } catch (error) {
    if (error instanceof Error && error.message.includes('Response body is unavailable')) return encodedSize;
    throw error;
  }
}

export function sum(transfers: Transfer[], pick: (transfer: Transfer) => boolean, field: keyof Transfer) {
  return transfers.filter(pick).reduce((total, transfer) => total + Number(transfer[field]), 0);
}

/** Waits until React Router has hydrated the page, so a client navigation can start. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
      .__reactRouterDataRouter;
    return router?.state.initialized === true;
  });
}

/** A client-side navigation, as a link click does it, without depending on where the link sits. */
export async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate(async (target) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    await router.navigate(target);
  }, to);
}

/** Signs a demo account in through the API; the browser context keeps the session cookie. */
export async function signIn(context: BrowserContext, baseUrl: string, email: string, password: string) {
  const response = await context.request.post(`${baseUrl}/api/auth/login`, {
    data: { email, password },
    headers: { origin: baseUrl },
  });
  if (!response.ok())
    throw new Error(`Signing in ${email} failed: ${response.status()} ${await response.text()}`);
  const session = (await (await context.request.get(`${baseUrl}/api/session`)).json()) as {
    user: { id: string } | null;
  };
  if (!session.user) throw new Error(`No session after signing in ${email}`);
  return session.user.id;
}
