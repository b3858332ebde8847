import type { TransactionReviewView } from '@hora/core/reviews';
import type { TransactionView } from '@hora/core/transactions';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { ROOT_DATA } from '../../root.fixture.ts';
import { CUSTOMER_ID, PROVIDER_ID, party, TX_ID, transaction } from './transaction.fixture.ts';
import { TransactionPage } from './transaction-page.tsx';

function render(
  view: TransactionView,
  options: { locale?: Locale; now?: string; reviews?: TransactionReviewView[] } = {},
): string {
  const locale = options.locale ?? 'es';
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [
          {
            path: '*',
            element: (
              <TransactionPage
                data={{
                  transaction: view,
                  idempotencyKey: 'key-1',
                  now: options.now ?? '2025-11-20T09:03:00.000Z',
                  reviews: options.reviews ?? [],
                }}
              />
            ),
          },
        ],
      },
    ],
    { initialEntries: [`/sale/${TX_ID}/details`], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, '').replace(/&#x27;/g, "'");

afterEach(() => vi.restoreAllMocks());

describe('the sale page (provider)', () => {
  it('shows a request with its heading, the customer, the address, the provider’s breakdown and accept/decline', () => {
    const html = render(transaction());
    expect(html).toContain(
      '<h1 class="transaction-heading__title">Ana R. quiere reservar Sala luminosa en Malasaña</h1>',
    );
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${transaction().listing.id}"`);
    // Providers see the customer (initials here, no picture), linked to their profile.
    expect(text(html)).toContain('Cliente');
    expect(html).toContain(`href="/u/${CUSTOMER_ID}"`);
    expect(html).not.toContain('/uploads/avatars/lg/');
    expect(text(html)).toContain('Calle del Pez 21, 28004 Madrid, España');
    expect(text(html)).toContain('Piso 2');
    // The provider's lines: hours × price, their commission, what they receive.
    const breakdown = text(html.slice(html.indexOf('class="breakdown"')));
    expect(breakdown).toContain('lun, 24 nov 2025, 10:00');
    expect(breakdown).toContain('10:00');
    expect(breakdown).toContain('12:00');
    // The zone's label waits for the browser, which knows the viewer's zone (see viewer-time-zone.ts).
    expect(breakdown).toMatch(/2 horas × 25,00\s€50,00\s€/);
    expect(breakdown).toMatch(/Comisión de la plataforma-5,00\s€/);
    expect(breakdown).toMatch(/Recibirás45,00\s€/);
    expect(breakdown).not.toContain('Comisión de servicio');
    // The form posts to the page itself, with the page's idempotency key.
    expect(html).toMatch(/<form class="sale-actions"[^>]*action="\/sale\/[^"]+\/details" method="post"/);
    expect(html).toContain('name="idempotency-key" value="key-1"');
    expect(html).toMatch(/value="accept"[^>]*name="transition">Aceptar</);
    expect(html).toMatch(/value="decline"[^>]*name="transition">Rechazar</);
  });

  it('offers no answer for a banned customer, notes the ban, and shows the placeholder without a link', () => {
    const html = render(
      transaction({
        customer: party({ id: CUSTOMER_ID, displayName: '', abbreviatedName: '', banned: true }),
      }),
    );
    expect(html).not.toContain('name="transition"');
    expect(text(html)).toContain('Este usuario ha sido bloqueado.');
    expect(text(html)).toContain('Usuario bloqueado quiere reservar');
    expect(html).not.toContain(`/u/${CUSTOMER_ID}`);
  });

  it('offers no answer once the request is answered, and shows a decline as refunded', () => {
    const html = render(
      transaction({
        state: 'declined',
        lastTransition: 'decline',
        nextTransitions: [],
        payment: {
          intentStatus: 'canceled',
          clientSecret: null,
          expiresAt: null,
          refunded: { amount: 5500, currency: 'EUR' },
        },
      }),
    );
    expect(html).not.toContain('name="transition"');
    expect(text(html)).toContain('La solicitud de Ana R. no se aceptó');
    expect(text(html)).toMatch(/Devuelto55,00\s€/);
    // Everything went back to the customer: the host receives nothing.
    expect(text(html)).toMatch(/Recibirás0,00\s€/);
  });

  it('names a deleted listing without a link', () => {
    const html = render(
      transaction({ listing: { ...transaction().listing, title: '', deleted: true, image: null } }),
    );
    expect(text(html)).toContain('Espacio eliminado');
    expect(html).not.toContain('href="/l/');
    expect(html).toContain('Ana R. quiere reservar Espacio eliminado');
  });
});

describe('the order page (customer)', () => {
  const order = (overrides: Partial<TransactionView> = {}) =>
    transaction({
      role: 'customer',
      nextTransitions: [],
      listing: { ...transaction().listing, address: null },
      ...overrides,
    });

  it('shows the host with their avatar, the customer’s breakdown, no answers and no address before acceptance', () => {
    const html = render(order());
    expect(text(html)).toContain('Has solicitado reservar Sala luminosa en Malasaña');
    expect(text(html)).toContain('Anfitrión');
    expect(html).toContain('src="/uploads/avatars/lg/square-small.webp"');
    expect(html).toContain(`href="/u/${PROVIDER_ID}"`);
    expect(html).not.toContain('name="transition"');
    expect(text(html)).not.toContain('Dirección');
    const breakdown = text(html.slice(html.indexOf('class="breakdown"')));
    expect(breakdown).toMatch(/Comisión de servicio5,00\s€/);
    expect(breakdown).toMatch(/Total55,00\s€/);
    expect(breakdown).not.toContain('Comisión de la plataforma');
  });

  it('shows the address once accepted, and never when the page rules say not yet', () => {
    const accepted = render(
      order({
        state: 'accepted',
        lastTransition: 'accept',
        listing: { ...transaction().listing, address: { address: 'Calle del Pez 21', building: null } },
      }),
    );
    expect(text(accepted)).toContain('DirecciónCalle del Pez 21');
    expect(text(accepted)).toContain('Tu reserva de Sala luminosa en Malasaña está aceptada');
    // Even if an address came along, a requested order does not show it.
    const early = render(order({ listing: { ...transaction().listing } }));
    expect(text(early)).not.toContain('Calle del Pez 21');
  });

  it('shows a deleted host as “Usuario eliminado”, without picture or link', () => {
    const html = render(
      order({ provider: party({ id: PROVIDER_ID, displayName: '', abbreviatedName: '', deleted: true }) }),
    );
    expect(text(html)).toContain('Usuario eliminado');
    expect(html).not.toContain(`/u/${PROVIDER_ID}`);
    expect(html).not.toContain('/uploads/avatars/');
  });

  it('counts down the payment window with a way back to checkout', () => {
    const pending = order({
      state: 'pending-payment',
      lastTransition: 'request-payment',
      payment: {
        intentStatus: 'requires_payment_method',
        clientSecret: 'pi_1_sec',
        expiresAt: '2025-11-20T09:15:00.000Z',
        refunded: null,
      },
    });
    const html = render(pending, { now: '2025-11-20T09:03:30.000Z' });
    expect(text(html)).toContain('Te quedan 12 minutos para completar el pago.');
    expect(html).toContain(`href="/l/sala-luminosa-en-malasana/${pending.listing.id}/checkout"`);
    const late = render(pending, { now: '2025-11-20T09:15:00.000Z' });
    expect(text(late)).toContain('El plazo para completar el pago ha terminado.');
    expect(late).not.toContain('/checkout"');
  });

  it('speaks English', () => {
    const html = render(order(), { locale: 'en' });
    expect(text(html)).toContain('You requested to book Sala luminosa en Malasaña');
    expect(text(html)).toContain('Mon, Nov 24, 2025, 10:00 AM');
    expect(text(html)).toMatch(/Service fee€5\.00/);
  });

  it('logs an unknown state and shows no heading for it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = render(order({ lastTransition: 'teleport' as never }));
    expect(log).toHaveBeenCalledWith('Unknown state given to panel heading');
    expect(html).not.toContain('<h1');
  });
});
