import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  path: string;
  query: Record<string, string>;
  userAgent: string | undefined;
}

type Answer = (request: FakeRequest, response: ServerResponse) => void;

/**
 * A geocoder on 127.0.0.1 for tests: records every request and answers with `answer`, which a test
 * changes as it goes. Closing destroys open sockets, so a test of a server that never answers ends.
 */
export async function startFakeGeocoder(initial: Answer = sendJson([])) {
  const requests: FakeRequest[] = [];
  let answer = initial;
  const server = createServer((incoming: IncomingMessage, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request = {
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: incoming.headers['user-agent'],
    };
    requests.push(request);
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith(next: Answer) {
      answer = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(body: unknown, status = 200): Answer {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
}
