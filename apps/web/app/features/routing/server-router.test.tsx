import { ServerRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routerDocuments as documents } from './server-build.fixture.tsx';
import { CachedServerRouter } from './server-router.tsx';

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
