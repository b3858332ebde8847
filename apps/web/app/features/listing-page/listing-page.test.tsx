import type { ListingView } from '@hora/core/listing';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import { NO_REVIEWS, review, reviewPage } from '../reviews/reviews.fixture.ts';
import { gatheringStream } from '../routing/stream.fixture.ts';
import type { BookingPanelData } from './booking-panel.tsx';
import { LISTING_ID, listing } from './listing.fixture.ts';
import { ListingPage } from './listing-page.tsx';
import type { ListingPageData } from './listing-page-loader.ts';
import { ReviewsSection } from './reviews-section.tsx';

const PAGE = `/l/sala-luminosa-en-malasana/${LISTING_ID}`;
const es = mergedCatalogue('es');

const BOOKING: BookingPanelData = {
  block: null,
  form: {
    slots: [{ start: '2025-11-24T10:00:00.000Z', end: '2025-11-24T13:00:00.000Z', seats: 1 }],
    days: [
      { date: '2025-11-24', label: 'Lun, 24 nov', blocked: false },
      { date: '2025-11-25', label: 'Mar, 25 nov', blocked: true },
    ],
    timeZone: 'Europe/Madrid',
    firstDay: '2025-11-24',
    lastDay: '2025-12-31',
    windowLastDay: '2026-02-21',
    months: 1,
  },
};

function data(view: ListingView, overrides: Partial<ListingPageData> = {}): ListingPageData {
  return {
    listing: view,
    isOwner: false,
    signedIn: false,
    favourited: false,
    address: view.location?.address ?? null,
    fuzzy: false,
    booking: view.state === 'published' ? BOOKING : null,
    reviews: NO_REVIEWS,
    ...overrides,
  };
}

/** A marketplace with OpenStreetMap's tiles, whose static map the page draws. */
const WITH_TILES = {
  ...ROOT_DATA,
  config: {
    ...ROOT_DATA.config,
    maps: {
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      fuzzyLocation: false,
    },
  },
};

/** The page under the root route, whose data (config, viewer) the map and the shell read. */
function render(page: ListingPageData, path = PAGE, root: object = ROOT_DATA): string {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => root,
        children: [{ path: '*', element: <ListingPage data={page} /> }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root } } },
  );
  return renderToString(
    <I18nProvider locale="es" messages={es}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

/** The page as the server sends it: every Suspense boundary (the booking form's) rendered. */
function renderAll(page: ListingPageData, path = PAGE): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [{ path: '*', element: <ListingPage data={page} /> }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <I18nProvider locale="es" messages={es}>
        <RouterProvider router={router} />
      </I18nProvider>,
      {
        onAllReady() {
          pipe(gatheringStream((bytes) => resolve(bytes.toString('utf8'))));
        },
        onShellError: reject,
      },
    );
  });
}

/** The HTML of the element with this `data-testid`, up to the end of the document (enough to search in). */
function from(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  return start === -1 ? '' : html.slice(start);
}

