import type { ListingCardView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { LISTING_ID } from '../listing-page/listing.fixture.ts';
import { FavListingsPage } from './fav-listings-page.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import type { FavouritesPage } from './favourites-api.ts';

function render(element: React.ReactNode, locale: 'es' | 'en' = 'es', path = '/s?page=2'): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const button = (favourited: boolean, signedIn: boolean) => (
  <FavouriteButton listingId={LISTING_ID} favourited={favourited} signedIn={signedIn} returnTo="/s?page=2" />
);

describe('<FavouriteButton>', () => {
  it('is a form posting to the listing’s resource route, carrying the page to come back to', () => {
    const html = render(button(false, true));
    const form = html.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/favourites/${LISTING_ID}"`);
    expect(html).toContain('name="returnTo" value="/s?page=2"');
  });

  it('offers to add a listing not yet favourited (not pressed)', () => {
    const html = render(button(false, true));
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Añadir a favoritos"');
    expect(html).toContain('name="intent" value="add"');
  });

  it('offers to remove a favourite (pressed), in English too', () => {
    const html = render(button(true, true), 'en');
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain('aria-label="Remove from favourites"');
    expect(html).toContain('name="intent" value="remove"');
  });

  it('shows a visitor an empty heart that adds (their post leads to the login page)', () => {
    const html = render(button(true, false));
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('aria-label="Añadir a favoritos"');
    expect(html).toContain('name="intent" value="add"');
  });
});

function card(id: string, title: string): ListingCardView {
  return {
    id,
    title,
    price: { amount: 2500, currency: 'EUR' },
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    certificate: null,
    categories: [],
    capacity: null,
    geolocation: null,
    createdAt: '2025-11-01T10:00:00.000Z',
    image: null,
    premium: false,
  };
}

const meta = (page: number, totalPages: number, totalItems: number) => ({
  page,
  perPage: 24,
  totalItems,
  totalPages,
});

describe('<FavListingsPage>', () => {
  it('shows the favourites as cards, each with a pressed heart coming back to this page, and the pages', () => {
    const result: FavouritesPage = {
      listings: [card(LISTING_ID, 'Sala luminosa'), card('7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', 'Estudio')],
      meta: meta(2, 3, 50),
    };
    const html = render(<FavListingsPage page={2} result={result} />, 'es', '/favListings?page=2');
    expect(html.match(/data-testid="listing-card"/g)).toHaveLength(2);
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(2);
    expect(html).toContain('name="returnTo" value="/favListings?page=2"');
    expect(html).toContain('50 anuncios guardados');
    expect(html).toContain('href="/favListings?page=3"');
    expect(html).toContain('href="/favListings"');
    expect(html).not.toContain('data-testid="fav-listings-empty"');
  });

  it('shows an empty state that leads to the search page', () => {
    const html = render(<FavListingsPage page={1} result={{ listings: [], meta: meta(1, 0, 0) }} />);
    expect(html).toContain('data-testid="fav-listings-empty"');
    expect(html).toContain('Aún no tienes favoritos');
    expect(html).toContain('href="/s"');
  });

  it('says when the favourites could not be loaded, with a way to try again', () => {
    const html = render(<FavListingsPage page={1} result={null} />, 'en');
    expect(html).toContain('We could not load your favourites');
    expect(html).toContain('Try again');
  });
});
