import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import { NotFoundPage } from '../errors/not-found-page.tsx';
import { initialSearchMode, SEARCH_FIELDS, SearchForm, type SearchMode } from './search-form.tsx';
import { MobileTopbar } from './topbar-mobile.tsx';

/** The element at `url`, under a root route whose data the shell reads. */
function render(element: React.ReactNode, url = '/', locale: 'es' | 'en' = 'es'): string {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [
          { index: true, element },
          { path: '*', element },
        ],
      },
    ],
    { initialEntries: [url], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const inputs = (html: string) => [...html.matchAll(/<input[^>]*>/g)].map((match) => match[0]);
const hidden = (html: string) =>
  inputs(html)
    .filter((input) => input.includes('type="hidden"'))
    .map((input) => [/name="([^"]+)"/.exec(input)?.[1], /value="([^"]*)"/.exec(input)?.[1]]);
const formOf = (html: string) => /<form[^>]*>/.exec(html)?.[0] ?? '';

describe('<SearchForm> modes', () => {
  it.each<[SearchMode, string]>([
    ['keywords', 'keywords'],
    ['location', 'address'],
  ])('in %s mode sends its text as `%s` to the search page with a GET form', (mode, name) => {
    const html = render(<SearchForm initialMode={mode} />);
    expect(formOf(html)).toContain('method="get"');
    expect(formOf(html)).toContain('action="/s"');
    expect(formOf(html)).toContain(`data-search-mode="${mode}"`);
    const field = inputs(html).filter((input) => !input.includes('type="hidden"'));
    expect(field).toHaveLength(1);
    expect(field[0]).toContain(`name="${name}"`);
    expect(field[0]).toContain('required');
    expect(SEARCH_FIELDS[mode].name).toBe(name);
  });

  it('offers the two modes, Palabras clave and Ubicación, unless the form is one mode only', () => {
    const html = render(<SearchForm />);
    expect(html).toContain('<option value="keywords" selected="">Palabras clave</option>');
    expect(html).toContain('<option value="location">Ubicación</option>');
    expect(render(<SearchForm initialMode="location" showModeSelect={false} />)).not.toContain('<select');
  });

  it('is a combobox with the three city presets in location mode', () => {
    const html = render(<SearchForm initialMode="location" />);
    const input = inputs(html).find((candidate) => candidate.includes('name="address"')) ?? '';
    expect(input).toContain('role="combobox"');
    const options = [...html.matchAll(/role="option"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(options).toEqual(['Barcelona', 'Madrid', 'Valencia']);
  });

  it('keeps the search page’s filters as hidden fields, without the ones it sets and the page', () => {
    const url = '/s?address=Sevilla&bounds=37.5,-5.8,37.3,-6.1&keywords=sala&pub_category=sala&page=4';
    expect(hidden(render(<SearchForm initialMode="keywords" />, url))).toEqual([
      ['address', 'Sevilla'],
      ['bounds', '37.5,-5.8,37.3,-6.1'],
      ['pub_category', 'sala'],
    ]);
    expect(hidden(render(<SearchForm initialMode="location" />, url))).toEqual([
      ['keywords', 'sala'],
      ['pub_category', 'sala'],
    ]);
    // Elsewhere nothing is a search to keep.
    expect(hidden(render(<SearchForm />, '/?keywords=sala&mobilesearch=open'))).toEqual([]);
  });

  it('shows the current search’s text and opens on location when the search is a place', () => {
    expect(initialSearchMode({ address: 'Sevilla' })).toBe('location');
    expect(initialSearchMode({ address: 'Sevilla', keywords: 'sala' })).toBe('keywords');
    expect(initialSearchMode({})).toBe('keywords');
    const place = render(<SearchForm />, '/s?address=Sevilla&bounds=37.5,-5.8,37.3,-6.1');
    expect(formOf(place)).toContain('data-search-mode="location"');
    expect(place).toContain('value="Sevilla"');
    const words = render(<SearchForm />, '/s?keywords=cocina%20industrial');
    expect(words).toContain('value="cocina industrial"');
  });
});

describe('phone search modal', () => {
  it('opens with ?mobilesearch=open: the two mode buttons and the help text, no form yet', () => {
    const html = render(<MobileTopbar />, '/?mobilesearch=open');
    expect(html).toContain('data-testid="mobile-search"');
    expect(html).toContain('href="/?mobilesearch=open&amp;mobilesearchmode=keywords"');
    expect(html).toContain('href="/?mobilesearch=open&amp;mobilesearchmode=location"');
    expect(html).toContain('código postal');
    expect(html).not.toContain('<form');
    expect(render(<MobileTopbar />, '/')).not.toContain('data-testid="mobile-search"');
  });

  it.each([
    ['keywords', 'name="keywords"'],
    ['location', 'name="address"'],
  ])('shows the %s form for its button', (mode, field) => {
    const html = render(<MobileTopbar />, `/?mobilesearch=open&mobilesearchmode=${mode}`, 'en');
    expect(html).toContain('aria-current="true"');
    expect(formOf(html)).toContain('action="/s"');
    expect(html).toContain(field);
    if (mode === 'location') expect(html).toContain('role="combobox"');
    expect(html).toContain('postcode');
  });
});

describe('not-found page', () => {
  it('says 404 and offers a location search sent to the search page', () => {
    const html = render(<NotFoundPage />, '/no-such-page');
    expect(html).toContain('404');
    expect(html).toContain('No encontramos esta página');
    expect(formOf(html)).toContain('action="/s"');
    expect(formOf(html)).toContain('data-search-mode="location"');
    expect(html).toContain('name="address"');
    expect(html).toContain('role="combobox"');
    expect(html).not.toContain('<select');
    expect(hidden(html)).toEqual([]);
  });
});
