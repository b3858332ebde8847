import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../context.ts';
import { action as authAction, loader as authLoader } from './auth.tsx';
import { action as localeAction } from './locale.ts';

const EVIL = [
  '/\t/evil.example',
  '/\\evil.example',
  '//evil.example',
  '/%2F%2Fevil.example',
  'https://evil.example',
];

/** The load context of a visitor; the API answers every call with `answer`. */
function visitorContext(answer: (path: string) => unknown = () => ({})): WebContext {
  return {
    nonce: 'n',
    config: {
      marketplaceName: 'Hora',
      publicUrl: 'http://hora.test',
      blogUrl: undefined,
      social: {},
      maps: { tileUrl: undefined, attribution: '' },
    },
    viewer: null,
    now: () => new Date('2026-01-05T10:00:00.000Z'),
    api: async <T>(path: string): Promise<ApiResult<T>> => ({
      status: 200,
      data: answer(path) as T,
      cookies: [],
    }),
  };
}

function post(path: string, fields: Record<string, string>): Request {
  return new Request(`http://hora.test${path}`, { method: 'POST', body: new URLSearchParams(fields) });
}

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

describe('return paths of the web routes', () => {
  it.each(['/login', '/signup'].flatMap((page) => EVIL.map((returnTo) => [page, returnTo])))(
    'renders %s with / as its return path for returnTo=%j',
    async (page, returnTo) => {
      const request = new Request(`http://hora.test${page}?returnTo=${encodeURIComponent(returnTo)}`);
      const context = visitorContext((path) =>
        path === '/api/auth/providers' ? { providers: ['google'] } : { kind: 'altcha' },
      );
      const result = await authLoader({ request, context, params: {} } as unknown as Args<typeof authLoader>);
      expect(result.data.returnTo).toBe('/');
    },
  );

  it.each(EVIL)('sends a person who logs in with returnTo=%j to /', async (returnTo) => {
    const request = post('/login', { intent: 'login', email: 'a@example.com', password: 'x', returnTo });
    const response = await authAction({
      request,
      context: visitorContext(),
      params: {},
    } as unknown as Args<typeof authAction>);
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).headers.get('location')).toBe('/');
  });

  it('keeps a return path of this site, with the hash the page had', async () => {
    const request = post('/login', {
      intent: 'login',
      email: 'a@example.com',
      password: 'x',
      returnTo: '/account/contact-details?tab=1',
      returnHash: '#phone',
    });
    const response = (await authAction({
      request,
      context: visitorContext(),
      params: {},
    } as unknown as Args<typeof authAction>)) as Response;
    expect(response.headers.get('location')).toBe('/account/contact-details?tab=1#phone');
  });

  it.each(EVIL)('changes the language and goes back to / for redirectTo=%j', async (redirectTo) => {
    const response = await localeAction({
      request: post('/locale', { locale: 'en', redirectTo }),
      context: visitorContext(),
      params: {},
    } as unknown as Args<typeof localeAction>);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toContain('=en');
  });
});
