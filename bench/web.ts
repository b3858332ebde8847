import { createSlug } from '@hora/core/search';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../e2e/support/chromium.ts';
import { startServer } from '../e2e/support/server.ts';
import { median, percentile, processCpuMs, report, timeToLastByte } from './support.ts';
import { navigateInApp, signIn, sum, type Transfer, waitForHydration, watchTransfers } from './transfer.ts';

const PAGES = ['/', '/s', '/signup', '/login', '/recover-password', '/esta-pagina-no-existe'];
const SIGNED_IN_PAGES = [
  '/account/contact-details',
  '/account/change-password',
  '/profile-settings',
  '/account/payments',
  '/account/payment-methods',
  '/listings',
  // Issue 12: the inbox's two tabs.
  '/inbox/sales',
  '/inbox/orders',
  '/l/new',
];
const WIZARD_TABS = ['description', 'features', 'location', 'pricing', 'availability', 'photos'];
const RENDERS = 300;
const KIB = 1024;
const DEMO_ACCOUNT = { email: 'lucia@demo.hora.es', password: 'hora-demo-2026' };

const isScript = (transfer: Transfer) => transfer.type === 'script';
const isStylesheet = (transfer: Transfer) => transfer.type === 'stylesheet';
const isDocument = (transfer: Transfer) => transfer.type === 'document';
const isData = (transfer: Transfer) => new URL(transfer.url).pathname.endsWith('.data');
const everything = () => true;
/** Profile paths carry a generated id; figures name the route so runs compare. */
const pageLabel = (path: string) =>
  path
    .replace(/^\/u\/[^/?]+/, '/u/:id')
    .replace(/^\/l\/[^/]+\/[0-9a-f-]{36}/, '/l/:slug/:id')
    .replace(/^\/(order|sale)\/[^/]+/, '/$1/:id');

/**
 * Server render time of a page, measured from the client side of a loopback connection, and the
 * server process's CPU time per render over the same requests.
 */
async function renderTimes(baseUrl: string, path: string, serverPid: number) {
  const headers = { cookie: 'euCookiesAccepted=accepted' };
  const times: number[] = [];
  // Warm the JIT and the caches first: the figure is the steady state of a running server.
  for (let i = 0; i < 100; i += 1) await timeToLastByte(baseUrl, path, headers);
  const cpuBefore = processCpuMs(serverPid);
  for (let i = 0; i < RENDERS; i += 1) times.push((await timeToLastByte(baseUrl, path, headers)).ms);
  return { times, cpuPerRender: (processCpuMs(serverPid) - cpuBefore) / RENDERS };
}

/**
 * What a first visit of a page costs on the wire: a fresh browser context (empty cache) loads it
 * until the network is idle, and the browser's own byte counts are summed by kind.
 */
async function firstLoad(browser: Browser, baseUrl: string, path: string, signedIn: BrowserContext | null) {
  const context = await browser.newContext(signedIn ? { storageState: await signedIn.storageState() } : {});
  try {
    const page = await context.newPage();
    const transfers = watchTransfers(page);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await transfers.settled();
    const loaded = transfers.take();
    const label = pageLabel(path);
    const parts = {
      total: sum(loaded, everything, 'transferred'),
      document: sum(loaded, isDocument, 'transferred'),
      js: sum(loaded, (transfer) => isScript(transfer) && !transfer.afterLoad, 'transferred'),
      jsAfterLoad: sum(loaded, (transfer) => isScript(transfer) && transfer.afterLoad, 'transferred'),
      // Every script the visit brought, before and after the load event, until the network was idle:
      // a map loaded after first paint is still part of a first visit (decision 0083).
      jsFirstVisit: sum(loaded, isScript, 'transferred'),
      css: sum(loaded, isStylesheet, 'transferred'),
    };
    for (const [part, bytes] of Object.entries(parts)) {
      report('web.firstLoad.transferred', bytes / KIB, 'KiB', 1, {
        page: label,
        part,
        // The search page may carry the map's first pieces (issue 10): 160 KB there, 150 elsewhere.
        ...(part === 'js' || part === 'jsFirstVisit' ? { budget: label === '/s' ? 160 : 150 } : {}),
        ...(part === 'total' ? { requests: loaded.length } : {}),
      });
    }
    report('web.document.decoded', sum(loaded, isDocument, 'decoded') / KIB, 'KiB', 1, { page: label });
  } finally {
    await context.close();
  }
}

