import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { ROOT_DATA } from '../../root.fixture.ts';
import { CUSTOMER_ID, party, TX_ID, transaction } from '../transactions/transaction.fixture.ts';
import { type InboxData, inboxRow } from './inbox-data.ts';
import { bookingTime, InboxPage } from './inbox-page.tsx';

function render(data: InboxData, options: { locale?: Locale; salesAwaiting?: number } = {}): string {
  const locale = options.locale ?? 'es';
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ROOT_DATA,
        children: [
          { path: '*', element: <InboxPage data={data} salesAwaiting={options.salesAwaiting ?? 0} /> },
        ],
      },
    ],
    { initialEntries: [`/inbox/${data.tab}`], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, '').replace(/&#x27;/g, "'");
const page = (tab: InboxData['tab'], rows: InboxData['result'], n = 1): InboxData => ({
  tab,
  page: n,
  result: rows,
});
const rows = (...views: ReturnType<typeof transaction>[]) => ({
  rows: views.map(inboxRow),
  totalPages: 1,
  totalItems: views.length,
});
const rowsOf = (html: string) => html.split('data-testid="inbox-row"').slice(1);

describe('the inbox page', () => {
  it('shows a sale awaiting the host: customer, listing, time in the listing’s zone, highlighted state, link', () => {
    const html = render(page('sales', rows(transaction())), { salesAwaiting: 1 });
    const [row] = rowsOf(html) as [string];
    expect(html).toContain(`href="/sale/${TX_ID}/details"`);
    expect(html).toContain('class="inbox-row inbox-row--action"');
    expect(text(row)).toContain('Ana R.');
    expect(text(row)).toContain('Sala luminosa en Malasaña');
    // 09:00–11:00 UTC is 10:00–12:00 in Madrid.
    expect(text(row)).toMatch(/lun, 24 nov 2025, 10:00\s?–\s?12:00/);
    expect(row).toContain('inbox-row__state inbox-row__state--action">Pendiente<');
    // No profile link inside the row: the row is the link.
    expect(html).not.toContain(`/u/${CUSTOMER_ID}`);
    // The tabs, as a nav, with the count awaiting on sales.
    expect(html).toMatch(/<nav class="inbox__tabs" aria-label="[^"]+">/);
    expect(html).toMatch(/href="\/inbox\/orders"[^>]*>Como cliente</);
    expect(html).toMatch(
      /class="inbox__tab inbox__tab--current" aria-current="page" href="\/inbox\/sales"[^>]*>Como anfitrión<span class="count-badge"[^>]*>1</,
    );
    expect(text(html)).toContain('1 espera tu respuesta');
  });

  it('names each display state in Spanish and English, highlighting only what needs the viewer', () => {
    const states = [
      ['enquire', 'Consulta', 'Enquiry'],
      ['expire-payment', 'Pago caducado', 'Payment expired'],
      ['accept', 'Aceptada', 'Accepted'],
      ['decline', 'Rechazada', 'Declined'],
      ['cancel', 'Cancelada', 'Canceled'],
      ['complete', 'Finalizada', 'Delivered'],
    ] as const;
    const views = states.map(([lastTransition]) => transaction({ lastTransition }));
    for (const [locale, column] of [
      ['es', 1],
      ['en', 2],
    ] as const) {
      const html = render(page('sales', rows(...views)), { locale });
      const found = rowsOf(html).map((row) => /inbox-row__state[^"]*">([^<]+)</.exec(row)?.[1]);
      expect(found).toEqual(states.map((state) => state[column]));
      expect(html).not.toContain('inbox-row--action');
    }
    const orders = render(
      page(
        'orders',
        rows(
          transaction({ role: 'customer', lastTransition: 'request-payment' }),
          transaction({ role: 'customer', lastTransition: 'confirm-payment' }),
        ),
      ),
      { locale: 'en' },
    );
    const [pending, requested] = rowsOf(orders) as [string, string];
    expect(pending).toContain('inbox-row__state--action">Pending payment<');
    expect(requested).toContain('class="inbox-row__state">Requested<');
    // On orders the other party is the host.
    expect(text(requested)).toContain('Lucía G.');
    expect(requested).toContain('src="/uploads/avatars/lg/square-small.webp"');
  });

  it('shows the placeholders for banned and deleted people, without their picture', () => {
    const avatar = {
      'square-small': '/uploads/avatars/x/s.webp',
      'square-small2x': '/uploads/avatars/x/2x.webp',
    };
    const html = render(
      page(
        'sales',
        rows(
          transaction({ customer: party({ id: CUSTOMER_ID, displayName: '', banned: true, avatar }) }),
          transaction({ customer: party({ id: CUSTOMER_ID, displayName: '', deleted: true, avatar }) }),
          transaction({ listing: { ...transaction().listing, title: '', deleted: true } }),
        ),
      ),
    );
    const [banned, deleted, gone] = rowsOf(html).map(text) as [string, string, string];
    expect(banned).toContain('Usuario bloqueado');
    expect(deleted).toContain('Usuario eliminado');
    expect(html).not.toContain('/uploads/avatars/x/');
    expect(gone).toContain('Espacio eliminado');
  });

  it('has an empty state per tab, and no badge without sales awaiting', () => {
    const orders = render(page('orders', rows()));
    expect(text(orders)).toContain('Todavía no has reservado ningún espacio.');
    expect(orders).toContain('href="/s"');
    expect(orders).not.toContain('count-badge');
    const sales = render(page('sales', rows()), { locale: 'en' });
    expect(text(sales)).toContain('You haven’t received any bookings yet.');
    expect(sales).toContain('href="/l/new"');
  });

  it('says when the query failed, and pages 10 at a time with the pagination', () => {
    expect(text(render(page('orders', null)))).toContain('No se han podido cargar tus reservas.');
    const html = render(page('sales', { ...rows(transaction()), totalPages: 3, totalItems: 25 }, 2));
    expect(html).toContain('href="/inbox/sales"');
    expect(html).toContain('href="/inbox/sales?page=3"');
    expect(html).toMatch(/rel="prev"/);
  });
});

describe('bookingTime', () => {
  it('spaces an English range with plain spaces, as any browser renders it (no hydration mismatch)', () => {
    const booking = { start: '2026-11-24T09:00:00Z', end: '2026-11-24T11:00:00Z' };
    const english = bookingTime(booking, 'en', 'Europe/Madrid');
    expect(english).toMatch(/10:00 AM\s*–\s*12:00 PM/);
    expect(english).not.toMatch(/[\u2009\u202f]/);
    expect(bookingTime(booking, 'es', 'Europe/Madrid')).toMatch(/10:00\s*–\s*12:00/);
  });
});
