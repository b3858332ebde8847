import { type AppLoadContext, createRequestHandler, ServerRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import handleRequest from './entry.server.tsx';
import {
  type EntryHandler,
  nodeBuildEntry,
  twoRouteBuild,
} from './features/routing/server-build.fixture.tsx';

const LOAD_CONTEXT = { nonce: 'n0nce' } as unknown as AppLoadContext;

async function documents(entry: EntryHandler, paths: string[]): Promise<Response[]> {
  const handle = createRequestHandler(twoRouteBuild(entry), 'production');
  const responses: Response[] = [];
  for (const path of paths)
    responses.push(await handle(new Request(`http://hora.test${path}`), LOAD_CONTEXT));
  return responses;
}

const statusAndText = async (responses: Response[]) =>
  Promise.all(responses.map(async (response) => `${response.status} ${await response.text()}`));

describe('entry.server', () => {
  it('writes through React’s Bun build and the collector the documents React’s Node build writes', async () => {
    // Tests run as development, where the entry renders with React Router's own ServerRouter.
    const paths = ['/listings/7', '/listings/ñandú', '/nowhere'];
    const responses = await documents(handleRequest, paths);
    expect(responses.map((response) => response.headers.get('content-type'))).toEqual(
      Array(3).fill('text/html; charset=utf-8'),
    );
    const ours = await statusAndText(responses);
    expect(ours).toEqual(await statusAndText(await documents(nodeBuildEntry(ServerRouter), paths)));
    expect(ours[0]).toMatch(/^200 <!DOCTYPE html>/);
    expect(ours[0]).toContain('<h1>Sala 7<!-- --> (<!-- -->luz, &lt;b&gt;<!-- -->)</h1>');
    expect(ours[1]).toContain('Sala ñandú');
    expect(ours[1]).toMatch(
      /<script nonce="n0nce">window.__reactRouterContext.streamController.enqueue\(.*Sala ñandú.*\);<\/script>/,
    );
    expect(ours[2]).toMatch(/^404 /);
  });
});
