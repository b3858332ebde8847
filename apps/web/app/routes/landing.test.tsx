import { CATEGORIES } from '@hora/core/config';
import type { ListingCardView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../context.ts';
import { image, LISTING_ID } from '../features/listing-page/listing.fixture.ts';
import { mergedCatalogue } from '../i18n/catalogue.ts';
import { I18nProvider } from '../i18n/i18n.tsx';
import { ROOT_DATA } from '../root.fixture.ts';
import type { Route } from './+types/landing';
import Landing, { loader } from './landing.tsx';

const CARD: ListingCardView = {
  id: LISTING_ID,
  title: 'Cocina de producción en Lavapiés',
  price: { amount: 2500, currency: 'EUR' },
  negotiation: 'no',
  minPrice: null,
  maxPrice: null,
  certificate: null,
  categories: ['cocina'],
  capacity: 6,
  geolocation: { lat: 40.4089, lng: -3.7009 },
  createdAt: '2025-11-01T10:00:00.000Z',
  image: image('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'),
  premium: false,
};

type LandingData = Route.ComponentProps['loaderData'];

function render(data: LandingData, locale: 'es' | 'en' = 'es'): string {
  const element = <Landing {...({ loaderData: data } as Route.ComponentProps)} />;
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => ROOT_DATA, children: [{ index: true, element }] }],
    { initialEntries: ['/'], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

const DATA: LandingData = {
  tiles: ['cocina', 'gimnasio', 'sala'],
  listings: { counts: { Madrid: 1234, Barcelona: 1, Valencia: 0 }, featured: [CARD] },
  favourites: [],
  signedIn: false,
  accountDeleted: false,
};

describe('landing page', () => {
  it('counts the spaces of Madrid, Barcelona and Valencia, each a link to the city’s search', () => {
    const es = text(render(DATA));
    expect(es).toContain('Madrid 1234 espacios');
    expect(es).toContain('Barcelona 1 espacio');
    expect(es).toContain('Valencia Aún no hay espacios');
    const en = text(render(DATA, 'en'));
    expect(en).toContain('Madrid 1,234 spaces');
    expect(en).toContain('Barcelona 1 space');
    expect(en).toContain('Valencia No spaces yet');
    const madrid = hrefs(render(DATA)).find(
      (href) => href.includes('Comunidad%20de%20Madrid') && !href.includes('pub_category'),
    );
    expect(madrid).toBe(
      '/s?address=Madrid,%20Comunidad%20de%20Madrid,%20Espa%C3%B1a&bounds=40.56598,-3.52464,40.31206,-3.83406',
    );
  });

  it('shows a city without a count when its count failed, and no featured section without listings', () => {
    const html = render({
      ...DATA,
      listings: { counts: { Madrid: null, Barcelona: 3, Valencia: null }, featured: [] },
    });
    expect(text(html)).toContain('Madrid Explorar espacios');
    expect(text(html)).toContain('Barcelona 3 espacios');
    expect(html).not.toContain('data-testid="featured-listings"');
  });

  it('shows the newest listings as cards', () => {
    const html = render(DATA);
    expect(html).toContain('data-testid="featured-listings"');
    expect(html).toContain(`href="/l/cocina-de-produccion-en-lavapies/${LISTING_ID}"`);
    expect(text(html)).toContain('Recién publicados');
    expect(html).toContain(`action="/favourites/${LISTING_ID}"`);
    expect(html).toContain('aria-pressed="false"');
    expect(render({ ...DATA, favourites: [LISTING_ID], signedIn: true })).toContain('aria-pressed="true"');
  });

  it('has the category carousel (every category a search), the catering promo and the tiles in order', () => {
    const html = render(DATA);
    const links = hrefs(html);
    for (const category of CATEGORIES) expect(links).toContain(`/s?pub_category=${category}`);
    expect(html.match(/aria-label="(Categorías anteriores|Más categorías)"[^>]*disabled/g)).toHaveLength(2);
    expect(links).toContain('/s?keywords=catering&pub_category=cocina');
    const tiles = [...html.matchAll(/data-testid="tile-(\w+)"/g)].map((match) => match[1]);
    expect(tiles).toEqual(['cocina', 'gimnasio', 'sala']);
  });
});

describe('landing loader', () => {
  it('orders the tiles by the server’s day in Madrid and reads the listings from the search API', async () => {
    const paths: string[] = [];
    const api = (async <T,>(path: string): Promise<ApiResult<T>> => {
      paths.push(path);
      const bounds = new URL(path, 'http://hora.test').searchParams.get('bounds');
      const data = {
        data: bounds ? [] : [CARD],
        meta: { page: 1, perPage: 1, totalItems: bounds ? 7 : 1, totalPages: 1 },
      };
      return { status: 200, data: data as T, cookies: [] };
    }) as WebContext['api'];
    const context = { ...({} as WebContext), viewer: null, api, now: () => new Date('2026-11-03T10:00:00Z') };
    const request = new Request('http://hora.test/');
    const data = await loader({ request, context } as unknown as Route.LoaderArgs);
    expect(data.tiles).toEqual(['gimnasio', 'sala', 'cocina']);
    expect(paths).toHaveLength(4);
    expect(data.listings).toEqual({ counts: { Madrid: 7, Barcelona: 7, Valencia: 7 }, featured: [CARD] });
    expect(data).toMatchObject({ favourites: [], signedIn: false, accountDeleted: false });
    const afterDeletion = new Request('http://hora.test/?accountDeleted=1');
    expect(
      (await loader({ request: afterDeletion, context } as unknown as Route.LoaderArgs)).accountDeleted,
    ).toBe(true);
  });
});

describe('after deleting an account', () => {
  it('confirms the deletion on the home page, and only then', () => {
    expect(text(render({ ...DATA, accountDeleted: true }))).toContain('Tu cuenta se ha eliminado.');
    expect(text(render({ ...DATA, accountDeleted: true }, 'en'))).toContain('Your account has been deleted.');
    expect(render(DATA)).not.toContain('Tu cuenta se ha eliminado');
  });
});