describe('ListingPage', () => {
  it('puts the favourite heart beside the title of a published or closed listing, not of a draft', () => {
    const visitor = render(data(listing()));
    expect(from(visitor, 'favourite-button')).toMatch(/^data-testid="favourite-button"/);
    expect(visitor).toContain(`action="/favourites/${LISTING_ID}"`);
    expect(visitor).toContain('aria-label="Añadir a favoritos"');
    const kept = render(data(listing({ state: 'closed' }), { signedIn: true, favourited: true }));
    expect(kept).toContain('aria-pressed="true"');
    expect(kept).toContain('aria-label="Quitar de favoritos"');
    const draft = render(data(listing({ state: 'draft' }), { isOwner: true }));
    expect(draft).not.toContain('favourite-button');
  });

  it('shows a visitor the listing, its facts, and the booking form', async () => {
    const html = await renderAll(data(listing()));
    expect(html).toContain('<h1 class="listing-header__title">Sala luminosa en Malasaña</h1>');
    expect(html).toMatch(/25,00\s€<\/span> <span class="price__unit">por hora/);
    expect(html).toContain('Hasta 12 personas');
    expect(html).toContain('Certificado: Licencia de actividad 2024/118');
    expect(html).toContain('>Sala<');
    expect(html).toContain('>Coworking<');
    expect(html).toContain('Wifi y proyector incluidos.');
    expect(html).toContain('No se puede fumar.');
    expect(html).toContain('Calle del Pez 21, 28004 Madrid, España');
    expect(html).not.toContain('Piso 2');
    // The map is static (no Leaflet) until the visitor asks for the interactive one.
    expect(html).toContain('aria-label="Mapa de «Sala luminosa en Malasaña»"');
    expect(html).not.toContain('Cargando el mapa…');
    expect(from(html, 'static-map')).toMatch(/^data-testid="static-map">.*Explorar el mapa/);
    expect(from(html, 'booking-panel')).toContain('data-testid="booking-form"');
    expect(html).toContain('data-testid="booking-bar"');
    expect(html).not.toContain('data-testid="owner-panel"');
  });

  it('links a visitor’s “Contactar” to log in first, back to the enquiry on this page', () => {
    const html = render(data(listing()));
    const returnTo = encodeURIComponent(`${PAGE}?contact=true`);
    expect(html).toContain(`data-testid="contact-link" href="/login?returnTo=${returnTo}"`);
  });

  it('links a signed-in person’s “Contactar” to the enquiry on this page', () => {
    const html = render(data(listing(), { signedIn: true }));
    expect(html).toContain(`data-testid="contact-link" href="${PAGE}?contact=true"`);
  });

  it('shows a closed listing with only the closed notice where booking would be', () => {
    const html = render(data(listing({ state: 'closed' })));
    expect(html).toContain('data-testid="closed-notice"');
    expect(html).toContain('Anuncio cerrado');
    expect(html).not.toContain('data-testid="booking-panel"');
    expect(html).not.toContain('data-testid="booking-bar"');
    // Nobody asks about a closed listing (issue 12): no contact link either.
    expect(html).not.toContain('data-testid="contact-link"');
  });

  it('shows a banned host’s listing closed, the host as “Usuario bloqueado” without profile or contact link', () => {
    const base = listing({ state: 'closed' });
    const banned = {
      ...base,
      author: { ...base.author, displayName: '', abbreviatedName: '', banned: true },
    };
    const html = render(data(banned, { signedIn: true }));
    expect(html).toContain('data-testid="closed-notice"');
    const card = from(html, 'author-card');
    expect(card).toContain('Usuario bloqueado');
    expect(card).not.toContain('href="/u/');
    expect(html).not.toContain('data-testid="contact-link"');
  });

  it('gives the owner the edit link instead of booking, and manage and profile links on the card', () => {
    const html = render(data(listing(), { isOwner: true, signedIn: true, booking: null }));
    expect(html).toContain('data-testid="owner-panel"');
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}/edit/description"`);
    expect(html).not.toContain('data-testid="booking-panel"');
    expect(html).not.toContain('data-testid="contact-link"');
    const card = from(html, 'author-card');
    expect(card).toContain('href="/listings"');
    expect(card).toContain('Gestionar anuncios');
    expect(card).toContain('href="/profile-settings"');
  });

  it('shows the owner of a draft the banner that leads to the photos tab', () => {
    const html = render(
      data(listing({ state: 'draft' }), { isOwner: true, signedIn: true }),
      `${PAGE}/draft`,
    );
    expect(html).toContain('Borrador: termina tu anuncio');
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}/draft/photos"`);
  });

  it('tells the owner of a pending listing that it awaits approval', () => {
    const html = render(data(listing({ state: 'pendingApproval' }), { isOwner: true, signedIn: true }));
    expect(html).toContain('Pendiente de aprobación');
  });

  it('shows a negotiable price as a range per hour', () => {
    const html = render(data(listing({ negotiation: 'yes', minPrice: 20, maxPrice: 30 })));
    expect(html).toMatch(/20,00\s€ – 30,00\s€<\/span> <span class="price__unit">por hora/);
    expect(html).toContain('Precio negociable con el anfitrión');
  });

  it('says when the free time could not be loaded, instead of the form', () => {
    const html = render(
      data(listing(), { booking: { block: 'slotsFailed', form: { ...BOOKING.form, slots: null } } }),
    );
    expect(html).toContain('No hemos podido cargar las horas libres');
    expect(html).not.toContain('data-testid="booking-form"');
  });

  it('offers the booking form as a plain GET form to the checkout before the script runs', async () => {
    const panel = from(await renderAll(data(listing())), 'booking-panel');
    const form = panel.match(/<form [^>]*>/)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain(`action="/l/sala-luminosa-en-malasana/${LISTING_ID}/checkout"`);
    for (const name of ['startDate', 'startTime', 'endDate', 'endTime'])
      expect(panel).toContain(`name="${name}"`);
    // Today has free time; tomorrow has none: offered, but blocked.
    expect(panel).toContain('<option value="2025-11-24">Lun, 24 nov</option>');
    expect(panel).toContain('<option value="2025-11-25" disabled="">Mar, 25 nov (sin horas libres)</option>');
    expect(panel).toContain('<option value="24:00">24:00</option>');
    expect(panel).toContain('Solicitar reserva');
    expect(panel).toContain(`href="${PAGE}?months=2"`);
  });

  it('blocks booking, each with its message: no price, another currency, a host who cannot be paid', () => {
    const cases: [BookingPanelData['block'], string][] = [
      ['noPrice', 'todavía no tiene precio'],
      ['currencyMismatch', 'en una moneda que no aceptamos'],
      ['noPayouts', 'no ha completado sus datos de cobro'],
    ];
    for (const [block, message] of cases) {
      const panel = from(render(data(listing(), { booking: { ...BOOKING, block } })), 'booking-panel');
      expect(panel).toContain(message);
      expect(panel).not.toContain('data-testid="booking-form"');
    }
  });

  it('tells the owner of a published listing that they cannot book it', () => {
    const html = render(data(listing(), { isOwner: true, signedIn: true, booking: null }));
    expect(html).toContain('Es tu anuncio: no puedes reservarlo tú.');
    expect(html).not.toContain('data-testid="booking-form"');
  });

  it('shows only the area, and says the location is approximate, when locations are fuzzy', () => {
    const html = render(data(listing(), { fuzzy: true, address: 'Madrid, España' }));
    expect(html).toContain('Zona: Madrid, España');
    expect(html).not.toContain('Calle del Pez');
    expect(html).toContain('La ubicación es aproximada');
  });

  it('draws the static map from the configured tiles: the street with its pin, the area with a circle when fuzzy', () => {
    // The listing is at 40.4232, -3.7058: tile 16046 / 12354 at zoom 15, 4011 / 3088 at zoom 13
    // (OpenStreetMap's slippy-map formula), the point 177 px from the tile's left and 215 from its top.
    const street = render(data(listing()), PAGE, WITH_TILES);
    expect(street).toContain(
      'src="https://tile.openstreetmap.org/15/16046/12354.png" alt="" width="256" height="256" loading="lazy" decoding="async" draggable="false" crossorigin="anonymous" style="left:calc(50% + -177px);top:calc(50% + -215px)"',
    );
    expect(street).toContain('class="map-pin static-map__pin"');
    expect(street).not.toContain('static-map__circle');
    expect(street).toContain('© OpenStreetMap contributors');
    const area = render(data(listing(), { fuzzy: true }), PAGE, WITH_TILES);
    expect(area).toContain('src="https://tile.openstreetmap.org/13/4011/3088.png"');
    expect(area).not.toContain('static-map__pin');
    // 1 000 m across at 14.55 m a pixel (zoom 13, latitude 40.42).
    expect(area).toContain('class="static-map__circle" style="width:69px;height:69px"');
    // No tiles configured: the pin on the frame's plain background, and no attribution.
    const plain = render(data(listing()));
    expect(plain).not.toContain('<img class="static-map__tile"');
    expect(plain).toContain('static-map__pin');
    expect(plain).not.toContain('static-map__attribution');
  });

  it('shows the cover with its thumbnails, in WebP with a JPEG fallback and their widths', () => {
    const html = render(data(listing()));
    expect(html).toContain(
      'landscape-crop.webp 400w, /uploads/listings/1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f/landscape-crop2x.webp 800w',
    );
    expect(html).toMatch(/alt="Sala luminosa en Malasaña: foto 1 de 2" loading="eager"/);
    expect(html).toContain('aria-label="Ver la foto 2 de 2"');
    expect(html).toContain('1 / 2');
  });

  it('says so when there are no photos', () => {
    expect(render(data(listing({ images: [] })))).toContain('Este espacio aún no tiene fotos.');
  });
});

