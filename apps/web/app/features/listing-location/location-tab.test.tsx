import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ownListing } from '../listing-wizard/test-listing.ts';
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
