import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';

const APP_MODULE = /apps[\\/]web[\\/]app|packages[\\/]core/;

/**
 * The modules the root route imports statically, found once the client's module graph is built:
 * every page loads them, so they go into one chunk however few pages import them themselves
 * (otherwise each is a small chunk of its own: a request and ~450 bytes of headers more on every
 * first visit; decision 0050).
 */
function rootModules(): { plugin: Plugin; has: (id: string) => boolean } {
  const reached = new Set<string>();
  return {
    has: (id) => reached.has(id),
    plugin: {
      name: 'hora:root-modules',
      applyToEnvironment: (environment) => environment.name === 'client',
      buildEnd() {
        reached.clear();
        const pending = [...this.getModuleIds()].filter((id) => /[\\/]app[\\/]root\.tsx/.test(id));
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (reached.has(id)) continue;
          reached.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      },
    },
  };
}

const shell = rootModules();

/**
 * React Router's production build in the browser bundle. The package exports its development build
 * alone (remix-run/react-router#12532), which differs only by `ENABLE_DEV_WARNINGS`: warnings in
 * visitors' consoles, and their code in every page's first scripts (0.6 KiB compressed). The server
 * keeps the exported build: the request handler the server imports and the server build's
 * components must be one copy of React Router.
 */
function reactRouterProduction(): Plugin {
  const production = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router')),
    '..',
    'production',
  );
  const builds = new Map([
    ['react-router', path.join(production, 'index.mjs')],
    ['react-router/dom', path.join(production, 'dom-export.mjs')],
  ]);
  // Both entries or neither: one from each build would give the browser two React Routers.
  const found = [...builds.values()].filter((file) => existsSync(file)).length;
  if (found === 1) throw new Error(`React Router's production build is incomplete in ${production}`);
  if (found === 0) builds.clear();
  return {
    name: 'hora:react-router-production',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    // A release whose exports choose the production build itself may ship no such folder: then the
    // exported build is the production one, and nothing is resolved here.
    resolveId: (id) => builds.get(id) ?? null,
  };
}

export default defineConfig({
  plugins: [reactRouterProduction(), reactRouter(), shell.plugin],
  resolve: {
    // Leaflet's ES module build for any plain `leaflet` import (its default entry is one UMD object,
    // kept whole). The maps themselves import its source modules (features/maps/leaflet-lite.ts).
    alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }],
  },
  build: {
    target: 'es2022',
    modulePreload: {
      // The listing page's booking rules load when someone reaches for the form (decision 0033):
      // their chunks may arrive one after the other, and listing them for preloading would put their
      // names into the page's first script, whose weight is at its budget.
      resolveDependencies: (file, deps) => (file.includes('booking-form-live') ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // One chunk for the app's modules four or more pages share (and what they import: React,
        // React Router, the message formatter) instead of dozens of small ones: every response
        // costs its headers (~450 bytes) and compresses alone (decision 0035). One more for the
        // rest of the root route's own imports (decision 0050).
        codeSplitting: {
          groups: [
            { name: 'common', test: APP_MODULE, minShareCount: 4 },
            // What the root route imports that fewer pages share: loaded on every page all the same.
            { name: 'shell', test: (id) => APP_MODULE.test(id) && shell.has(id) },
          ],
        },
      },
    },
  },
  server: { hmr: true },
});
