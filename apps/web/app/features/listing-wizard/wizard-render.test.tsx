import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { AvailabilityTab } from './availability/availability-tab.tsx';
import { DescriptionTab } from './description-tab.tsx';
import { listingLikeOf } from './listing-like.ts';
import { PricingTab } from './pricing-tab.tsx';
import { listingReadyForPhotos, ownListing } from './test-listing.ts';
import { WizardNav } from './wizard-nav.tsx';
import { tabStates } from './wizard-tabs.ts';

const es = mergedCatalogue('es');
const noop = () => {};

function render(element: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }]);
  return renderToString(
    <I18nProvider locale="es" messages={es}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('WizardNav', () => {
  const listing = ownListing({ categories: ['sala'] });
  const html = render(<WizardNav states={tabStates('draft', listingLikeOf(listing), 'features')} />);

  it('links the reachable tabs and marks the current one', () => {
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/l\/cocina-luminosa-en-chamberi\/[^"]+\/draft\/features"/,
    );
    expect(html).toMatch(/<a[^>]*href="[^"]+\/draft\/description"/);
    expect(html).toMatch(/<a[^>]*href="[^"]+\/draft\/location"/);
  });

  it('shows the tabs not reachable yet without a link, saying why', () => {
    expect(html).not.toMatch(/href="[^"]+\/draft\/pricing"/);
    expect(html).toContain('Precio');
    expect(html.match(/completa antes los pasos anteriores/g)).toHaveLength(3);
  });

  it('tells which tabs are completed, and the step', () => {
    expect(html.match(/\(completado\)/g)).toHaveLength(2);
    expect(html).toContain('Paso 2 de 6');
  });
});

describe('tab forms as the server renders them', () => {
  it('count the characters of the title and description, and wait for the script to save', () => {
    const html = render(
      <DescriptionTab listing={ownListing()} submitLabel="Guardar y continuar" onSaved={noop} />,
    );
    expect(html).toContain('27/60 caracteres');
    expect(html).toMatch(
      /<input[^>]*maxLength="60"[^>]*name="title"|<input[^>]*name="title"[^>]*maxLength="60"/,
    );
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Guardar y continuar/);
  });

  it('show the midpoint of a negotiable price', () => {
    const listing = listingReadyForPhotos({ negotiation: 'yes', minPrice: 10, maxPrice: 15.01 });
    const html = render(<PricingTab listing={listing} submitLabel="x" onSaved={noop} />);
    expect(html).toContain('Precio de partida: 12,51');
  });

  it('show the currency message instead of the pricing form for a price in another currency', () => {
    const listing = listingReadyForPhotos({ price: { amount: 2500, currency: 'USD' } });
    const html = render(<PricingTab listing={listing} submitLabel="x" onSaved={noop} />);
    expect(html).toContain('está en USD');
    expect(html).not.toContain('<form');
  });

  it('show a stored midnight end as 24:00 in the weekly plan', () => {
    const html = render(<AvailabilityTab listing={listingReadyForPhotos()} submitLabel="x" onSaved={noop} />);
    expect(html).toMatch(/<option value="24:00" selected="">24:00<\/option>/);
    expect(html).toMatch(/<option value="Europe\/Madrid" selected="">/);
  });

  it('disable saving the availability until the plan has a range', () => {
    const html = render(
      <AvailabilityTab listing={ownListing()} submitLabel="Guardar y continuar" onSaved={noop} />,
    );
    expect(html).toContain('Añade al menos un horario para continuar.');
    expect(html.match(/Cerrado/g)).toHaveLength(7);
  });
});