/** The `.data` requests of one client-side navigation, after the first page has hydrated. */
async function navigation(
  browser: Browser,
  baseUrl: string,
  from: string,
  to: string,
  signedIn: BrowserContext | null,
) {
  const context = await browser.newContext(signedIn ? { storageState: await signedIn.storageState() } : {});
  try {
    const page = await context.newPage();
    const transfers = watchTransfers(page);
    await page.goto(`${baseUrl}${from}`, { waitUntil: 'networkidle' });
    await waitForHydration(page);
    await transfers.settled();
    transfers.take();
    await navigateInApp(page, to);
    await transfers.settled();
    const data = transfers.take().filter(isData);
    report('web.navigation.bytes', sum(data, everything, 'transferred'), 'B', 1, {
      from: pageLabel(from),
      to: pageLabel(to),
      decoded: sum(data, everything, 'decoded'),
      requests: data.length,
    });
  } finally {
    await context.close();
  }
}

/** The demo host's newest listing, whose public page and wizard tabs are measured. */
async function firstOwnListing(
  context: BrowserContext,
  baseUrl: string,
): Promise<{ id: string; title: string }> {
  const response = await context.request.get(`${baseUrl}/api/own-listings`);
  const listing = (await response.json()).data.find((item: { state: string }) => item.state === 'published');
  if (!listing) throw new Error(`The demo account has no published listing (${response.status()})`);
  return listing;
}

/** One of the demo host's sales (the demo data has bookings in several states between demo users). */
async function firstSale(context: BrowserContext, baseUrl: string): Promise<string> {
  const response = await context.request.get(`${baseUrl}/api/transactions?only=sale&perPage=1`);
  const sale = response.ok() ? (await response.json()).data[0] : undefined;
  if (!sale) throw new Error(`The demo account has no sale to measure (${response.status()})`);
  return sale.id;
}

/** Bytes over the wire of first visits and client navigations, as Chromium counts them. */
export async function benchWebTransfers(baseUrl: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const signedIn = await browser.newContext();
    const userId = await signIn(signedIn, baseUrl, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);

    const listing = await firstOwnListing(signedIn, baseUrl);
    const listingPath = `/l/${createSlug(listing.title)}/${listing.id}`;
    for (const path of [...PAGES, `/u/${userId}`, listingPath]) await firstLoad(browser, baseUrl, path, null);
    const wizard = WIZARD_TABS.map((tab) => `${listingPath}/edit/${tab}`);
    const sale = `/sale/${await firstSale(signedIn, baseUrl)}/details`;
    for (const path of [...SIGNED_IN_PAGES, ...wizard, sale])
      await firstLoad(browser, baseUrl, path, signedIn);

    await navigation(browser, baseUrl, '/', '/login', null);
    await navigation(browser, baseUrl, '/?x=1', '/?x=2', null);
    await navigation(browser, baseUrl, '/', `/u/${userId}`, signedIn);
    await navigation(browser, baseUrl, '/account/contact-details', '/account/change-password', signedIn);
    await signedIn.close();
  } finally {
    await browser.close();
  }
}

export async function benchWeb(): Promise<void> {
  const server = await startServer();
  try {
    await benchWebTransfers(server.url);
    const pid = server.process.pid;
    if (pid === undefined) throw new Error('The server process has no pid');
    for (const path of PAGES) {
      const { times, cpuPerRender } = await renderTimes(server.url, path, pid);
      report('web.ssr.median', median(times), 'ms', RENDERS, { page: path });
      report('web.ssr.p95', percentile(times, 95), 'ms', RENDERS, { page: path, budget: 15 });
      report('web.ssr.cpu', cpuPerRender, 'ms', RENDERS, { page: path });
      // Issue 10's `web.searchPage.ssr` is measured with 100 000 listings (listing-page.ts).
    }
  } finally {
    await server.stop();
  }
}
