import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';

const es = mergedCatalogue('es');

import { ChunkLoadErrorPage, isChunkLoadError } from './chunk-load-error.tsx';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://hora.es/assets/map-1a2b.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/map.css',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves other errors to the generic error page', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('ChunkLoadErrorPage', () => {
  it('is a 404-style page with a link that reloads the landing page', () => {
    const router = createMemoryRouter([{ path: '/', element: <ChunkLoadErrorPage /> }]);
    const html = renderToString(
      <I18nProvider locale="es" messages={es}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(html).toContain('404');
    expect(html).toContain(es['errors.chunkLoad.title']);
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Ir al inicio<\/a>/);
  });
});
