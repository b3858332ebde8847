import { DEFAULT_BOOKING_RULES, type OwnListingView } from '@hora/core/listing';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { LocationTab } from './location-tab.tsx';

const draft = {
  id: '0b9f2c3e-5d6a-4e8b-9c1d-2e3f4a5b6c7d',
  state: 'draft',
  title: 'Sala',
  description: 'Una sala.',
  categories: ['sala'],
  certificate: null,
  rules: null,
  capacity: null,
  location: null,
  geolocation: null,
  price: null,
  negotiation: 'no',
  minPrice: null,
  maxPrice: null,
  timeZone: 'Europe/Madrid',
  bookingRules: DEFAULT_BOOKING_RULES,
  images: [],
  author: { id: 'a', displayName: 'Ana', abbreviatedName: 'A', avatar: null },
  createdAt: '2026-03-01T10:00:00.000Z',
  publishedAt: null,
  availabilityPlan: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
} satisfies OwnListingView;

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
