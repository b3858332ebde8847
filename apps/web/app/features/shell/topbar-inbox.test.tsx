import type { SessionUser } from '@hora/core/session';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import { Topbar } from './topbar.tsx';

const viewer = (facts: Partial<SessionUser>): SessionUser => ({
  id: '5b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e',
  email: 'lucia@hora.test',
  emailVerified: true,
  pendingEmail: null,
  firstName: 'Lucía',
  lastName: 'García',
  displayName: 'Lucía G.',
  abbreviatedName: 'LG',
  bio: null,
  instagram: null,
  tiktok: null,
  phoneNumber: null,
  locale: 'es',
  referralCode: 'LUCIA1',
  avatar: null,
  profileConfirmed: true,
  hasListings: true,
  hasOrders: false,
  stripeConnected: true,
  salesAwaiting: 0,
  scopes: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  ...facts,
});

/** The top bar for a signed-in person, at `url` (with `?mobilemenu=open` the phone menu too). */
function render(user: SessionUser, url = '/'): string {
  const root = { ...ROOT_DATA, viewer: user };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => root,
        children: [
          { index: true, element: <Topbar /> },
          { path: '*', element: <Topbar /> },
        ],
      },
    ],
    { initialEntries: [url], hydrationData: { loaderData: { root } } },
  );
  return renderToString(
    <I18nProvider locale="es" messages={mergedCatalogue('es')}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const desktop = (html: string) => html.slice(0, html.indexOf('data-testid="topbar-mobile"'));
const mobile = (html: string) => html.slice(html.indexOf('data-testid="topbar-mobile"'));

describe('the inbox link (issue 12)', () => {
  it('goes to sales for hosts and to orders for everyone else', () => {
    expect(desktop(render(viewer({ hasListings: true })))).toContain('href="/inbox/sales"');
    expect(desktop(render(viewer({ hasListings: false })))).toContain('href="/inbox/orders"');
  });

  it('shows the dot and, in the phone menu, the count of sales awaiting the host', () => {
    const html = render(viewer({ salesAwaiting: 3 }), '/?mobilemenu=open');
    expect(desktop(html)).toMatch(
      /Bandeja de entrada<span class="notification-dot" aria-hidden="true"><\/span>/,
    );
    expect(desktop(html)).toContain('3 reservas esperan tu respuesta');
    expect(mobile(html)).toMatch(/aria-label="Abrir el menú, 3 reservas esperan tu respuesta"/);
    expect(mobile(html)).toMatch(
      /href="\/inbox\/sales"[^>]*>Bandeja de entrada(<!-- -->)? <span class="count-badge" aria-hidden="true">3</,
    );
  });

  it('shows neither without sales awaiting', () => {
    const html = render(viewer({ salesAwaiting: 0 }), '/?mobilemenu=open');
    expect(html).not.toContain('notification-dot');
    expect(html).not.toContain('count-badge');
    expect(html).toContain('aria-label="Abrir el menú"');
  });
});
