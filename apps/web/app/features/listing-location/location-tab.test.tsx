import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import { listingReadyForPhotos, ownListing } from '../listing-wizard/test-listing.ts';
import { LocationTab } from './location-tab.tsx';

const draft = ownListing({ title: 'Sala', description: 'Una sala.', categories: ['sala'] });

describe('LocationTab on the server render', () => {
  it('asks for an address, explains how, and waits for one before showing the map', () => {
    const html = renderToString(
      <I18nProvider locale="es" messages={mergedCatalogue('es')}>
        <LocationTab listing={draft} submitLabel="Guardar y continuar" onSaved={() => {}} />
      </I18nProvider>,
    );
    expect(html).toContain('Dirección');
    expect(html).toContain('Escribe la calle y el número, una coma y la ciudad');
    expect(html).toContain('Elige una dirección para ver el mapa.');
    expect(html).toContain('Edificio, piso o puerta (opcional)');
    expect(html).toContain('maxLength="200"');
    expect(html).toMatch(/<button type="submit"[^>]*>Guardar y continuar<\/button>/);
    expect(html).not.toContain('location-map');
  });
});

describe('LocationTab for a listing with its place stored', () => {
  it('shows the stored pin on the static map, with a button to move it, and no map code waiting', () => {
    const root = {
      ...ROOT_DATA,
      config: {
        ...ROOT_DATA.config,
        maps: {
          tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: '© OSM',
          fuzzyLocation: false,
        },
      },
    };
    const element = (
      <LocationTab listing={listingReadyForPhotos()} submitLabel="Guardar" onSaved={() => {}} />
    );
    const router = createMemoryRouter(
      [{ id: 'root', path: '/', loader: () => root, children: [{ path: '*', element }] }],
      { initialEntries: ['/l/sala/id/edit/location'], hydrationData: { loaderData: { root } } },
    );
    const html = renderToString(
      <I18nProvider locale="es" messages={mergedCatalogue('es')}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    expect(html).toContain('Mueve la chincheta hasta la puerta del espacio');
    expect(html).toMatch(
      /<section class="location-map" aria-label="Mapa de la ubicación"><button type="button" class="static-map"/,
    );
    expect(html).toContain('<span class="static-map__explore">Mover la chincheta</span>');
    // 40.43, -3.7 at zoom 15 is in tile 16047 / 12354 (OpenStreetMap's slippy-map formula).
    expect(html).toContain('src="https://tile.openstreetmap.org/15/16047/12354.png"');
    expect(html).not.toContain('Cargando el mapa…');
  });
});
