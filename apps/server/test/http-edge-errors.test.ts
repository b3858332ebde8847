import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { browser, errorCode } from './accounts.ts';
import { buildTestApp } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;
let port: number;

beforeAll(async () => {
  app = await buildTestApp(database.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

/** Sends raw bytes to the listening server and returns everything it answers. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      resolve(answer);
    });
    socket.write(bytes);
  });
}

function parse(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  return { status, head, body: JSON.parse(body) };
}

function expectApiError(body: { errors?: unknown[] }, status: number, code: string) {
  expect(Object.keys(body)).toEqual(['errors']);
  expect(body.errors).toEqual([
    expect.objectContaining({ id: expect.any(String), status, code, title: expect.any(String) }),
  ]);
}

describe("errors of Node's HTTP parser", () => {
  it.each([
    ['garbage', 'GARBAGE\r\n\r\n'],
    ['an unknown method', 'FOO / HTTP/1.1\r\nHost: hora.test\r\n\r\n'],
    ['a broken header line', 'GET / HTTP/1.1\r\nHost hora.test\r\n\r\n'],
    ['a bad content length', 'POST /api/auth/login HTTP/1.1\r\nHost: hora.test\r\nContent-Length: x\r\n\r\n'],
  ])('answer %s with a 400 in the API error shape', async (_name, bytes) => {
    const { status, head, body } = parse(await rawExchange(bytes));
    expect(status).toBe(400);
    expect(head).toMatch(/content-type: application\/json/i);
    expectApiError(body, 400, 'validation-invalid-params');
  });

  it('answers headers too large with 431 in the API error shape', async () => {
    const { status, body } = parse(
      await rawExchange(`GET / HTTP/1.1\r\nHost: hora.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(status).toBe(431);
    expectApiError(body, 431, 'request-header-too-large');
  });
});

describe('requests no route takes', () => {
  it.each([
    ['PROPFIND', '/api/session'],
    ['PROPFIND', '/'],
    ['OPTIONS', '/api/session'],
    ['TRACE', '/'],
  ] as const)('%s %s answers 404 in the API error shape', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expectApiError(response.json(), 404, 'not-found');
  });

  it('a URL that does not decode answers 400 in the API error shape', async () => {
    const { status, body } = parse(
      await rawExchange('GET /api/%zz HTTP/1.1\r\nHost: hora.test\r\nConnection: close\r\n\r\n'),
    );
    expect(status).toBe(400);
    expectApiError(body, 400, 'validation-invalid-params');
  });
});

describe('bodies the API does not read', () => {
  it.each([
    ['text/plain', 'email=a@b.es'],
    ['application/xml', '<login/>'],
    ['application/x-www-form-urlencoded', 'email=a%40b.es&password=x'],
  ])('a %s body to a JSON route is 415 unsupported-media-type', async (contentType, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...browser(), 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('unsupported-media-type');
  });
});
