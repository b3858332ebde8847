import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { callApi } from './ssr.ts';

/** An app whose `inject` records what it was asked, and a form post from the browser. */
function fakes() {
  const injected: InjectOptions[] = [];
  const app = {
    inject: async (options: InjectOptions) => {
      injected.push(options);
      return { statusCode: 200, body: '{"ok":true}', headers: {} };
    },
  } as unknown as FastifyInstance;
  const request = {
    method: 'POST',
    ip: '203.0.113.9',
    headers: { cookie: 'hora.session_token=abc', origin: 'http://hora.test', host: 'hora.test' },
  } as unknown as FastifyRequest;
  return { app, request, injected };
}

describe('callApi (context.api of loaders and actions)', () => {
  it('sends the idempotency key of a form post as the Idempotency-Key header', async () => {
    const { app, request, injected } = fakes();
    const answer = await callApi(app, request, '/api/transactions/t1/transitions', {
      method: 'POST',
      body: { transition: 'accept' },
      idempotencyKey: '0b8f1e0c-3f7a-4d52-9a55-5b7c5e2d9f11',
    });
    expect(answer).toEqual({ status: 200, data: { ok: true }, cookies: [] });
    expect(injected[0]).toMatchObject({
      method: 'POST',
      url: '/api/transactions/t1/transitions',
      payload: '{"transition":"accept"}',
      headers: {
        'idempotency-key': '0b8f1e0c-3f7a-4d52-9a55-5b7c5e2d9f11',
        'content-type': 'application/json',
        cookie: 'hora.session_token=abc',
        origin: 'http://hora.test',
      },
    });
  });

  it('sends no Idempotency-Key header when the call has none', async () => {
    const { app, request, injected } = fakes();
    await callApi(app, request, '/api/transactions/t1', {});
    expect(injected[0]?.headers).not.toHaveProperty('idempotency-key');
  });
});
