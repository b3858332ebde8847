import { describe, expect, it } from 'vitest';
import { isAuthOnlyPath, loginPath, requireViewer } from './access.ts';
import { parseCookies, serializeCookie } from './cookies.ts';
import { redirectTarget } from './redirects.ts';

describe('auth-only paths', () => {
  it.each([
    '/l/new',
    '/l/sala-luminosa/7f1c/checkout',
    '/l/sala-luminosa/7f1c/draft',
    '/l/draft/00000000-0000-0000-0000-000000000000/new/description',
    '/l/sala/7f1c/edit/photos/success',
    '/profile-settings',
    '/verify-email',
    '/inbox/sales',
    '/order/abc/details',
    '/sale/abc/details',
    '/listings',
    '/account/contact-details',
    '/account/change-password',
    '/account/payments',
    '/account/payments/success',
    '/account/payment-methods',
  ])('%s needs a signed-in person', (path) => {
    expect(isAuthOnlyPath(path)).toBe(true);
  });

  it.each([
    '/',
    '/s',
    '/l/sala-luminosa/7f1c',
    '/l/7f1c',
    '/u/abc',
    '/login',
    '/signup',
    '/about',
    '/terms-of-service',
  ])('%s is public', (path) => {
    expect(isAuthOnlyPath(path)).toBe(false);
  });

  it('sends a visitor to log in with the path and search to come back to', () => {
    expect(loginPath(new URL('http://hora.test/inbox/orders?page=2'))).toBe(
      '/login?returnTo=%2Finbox%2Forders%3Fpage%3D2',
    );
    let thrown: unknown;
    try {
      requireViewer(new Request('http://hora.test/listings'), { viewer: null });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/login?returnTo=%2Flistings');
  });

  it('lets a signed-in person through', () => {
    const viewer = { id: 'u1', firstName: 'Ana', lastName: 'Ruiz' };
    expect(requireViewer(new Request('http://hora.test/listings'), { viewer })).toBe(viewer);
  });
});

describe('redirectTarget', () => {
  it.each([
    ['/l', '/'],
    ['/u', '/'],
    ['/inbox', '/inbox/sales'],
    ['/account', '/account/contact-details'],
    ['/order/tx-1', '/order/tx-1/details'],
    ['/sale/tx-2', '/sale/tx-2/details'],
  ])('%s leads to %s', (from, to) => {
    expect(redirectTarget(from)).toBe(to);
  });

  it('leaves other paths alone', () => {
    expect(redirectTarget('/order/tx-1/details')).toBeNull();
    expect(redirectTarget('/')).toBeNull();
  });
});

describe('cookies', () => {
  it('parses a Cookie header, keeping the first of repeated names and decoding values', () => {
    expect(parseCookies('a=1; hora_locale=en; a=2; broken; msg=hola%20mundo')).toEqual({
      a: '1',
      hora_locale: 'en',
      msg: 'hola mundo',
    });
    expect(parseCookies(null)).toEqual({});
  });

  it('serialises a site-wide, lax cookie, secure on HTTPS', () => {
    expect(serializeCookie('k', 'v w', { maxAge: 60, secure: false })).toBe(
      'k=v%20w; Max-Age=60; Path=/; SameSite=Lax',
    );
    expect(serializeCookie('k', 'v', { maxAge: 60, secure: true })).toContain('; Secure');
  });
});
