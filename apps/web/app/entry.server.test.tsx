import { type AppLoadContext, ServerRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import handleRequest from './entry.server.tsx';
import { nodeBuildEntry, renderDocuments } from './features/routing/server-build.fixture.tsx';

const LOAD_CONTEXT = { nonce: 'n0nce' } as unknown as AppLoadContext;

describe('entry.server', () => {
  it('writes through React’s Bun build and the collector the documents React’s Node build writes', async () => {
    // Tests run as development, where the entry renders with React Router's own ServerRouter.
    const paths = ['/listings/7', '/listings/ñandú', '/nowhere'];
    const answers = await renderDocuments(handleRequest, paths, LOAD_CONTEXT);
    expect(answers.map(({ type }) => type)).toEqual(Array(3).fill('text/html; charset=utf-8'));
    const ours = answers.map(({ status, text }) => `${status} ${text}`);
    const nodeBuild = await renderDocuments(nodeBuildEntry(ServerRouter), paths, LOAD_CONTEXT);
    expect(ours).toEqual(nodeBuild.map(({ status, text }) => `${status} ${text}`));
    expect(ours[0]).toMatch(/^200 <!DOCTYPE html>/);
    expect(ours[0]).toContain('<h1>Sala 7<!-- --> (<!-- -->luz, &lt;b&gt;<!-- -->)</h1>');
    expect(ours[1]).toContain('Sala ñandú');
    expect(ours[1]).toMatch(
      /<script nonce="n0nce">window.__reactRouterContext.streamController.enqueue\(.*Sala ñandú.*\);<\/script>/,
    );
    expect(ours[2]).toMatch(/^404 /);
  });
});
