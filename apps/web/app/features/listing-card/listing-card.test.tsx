import type { ListingCardView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { image, LISTING_ID } from '../listing-page/listing.fixture.ts';
import { ListingCard } from './listing-card.tsx';

function card(overrides: Partial<ListingCardView> = {}): ListingCardView {
  return {
    id: LISTING_ID,
    title: 'Cocina de producción en Lavapiés',
    price: { amount: 2500, currency: 'EUR' },
    negotiation: 'no',
    minPrice: null,
    maxPrice: null,
    certificate: 'Registro sanitario 26.01234/M',
    categories: ['cocina'],
    capacity: 6,
    geolocation: { lat: 40.4089, lng: -3.7009 },
    createdAt: '2025-11-01T10:00:00.000Z',
    image: image('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
    premium: false,
    ...overrides,
  };
}

function render(listing: ListingCardView, locale: 'es' | 'en' = 'es', action?: React.ReactNode): string {
  const router = createMemoryRouter(
    [{ path: '/', element: <ListingCard listing={listing} action={action} /> }],
    { initialEntries: ['/'] },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('<ListingCard>', () => {
  it('links the whole card to the listing page and shows photo, price, title and certificate', () => {
    const html = render(card());
    expect(html).toContain(`href="/l/cocina-de-produccion-en-lavapies/${LISTING_ID}"`);
    expect(html).toContain('landscape-crop.webp 400w');
    expect(html).toContain('25,00');
    expect(html).toContain('por hora');
    expect(html).toContain('Cocina de producción en Lavapiés');
    expect(html).toContain('Certificado: Registro sanitario 26.01234/M');
    expect(html).not.toContain('★');
  });

  it('shows a range for a negotiable listing and the no-photo text without a cover', () => {
    const html = render(card({ negotiation: 'yes', minPrice: 20, maxPrice: 30, image: null }), 'en');
    expect(html).toMatch(/20\.00.*30\.00/);
    expect(html).toContain('Negotiable price');
    expect(html).toContain('No photo');
    expect(html).not.toContain('<picture');
  });

  it('stars a premium host and puts the action outside the link', () => {
    const html = render(card({ premium: true, certificate: null }), 'es', <button type="button">♥</button>);
    expect(html).toContain('aria-label="Anfitrión premium"');
    expect(html).not.toContain('Certificado');
    const link = html.slice(html.indexOf('<a '), html.indexOf('</a>'));
    expect(link).not.toContain('<button');
    expect(html).toContain('<div class="listing-card__action"><button type="button">♥</button></div>');
  });
});
