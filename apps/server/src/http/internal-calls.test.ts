import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Auth } from '../modules/auth/better-auth.ts';
import { registerSessionResolution } from '../modules/auth/session.ts';
import { INTERNAL_CALL_HEADER, InternalCalls, registerInternalCalls } from './internal-calls.ts';
import type { Viewer } from './viewer.ts';

const PAGE_VIEWER: Viewer = {
  id: 'u-page',
  email: 'page@hora.test',
  emailVerified: true,
  firstName: 'Lucía',
  lastName: 'García',
  locale: 'es',
  banned: false,
  scopes: ['user'],
  sessionId: 's-page',
};

/** An app with the two hooks and a route telling what it saw; its auth counts session lookups. */
async function appWithHooks() {
  const calls = new InternalCalls();
  let lookups = 0;
  const auth = {
    api: {
      getSession: async () => {
        lookups += 1;
        return {
          user: { id: 'u-cookie', email: 'c@hora.test', emailVerified: true, firstName: 'A', lastName: 'B' },
          session: { id: 's-cookie' },
        };
      },
    },
  } as unknown as Auth;
  const app = Fastify();
  registerInternalCalls(app, calls);
  registerSessionResolution(app, { auth, cookieName: 'hora.session_token' });
  app.get('/seen', async (request) => ({
    viewer: request.viewer?.id ?? null,
    internal: request.internalCall !== null,
    header: request.headers[INTERNAL_CALL_HEADER] ?? null,
  }));
  await app.ready();
  return { app, calls, lookups: () => lookups };
}

const cookie = 'hora.session_token=abc';

describe('in-process API calls of a page load', () => {
  it("take the page request's viewer without reading the session again", async () => {
    const { app, calls, lookups } = await appWithHooks();
    const page = calls.begin({ viewer: PAGE_VIEWER });
    const response = await app.inject({
      url: '/seen',
      headers: { cookie, [INTERNAL_CALL_HEADER]: page.token },
    });
    expect(response.json()).toEqual({ viewer: 'u-page', internal: true, header: null });
    expect(lookups()).toBe(0);
    page.end();
    expect(calls.size).toBe(0);
  });

  it("take a visitor's page as a visitor's, even with a session cookie", async () => {
    const { app, calls, lookups } = await appWithHooks();
    const page = calls.begin({ viewer: null });
    const response = await app.inject({
      url: '/seen',
      headers: { cookie, [INTERNAL_CALL_HEADER]: page.token },
    });
    expect(response.json()).toMatchObject({ viewer: null, internal: true });
    expect(lookups()).toBe(0);
  });

  it('are not recognised by a guessed token or the token of a page already answered', async () => {
    const { app, calls, lookups } = await appWithHooks();
    const page = calls.begin({ viewer: PAGE_VIEWER });
    page.end();
    for (const token of [page.token, 'guessed', '']) {
      const response = await app.inject({ url: '/seen', headers: { cookie, [INTERNAL_CALL_HEADER]: token } });
      // An ordinary request: its own cookie's session, and the header gone before any route reads it.
      expect(response.json()).toEqual({ viewer: 'u-cookie', internal: false, header: null });
    }
    expect(lookups()).toBe(3);
  });

  it('leave requests without the header as they were', async () => {
    const { app, lookups } = await appWithHooks();
    const response = await app.inject({ url: '/seen', headers: { cookie } });
    expect(response.json()).toEqual({ viewer: 'u-cookie', internal: false, header: null });
    expect(lookups()).toBe(1);
  });
});