describe('ReviewsSection', () => {
  function renderReviews(reviews: Parameters<typeof ReviewsSection>[0]['reviews']) {
    return renderToString(
      <MemoryRouter>
        <I18nProvider locale="es" messages={es}>
          <ReviewsSection reviews={reviews} />
        </I18nProvider>
      </MemoryRouter>,
    );
  }

  it('says there are no reviews yet', () => {
    const html = renderReviews(NO_REVIEWS);
    expect(html).toContain('Reseñas (0)');
    expect(html).toContain('Aún no hay reseñas.');
  });

  it('lists reviews with the average of all, their rating, text, author and month', () => {
    const html = renderReviews(
      reviewPage(
        [
          review(),
          review({
            id: 'r2',
            rating: 3,
            content: 'Ruidosa.',
            author: {
              id: 'b',
              displayName: '',
              abbreviatedName: '',
              banned: true,
              deleted: false,
              avatar: null,
            },
          }),
        ],
        4.3,
        12,
      ),
    );
    expect(html).toContain('Reseñas (12)');
    expect(html).toContain('4,3 de 5 · 12 reseñas');
    expect(html).toContain('aria-label="5 estrellas de 5"');
    expect(html).toContain('aria-label="3 estrellas de 5"');
    expect(html).toContain('Genial.');
    expect(html).toContain('octubre de 2025');
    // The author links to their profile; a banned one is a placeholder with no link.
    expect(html).toContain('href="/u/6f1c0f4e-2b6d-4a57-9d1e-3f2a7c9b8e01"');
    expect(html).toContain('Marta G.');
    expect(html).toContain('Usuario bloqueado');
    expect(html).not.toContain('href="/u/b"');
  });

  it('pages older reviews with links that keep the address and come back to the reviews', () => {
    const many = {
      ...reviewPage([review()], 4.5, 25),
      meta: { ...reviewPage([review()], 4.5, 25).meta, page: 2 },
    };
    const html = renderToString(
      <MemoryRouter initialEntries={['/l/sala/abc?book=1&reviews=2']}>
        <I18nProvider locale="es" messages={es}>
          <ReviewsSection reviews={many} />
        </I18nProvider>
      </MemoryRouter>,
    );
    expect(html).toContain('aria-label="Páginas de reseñas del espacio"');
    expect(html).toContain('href="/l/sala/abc?book=1&amp;reviews=3#reviews-title"');
    // The first page drops the parameter.
    expect(html).toContain('href="/l/sala/abc?book=1#reviews-title"');
    // One page only: no pagination.
    expect(renderReviews(reviewPage([review()], 5, 1))).not.toContain('Páginas de reseñas');
  });

  it('says so when the reviews could not be loaded', () => {
    expect(renderReviews(null)).toContain('No se han podido cargar las reseñas.');
  });
});
