import { ServerRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routerDocuments as documents } from './server-build.fixture.tsx';
import { CachedServerRouter } from './server-router.tsx';

// Every call of `createStaticRouter` from the cached router, with the routes it was given.
const calls = vi.hoisted(() => [] as { routes: number }[]);
vi.mock('react-router', async (importOriginal) => {
  const original = await importOriginal<typeof import('react-router')>();
  return {
    ...original,
    createStaticRouter: (...args: Parameters<typeof original.createStaticRouter>) => {
      calls.push({ routes: args[0].length });
      return original.createStaticRouter(...args);
    },
  };
});

describe('CachedServerRouter’s static router', () => {
  it('never converts the route tree again, and renders what ServerRouter renders', async () => {
    const paths = ['/listings/7', '/listings/8', '/nowhere', '/listings/7'];
    const ours = await documents(CachedServerRouter, paths);
    // The data routes are those of the router `ServerRouter` made; each request's router has no routes.
    expect(calls.filter((call) => call.routes > 0)).toHaveLength(0);
    expect(calls.filter((call) => call.routes === 0)).toHaveLength(paths.length);
    expect(ours).toEqual(await documents(ServerRouter, paths));
    expect(ours[1]).toContain('<h1>Sala 8<!-- --> (<!-- -->');
  });
});
