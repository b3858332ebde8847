import { gzipSync } from 'node:zlib';
import { startServer } from '../e2e/support/server.ts';
import { median, percentile, report } from './support.ts';

const PAGES = ['/', '/signup', '/login', '/recover-password', '/esta-pagina-no-existe'];
const RENDERS = 300;

/** JavaScript a first visit downloads: every script and module preload the HTML names, gzipped. */
async function firstLoadJavaScript(baseUrl: string, path: string): Promise<number> {
  const html = await (await fetch(`${baseUrl}${path}`)).text();
  const sources = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]!),
  );
  for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) sources.add(match[1]!);
  let bytes = 0;
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(new URL(source, baseUrl))).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes / 1024;
}

/** Server render time of a page, measured from the client side of a loopback connection. */
async function renderTimes(baseUrl: string, path: string): Promise<number[]> {
  const times: number[] = [];
  // Warm the JIT and the caches first: the figure is the steady state of a running server.
  for (let i = 0; i < 100; i += 1) await (await fetch(`${baseUrl}${path}`)).text();
  for (let i = 0; i < RENDERS; i += 1) {
    const started = performance.now();
    await (await fetch(`${baseUrl}${path}`, { headers: { cookie: 'euCookiesAccepted=accepted' } })).text();
    times.push(performance.now() - started);
  }
  return times;
}

export async function benchWeb(): Promise<void> {
  const server = await startServer();
  try {
    for (const path of PAGES) {
      report('web.firstLoadJs.gzip', await firstLoadJavaScript(server.url, path), 'KiB', 1, {
        page: path,
        budget: 150,
      });
      const times = await renderTimes(server.url, path);
      report('web.ssr.median', median(times), 'ms', RENDERS, { page: path });
      report('web.ssr.p95', percentile(times, 95), 'ms', RENDERS, { page: path, budget: 15 });
    }
  } finally {
    await server.stop();
  }
}
