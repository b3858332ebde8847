import type { OwnListingView } from '@hora/core/listing';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { LISTING_ID, listing } from '../listing-page/listing.fixture.ts';
import { ManageListingsPage } from './manage-listings-page.tsx';
import { OwnListingCard } from './own-listing-card.tsx';

const es = mergedCatalogue('es');
const OTHER_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

function own(overrides: Partial<OwnListingView> = {}): OwnListingView {
  return { ...listing(), availabilityPlan: null, updatedAt: '2025-11-02T10:00:00.000Z', ...overrides };
}

function render(element: ReactNode, path = '/listings'): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderToString(
    <I18nProvider locale="es" messages={es}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const meta = (page: number, totalPages: number, totalItems: number) => ({
  page,
  perPage: 42,
  totalItems,
  totalPages,
});

describe('ManageListingsPage headings', () => {
  it('counts the listings', () => {
    const html = render(
      <ManageListingsPage
        page={1}
        result={{ listings: [own()], meta: meta(1, 1, 1) }}
        actionResult={undefined}
      />,
    );
    expect(html).toContain('Tienes 1 anuncio');
    expect(html).not.toContain('class="pagination"');
  });

  it('invites a host without listings to create the first one', () => {
    const html = render(
      <ManageListingsPage page={1} result={{ listings: [], meta: meta(1, 0, 0) }} actionResult={undefined} />,
    );
    expect(html).toContain('Aún no tienes anuncios');
    expect(html).toMatch(/href="\/l\/new"[^>]*>Crear tu primer anuncio/);
  });

  it('says when the listings could not be loaded', () => {
    const html = render(<ManageListingsPage page={2} result={null} actionResult={undefined} />);
    expect(html).toContain('No hemos podido cargar tus anuncios');
    expect(html).toContain('href="/listings?page=2"');
  });

  it('pages with first, current with neighbours, last and gaps, the page in the query', () => {
    const html = render(
      <ManageListingsPage
        page={5}
        result={{ listings: [own()], meta: meta(5, 9, 378) }}
        actionResult={undefined}
      />,
    );
    expect(html).toContain('Tienes 378 anuncios');
    const labels = [...html.matchAll(/aria-label="Página (\d+)"/g)].map((match) => Number(match[1]));
    expect(labels).toEqual([1, 4, 5, 6, 9]);
    expect(html.match(/class="pagination__gap"/g)).toHaveLength(2);
    expect(html).toMatch(
      /aria-current="page"[^>]*aria-label="Página 5"|aria-label="Página 5"[^>]*aria-current="page"/,
    );
    expect(html).toContain('href="/listings"');
    expect(html).toContain('href="/listings?page=9"');
    expect(html).toMatch(/href="\/listings\?page=4" rel="prev"|rel="prev"[^>]*href="\/listings\?page=4"/);
  });

  it('shows the failed action on its own card only, after a form sent without JavaScript', () => {
    const html = render(
      <ManageListingsPage
        page={1}
        result={{ listings: [own(), own({ id: OTHER_ID, title: 'Cocina' })], meta: meta(1, 1, 2) }}
        actionResult={{ listingId: OTHER_ID, action: 'close', ok: false, error: 'errors.api.forbidden' }}
      />,
    );
    expect(html.match(/role="alert"/g)).toHaveLength(1);
    const second = html.slice(html.indexOf('Cocina') - 2000);
    expect(second).toContain('No hemos podido cerrar el anuncio');
    expect(second).toContain('No tienes permiso');
    expect(second).toMatch(/href="\/listings"[^>]*>Entendido/);
  });
});

describe('OwnListingCard', () => {
  const card = (view: OwnListingView, running: Parameters<typeof OwnListingCard>[0]['running'] = null) =>
    render(<OwnListingCard listing={view} running={running} pageResult={undefined} />, '/listings?page=2');

  it('offers a published listing’s close, view and edit in its menu, as a form that works without JavaScript', () => {
    const html = card(own());
    expect(html).toContain('Publicado');
    expect(html).toContain('aria-label="Acciones de «Sala luminosa en Malasaña»"');
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}/edit/description"`);
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}"`);
    // Sent without JavaScript, the form comes back to the same page of listings.
    expect(html).toMatch(
      /<form[^>]*action="\/listings\?page=2" method="post"><input type="hidden" name="intent" value="close"\/>/,
    );
    expect(html).toContain(`name="listingId" value="${LISTING_ID}"`);
    expect(html).not.toContain('own-card__overlay');
  });

  it('covers a closed listing with the button that opens it', () => {
    const html = card(own({ state: 'closed' }));
    expect(html).toContain('Anuncio cerrado');
    expect(html).toMatch(
      /value="open"\/><input[^>]*\/><button type="submit" class="button button--primary">Abrir anuncio/,
    );
    expect(html).not.toContain('value="close"');
  });

  it('covers a draft with the link that finishes it on the photos tab', () => {
    const html = card(own({ state: 'draft' }));
    expect(html).toMatch(
      new RegExp(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}/draft/photos"[^>]*>Terminar borrador`),
    );
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}/draft"`);
  });

  it('covers a listing pending approval', () => {
    expect(card(own({ state: 'pendingApproval' }))).toContain(
      'own-card__overlay"><p>Pendiente de aprobación',
    );
  });

  it('disables its actions while another card’s action runs', () => {
    const html = card(own({ state: 'closed' }), { listingId: OTHER_ID, action: 'close' });
    expect(html).toMatch(/<button type="submit" class="button button--primary" disabled="">Abrir anuncio/);
  });

  it('shows its own action in progress', () => {
    const html = card(own(), { listingId: LISTING_ID, action: 'close' });
    expect(html).toContain('Cerrando el anuncio…');
    expect(html).toMatch(/class="card-menu__item" disabled="">Cerrar anuncio/);
  });
});
