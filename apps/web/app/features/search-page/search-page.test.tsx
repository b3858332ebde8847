import { parseSearchQuery } from '@hora/core/search';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { toJsonText } from '../../json-text.ts';
import { listingCard } from '../listing-card/card.fixture.ts';
import { image } from '../listing-page/listing.fixture.ts';
import type { SearchPageData, SearchResult } from './search-data.ts';
import { SearchPage } from './search-page.tsx';

const card = (id: string) => listingCard({ id, title: `Espacio ${id.slice(0, 4)}` });

const IDS = Array.from({ length: 6 }, (_, i) => `${i}f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f`);

function result(page: number, totalItems: number, listings = IDS.map(card)): SearchResult {
  return {
    listings: toJsonText(listings),
    meta: { page, perPage: 24, totalItems, totalPages: Math.ceil(totalItems / 24) },
  };
}

function render(
  search: string,
  data: SearchResult | null,
  locale: Locale = 'es',
  extra: Partial<SearchPageData> = {},
): string {
  const pageData: SearchPageData = {
    query: parseSearchQuery(search),
    result: data,
    failure: null,
    map: { tileUrl: undefined, attribution: '' },
    favourites: [],
    signedIn: false,
    placeNotice: null,
    ...extra,
  };
  const router = createMemoryRouter([{ path: '*', element: <SearchPage data={pageData} /> }], {
    initialEntries: [`/s${search}`],
  });
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const decode = (html: string) => html.replace(/&amp;/g, '&');

describe('SearchPage', () => {
  it('counts the results in a live region, in Spanish and English', () => {
    expect(render('', result(1, 1, [card(IDS[0]!)]))).toMatch(/aria-live="polite"[^>]*>1 espacio</);
    expect(render('', result(1, 240))).toMatch(/aria-live="polite"[^>]*>240 espacios</);
    expect(render('', result(1, 240), 'en')).toMatch(/aria-live="polite"[^>]*>240 spaces</);
    expect(render('', result(1, 1, [card(IDS[0]!)]), 'en')).toMatch(/>1 space</);
  });

  it('says when nothing matches and links to the search without filters, place kept', () => {
    const html = decode(render('?address=Madrid&people=40&page=1', result(1, 0, [])));
    expect(html).toContain('No hay espacios con estos filtros.');
    expect(html).toMatch(/href="\/s\?address=Madrid"[^>]*>Quitar los filtros/);
  });

  it('shows a translated failure with a retry of the same URL', () => {
    const html = decode(render('?keywords=sala', null, 'en'));
    expect(html).toContain('We could not run the search.');
    expect(html).toMatch(/href="\/s\?keywords=sala"[^>]*>Try again/);
    expect(html).not.toContain('class="pagination"');
  });

  it('asks for fewer dates or a smaller map when the search took too long, in either language', () => {
    const search = '?dates=2027-01-01,2027-03-31&times=10:00,14:00';
    const spanish = decode(render(search, null, 'es', { failure: 'search-too-broad' }));
    expect(spanish).toContain('Esta búsqueda abarca demasiado. Acota las fechas o acerca el mapa');
    expect(spanish).not.toContain('No hemos podido hacer la búsqueda.');
    const english = decode(render(search, null, 'en', { failure: 'search-too-broad' }));
    expect(english).toContain('This search covers too much. Narrow the dates or zoom in on the map');
  });

  it('renders the filters from the URL as a GET form to /s', () => {
    const html = decode(
      render(
        '?address=Madrid&keywords=sala&dates=2026-03-28,2026-03-29&minDuration=120&times=10:00,14:00&people=4&price=10,200&pub_category=sala,cocina&sort=price',
        result(1, 6),
      ),
    );
    expect(html).toMatch(/<form id="search-filters" class="search-filter-bar"[^>]*action="\/s" method="get"/);
    // Phones reach the form through the "Filtros" link before JavaScript (the modal comes with it);
    // "more filters" is a disclosure, and its cancel a form reset to the URL's values.
    expect(html).toMatch(
      /<a href="#search-filters" class="button button--secondary search-filters-open">Filtros \(6\)</,
    );
    expect(html).toMatch(
      /<details class="search-filter-bar__more"><summary class="button button--secondary">Más filtros \(2\)/,
    );
    expect(html).toContain('<button type="reset" class="button button--secondary">Cancelar</button>');
    expect(html).toContain('<input type="hidden" name="address" value="Madrid"/>');
    expect(html).toMatch(/name="keywords"[^>]*value="sala"/);
    expect(html).toMatch(/name="dateStart"[^>]*value="2026-03-28"/);
    expect(html).toMatch(/name="dateEnd"[^>]*value="2026-03-29"/);
    expect(html).toMatch(/<option value="120" selected="">2 horas/);
    expect(html).toMatch(/<option value="10:00" selected="">10:00/);
    expect(html).toMatch(/<option value="14:00" selected="">14:00/);
    expect(html).toMatch(/name="people"[^>]*value="4"/);
    expect(html).toMatch(/name="priceMin"[^>]*value="10"/);
    expect(html).toMatch(/name="priceMax"[^>]*value="200"/);
    expect(html).toContain('10 € – 200 €');
    expect(html).toMatch(/name="pub_category" checked="" value="sala"/);
    expect(html).toMatch(/name="pub_category" checked="" value="cocina"/);
    expect(html).toMatch(/name="pub_category" value="terraza"\/>/);
    expect(html.match(/type="checkbox" name="pub_category"/g)).toHaveLength(19);
    // Without JavaScript the form is sent with its button.
    expect(html).toMatch(/<button type="submit" class="button button--primary">Aplicar filtros</);
  });

  it('keeps duration and hours disabled until dates are chosen', () => {
    const html = render('', result(1, 6));
    expect(html).toMatch(/<select id="bar-minDuration" name="minDuration" disabled=""/);
    expect(html).toMatch(/<fieldset class="search-filter search-filter--times" disabled=""/);
    expect(html).toContain('Elige fechas para filtrar por duración y horario.');
    // Hours end at 24:00 and start no later than 23:00.
    const start = html.match(/<select id="bar-timeStart".*?<\/select>/)?.[0] ?? '';
    const end = html.match(/<select id="bar-timeEnd".*?<\/select>/)?.[0] ?? '';
    expect(start).toContain('<option value="00:00">00:00</option>');
    expect(start).not.toContain('24:00');
    expect(end).toContain('<option value="24:00">24:00</option>');
    expect(end).not.toContain('00:00');
  });

  it('offers relevance only, and only it, under a keyword search', () => {
    const plain = render('', result(1, 6));
    expect(plain).toMatch(/<option value="createdAt" selected="">Más recientes/);
    expect(plain).toMatch(/<option value="-createdAt">Más antiguos/);
    expect(plain).toMatch(/<option value="price">Precio más alto/);
    expect(plain).toMatch(/<option value="-price">Precio más bajo/);
    expect(plain).toMatch(/<option value="relevance" disabled="">Relevancia/);
    const keywords = render('?keywords=sala&sort=-price', result(1, 6), 'en');
    expect(keywords).toMatch(/<option value="relevance" selected="">Relevance/);
    expect(keywords).toMatch(/<option value="-price" disabled="">Lowest price/);
    expect(keywords).toMatch(/<option value="createdAt" disabled="">Newest/);
  });

  it('pages keep the query, with first, neighbours, last and gaps', () => {
    const html = decode(render('?keywords=sala&people=2&page=5', result(5, 24 * 9)));
    const labels = [...html.matchAll(/aria-label="Página (\d+)"/g)].map((match) => Number(match[1]));
    expect(labels).toEqual([1, 4, 5, 6, 9]);
    expect(html.match(/class="pagination__gap"/g)).toHaveLength(2);
    expect(html).toContain('href="/s?keywords=sala&people=2"');
    expect(html).toContain('href="/s?keywords=sala&people=2&page=9"');
    expect(html).toMatch(/rel="prev" href="\/s\?keywords=sala&people=2&page=4"/);
  });

  it('shows the cards, the first ones loading their photos at once, and no map before JavaScript', () => {
    const withPhotos = IDS.map((id) => ({ ...card(id), image: image(id) }));
    const html = render('', result(1, 6, withPhotos));
    expect(html.match(/data-testid="listing-card"/g)).toHaveLength(6);
    expect(html.match(/loading="eager"/g)).toHaveLength(4);
    expect(html.match(/loading="lazy"/g)).toHaveLength(2);
    expect(html).not.toContain('data-testid="search-map-panel"');
  });
});

describe('search page hearts and place notices', () => {
  it('puts a heart on every card, filled for the viewer’s favourites', () => {
    const html = render('', result(1, 6), 'es', { favourites: [IDS[1] as string], signedIn: true });
    expect(html.match(/aria-pressed="true"/g)?.length ?? 0).toBe(1);
    expect(html.match(/Añadir a favoritos/g)?.length ?? 0).toBe(5);
    expect(html).toContain(`action="/favourites/${IDS[1]}"`);
  });

  it('says when a typed place was not found, in the visitor’s language', () => {
    expect(render('?address=Atlantis', result(1, 6), 'es', { placeNotice: 'not-found' })).toContain(
      'No encontramos «Atlantis»',
    );
    expect(render('?address=Atlantis', result(1, 6), 'en', { placeNotice: 'unavailable' })).toContain(
      'We could not look up “Atlantis”',
    );
  });
});
