import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * The smallest React Router server build: a root route, a resource route `/echo` whose action
 * reads the posted form and whose loader answers text, and `/whoami` whose loader asks the API
 * (in-process, as the web app's loaders do) who is signed in. Lets API tests drive the page bridge
 * (`web/ssr.ts`) without building the web app.
 */
const SERVER_ENTRY = `
export const entry = {
  module: { default: (_request, status, headers) => new Response('<html></html>', { status, headers }) },
};
const echo = {
  action: async ({ request }) => Response.json({ locale: (await request.formData()).get('locale') }),
  loader: () => new Response('page'),
};
const whoami = {
  loader: async ({ context }) => Response.json((await context.api('/api/session')).data),
};
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  'routes/echo': { id: 'routes/echo', parentId: 'root', path: 'echo', module: echo },
  'routes/whoami': { id: 'routes/whoami', parentId: 'root', path: 'whoami', module: whoami },
};
const flags = { hasAction: false, hasLoader: false, hasClientAction: false, hasClientLoader: false, hasErrorBoundary: false, imports: [] };
export const assets = {
  entry: { module: '/entry.js', imports: [] },
  routes: {
    root: { ...flags, id: 'root', path: '', module: '/root.js' },
    'routes/echo': { ...flags, id: 'routes/echo', parentId: 'root', path: 'echo', module: '/echo.js', hasAction: true, hasLoader: true },
    'routes/whoami': { ...flags, id: 'routes/whoami', parentId: 'root', path: 'whoami', module: '/whoami.js', hasLoader: true },
  },
  url: '/manifest.js',
  version: '1',
};
export const publicPath = '/';
export const assetsBuildDirectory = 'client';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: 'initial', manifestPath: '/__manifest' };
`;

export function fakeWebBuild(): string {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'hora-web-build-'));
  mkdirSync(path.join(buildDir, 'server'));
  mkdirSync(path.join(buildDir, 'client'));
  writeFileSync(path.join(buildDir, 'server', 'index.js'), SERVER_ENTRY);
  afterAll(() => rmSync(buildDir, { recursive: true, force: true }));
  return buildDir;
}
