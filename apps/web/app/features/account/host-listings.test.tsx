import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { listingCard } from '../listing-card/card.fixture.ts';
import { HostListings } from './host-listings.tsx';
import type { HostListingsPage } from './host-listings-api.ts';

const PROFILE = '/u/6b1f8a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

function render(element: ReactNode, locale: Locale = 'es', entry = PROFILE): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [entry] });
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, '').replace(/&#x27;/g, "'");

function page(count: number, totalItems = count, current = 1): HostListingsPage {
  return {
    listings: Array.from({ length: count }, (_, i) =>
      listingCard({ id: `${i}f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f`, title: `Sala ${i}` }),
    ),
    meta: { page: current, perPage: 12, totalItems, totalPages: Math.ceil(totalItems / 12) },
  };
}

const NONE = page(0);

describe('<HostListings> (the host section of a profile)', () => {
  it('heads the section with the real count and shows the cards, without the empty text', () => {
    const html = render(<HostListings listings={page(3)} isOwner={false} name="Lucía M." />);
    expect(text(html)).toContain('Perfil de anfitrión (3)');
    expect(html.match(/data-testid="listing-card"/g)).toHaveLength(3);
    for (const title of ['Sala 0', 'Sala 1', 'Sala 2']) expect(text(html)).toContain(title);
    expect(text(html)).not.toContain('todavía no tiene espacios publicados');
    expect(html).not.toContain('href="/l/new"');
    // One page: no page links.
    expect(html).not.toContain('class="pagination"');
  });

  it('counts every published listing, not only the page’s, and pages on its own parameter', () => {
    const html = render(
      <HostListings listings={page(12, 30)} isOwner={false} name="Lucía M." />,
      'en',
      `${PROFILE}?hostReviews=2`,
    );
    expect(text(html)).toContain('Host profile (30)');
    expect(html.match(/data-testid="listing-card"/g)).toHaveLength(12);
    expect(html).toContain('aria-label="Pages of spaces"');
    expect(html).toContain(`href="${PROFILE}?hostReviews=2&amp;hostListings=2#host-listings"`);
    expect(html).toContain(`href="${PROFILE}?hostReviews=2&amp;hostListings=3#host-listings"`);
  });

  it('says a person has no published space only when they have none', () => {
    const html = render(<HostListings listings={NONE} isOwner={false} name="Lucía M." />);
    expect(text(html)).toContain('Perfil de anfitrión (0)');
    expect(text(html)).toContain('Lucía M. todavía no tiene espacios publicados.');
    expect(html).not.toContain('data-testid="listing-card"');
    expect(html).not.toContain('href="/l/new"');
  });

  it('gives the owner their own heading and texts, and always the link to publish a space', () => {
    const empty = render(<HostListings listings={NONE} isOwner name="Lucía M." />);
    expect(text(empty)).toContain('Mi perfil de anfitrión (0)');
    expect(text(empty)).toContain('Todavía no tienes espacios publicados.');
    expect(empty).toContain('href="/l/new"');
    const hosting = render(<HostListings listings={page(2)} isOwner name="Lucía M." />, 'en');
    expect(text(hosting)).toContain('My host profile (2)');
    expect(text(hosting)).not.toContain('You have no published spaces yet.');
    expect(hosting).toContain('href="/l/new"');
    expect(text(hosting)).toContain('List your space');
  });

  it('says the listings could not be loaded, with no count and no empty text, when the read failed', () => {
    const html = render(<HostListings listings={null} isOwner={false} name="Lucía M." />);
    expect(text(html)).toContain('No se han podido cargar los espacios.');
    expect(text(html)).toContain('Perfil de anfitrión');
    expect(text(html)).not.toContain('Perfil de anfitrión (');
    expect(text(html)).not.toContain('todavía no tiene espacios publicados');
    expect(html).toContain('role="alert"');
  });
});
