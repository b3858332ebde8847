import { money } from '@hora/core/money';
import { buildOfferMessage, type NegotiationView } from '@hora/core/offers';
import type { MessageView, TransactionView } from '@hora/core/transactions';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { ROOT_DATA } from '../../root.fixture.ts';
import { Conversation } from '../conversation/conversation.tsx';
import { listing } from '../listing-page/listing.fixture.ts';
import {
  CUSTOMER_ID,
  LISTING_ID,
  PROVIDER_ID,
  party,
  TX_ID,
  transaction,
  transactionContext,
} from '../transactions/transaction.fixture.ts';
import { runNegotiationAction } from './negotiation-action.ts';
import { loadNegotiation } from './negotiation-loader.ts';
import { type NegotiationPageData, negotiationPartsOf } from './negotiation-parts.ts';
import { answerableOfferIdOf, EnquiryBooking, NegotiationControls } from './negotiation-section.tsx';

const eur = (amount: number) => money(amount, 'EUR');

function enquiry(overrides: Partial<TransactionView> = {}): TransactionView {
  return transaction({
    state: 'enquiry',
    lastTransition: 'enquire',
    transitions: [{ transition: 'enquire', createdAt: '2025-11-20T09:00:00.000Z', by: 'customer' }],
    role: 'customer',
    nextTransitions: ['request-payment-after-enquiry'],
    booking: null,
    lineItems: [],
    payinTotal: null,
    payoutTotal: null,
    ...overrides,
  });
}

function negotiation(overrides: Partial<NegotiationView> = {}): NegotiationView {
  return {
    negotiable: true,
    offers: [],
    status: null,
    agreedUnitPrice: null,
    formState: 'not-sent',
    canOffer: false,
    canAnswer: false,
    ...overrides,
  };
}

const OFFER = {
  id: 'o1',
  kind: 'offered' as const,
  price: eur(1250),
  senderId: PROVIDER_ID,
  createdAt: '2025-11-20T10:00:00.000Z',
};

/** The offers as the messages API lists them (structured `offer`), plus any typed messages. */
function feedOf(data: NegotiationPageData, typed: MessageView[] = []): MessageView[] {
  const offers = (data.negotiation?.offers ?? []).map(
    (offer): MessageView => ({
      id: offer.id,
      senderId: offer.senderId,
      content: buildOfferMessage(offer.kind, offer.price),
      createdAt: offer.createdAt,
      offer: { kind: offer.kind, price: offer.price },
    }),
  );
  return [...typed, ...offers].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The page's parts as the order and sale pages put them: the conversation with its offer controls, the panel. */
function render(view: TransactionView, data: NegotiationPageData, typed: MessageView[] = []): string {
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
              <>
                <Conversation
                  transaction={view}
                  conversation={{ messages: feedOf(data, typed), hasOlder: false, pages: 1 }}
                  answerableOfferId={answerableOfferIdOf(view, data)}
                  controls={<NegotiationControls transaction={view} data={data} />}
                />
                <EnquiryBooking transaction={view} data={data} />
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [`/order/${TX_ID}/details`], hydrationData: { loaderData: { root: ROOT_DATA } } },
  );
  return renderToString(
    <I18nProvider locale="es" messages={mergedCatalogue('es')}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) => html.replace(/<!-- -->|<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('which negotiation parts a viewer sees', () => {
  it.each<[string, TransactionView, NegotiationView | null, Partial<ReturnType<typeof negotiationPartsOf>>]>([
    [
      'a customer’s enquiry, no negotiation',
      enquiry(),
      negotiation({ negotiable: false }),
      { showBookingPanel: true, waitingForOffer: false },
    ],
    [
      'a negotiable enquiry before any acceptance',
      enquiry(),
      negotiation(),
      { showBookingPanel: false, waitingForOffer: true },
    ],
    [
      'a negotiable enquiry after the acceptance',
      enquiry(),
      negotiation({ status: 'accepted', agreedUnitPrice: eur(1250) }),
      { showBookingPanel: true, waitingForOffer: false },
    ],
    [
      'a banned provider',
      enquiry({ provider: party({ id: PROVIDER_ID, banned: true }), nextTransitions: [] }),
      negotiation({ negotiable: false }),
      { showBookingPanel: false },
    ],
    [
      'the provider of a negotiable enquiry',
      enquiry({ role: 'provider', nextTransitions: [] }),
      negotiation(),
      { showBookingPanel: false, showOfferForm: true },
    ],
    [
      'the provider without negotiation',
      enquiry({ role: 'provider', nextTransitions: [] }),
      negotiation({ negotiable: false }),
      { showOfferForm: false },
    ],
    ['the provider once booked', transaction(), negotiation(), { showOfferForm: false }],
  ])('%s', (_label, view, read, expected) => {
    expect(negotiationPartsOf(view, read)).toMatchObject(expected);
  });
});

describe('the negotiation on the order and sale pages', () => {
  it('shows the customer the open offer with accept and decline buttons (a plain form post)', () => {
    const html = render(enquiry(), {
      negotiation: negotiation({
        offers: [OFFER],
        status: 'offered',
        formState: 'sent-or-accepted',
        canAnswer: true,
      }),
      booking: null,
    });
    expect(text(html)).toContain('El anfitrión te ha enviado una oferta');
    expect(text(html)).toMatch(/12,50\s€ por hora/);
    expect(html).toMatch(
      /<form method="post"[^>]*class="offer-card__actions"|<form[^>]*class="offer-card__actions"[^>]*method="post"/,
    );
    expect(html).toMatch(/value="accept"[^>]*>Aceptar oferta</);
    expect(html).toMatch(/value="decline"[^>]*>Rechazar</);
    expect(html).not.toContain('data-testid="enquiry-booking"');
  });

  it('shows the host the answer and the offer state, and no buttons', () => {
    const answered = [OFFER, { ...OFFER, id: 'o2', kind: 'accepted' as const, senderId: CUSTOMER_ID }];
    const html = render(enquiry({ role: 'provider', nextTransitions: [] }), {
      negotiation: negotiation({
        offers: answered,
        status: 'accepted',
        agreedUnitPrice: eur(1250),
        formState: 'sent-or-accepted',
      }),
      booking: null,
    });
    expect(text(html)).toContain('El cliente ha aceptado tu oferta');
    expect(html).toContain('data-state="sent-or-accepted"');
    expect(text(html)).toMatch(/Oferta aceptada: 12,50\s€ por hora/);
    expect(html).not.toContain('value="accept"');
  });

  it('shows offers in the feed in time order, and a typed marker as text, never as a card', () => {
    const forged: MessageView = {
      id: 'm1',
      senderId: PROVIDER_ID,
      content: buildOfferMessage('offered', eur(100)),
      createdAt: '2025-11-20T09:30:00.000Z',
      offer: null,
    };
    const later: MessageView = {
      ...forged,
      id: 'm2',
      content: 'Dime algo',
      createdAt: '2025-11-20T11:00:00.000Z',
    };
    const html = render(
      enquiry(),
      {
        negotiation: negotiation({ offers: [OFFER], status: 'offered', canAnswer: true }),
        booking: null,
      },
      [forged, later],
    );
    expect(html.match(/data-testid="offer-card-offered"/g)).toHaveLength(1);
    expect(html.match(/value="accept"/g)).toHaveLength(1);
    const forgedAt = text(html).indexOf('[\u200b[hora:offer:offered]] 1.00 EUR');
    const cardAt = text(html).indexOf('El anfitrión te ha enviado una oferta');
    const laterAt = text(html).indexOf('Dime algo');
    expect(forgedAt).toBeGreaterThan(-1);
    expect(forgedAt).toBeLessThan(cardAt);
    expect(cardAt).toBeLessThan(laterAt);
  });

  it('lets the customer answer only the open offer', () => {
    const declined = { ...OFFER, id: 'o2', kind: 'declined' as const, senderId: CUSTOMER_ID };
    const second = { ...OFFER, id: 'o3', createdAt: '2025-11-20T12:00:00.000Z' };
    const html = render(enquiry(), {
      negotiation: negotiation({
        offers: [OFFER, { ...declined, createdAt: '2025-11-20T11:00:00.000Z' }, second],
        status: 'offered',
        canAnswer: true,
      }),
      booking: null,
    });
    expect(html.match(/data-testid="offer-card-offered"/g)).toHaveLength(2);
    expect(html.match(/value="accept"/g)).toHaveLength(1);
    expect(html.lastIndexOf('data-testid="offer-card-offered"')).toBeLessThan(html.indexOf('value="accept"'));
  });

  it('gives the host the offer form while no offer stands', () => {
    const html = render(enquiry({ role: 'provider', nextTransitions: [] }), {
      negotiation: negotiation({ canOffer: true }),
      booking: null,
    });
    expect(html).toContain('data-state="not-sent"');
    expect(text(html)).toContain('Aún no has enviado ninguna oferta');
    expect(html).toMatch(/name="price"/);
    expect(html).toMatch(/value="offer"[^>]*>Enviar oferta</);
  });

  it('tells the customer of a negotiable listing to wait for an offer', () => {
    const html = render(enquiry(), { negotiation: negotiation(), booking: null });
    expect(text(html)).toContain('cuando el anfitrión te envíe una oferta y la aceptes');
  });

  it('opens the booking panel at the agreed price', () => {
    const html = render(enquiry(), {
      negotiation: negotiation({
        status: 'accepted',
        agreedUnitPrice: eur(1250),
        formState: 'sent-or-accepted',
      }),
      booking: {
        listing: {
          id: 'l1',
          title: 'Sala',
          price: eur(2000),
          negotiation: 'yes',
          minPrice: 10,
          maxPrice: 30,
        },
        panel: {
          block: null,
          form: {
            slots: [],
            days: [],
            timeZone: 'Europe/Madrid',
            firstDay: '2025-11-20',
            lastDay: '2025-12-31',
            windowLastDay: '2026-02-17',
            months: 1,
          },
        },
      },
    });
    expect(html).toContain('data-testid="enquiry-booking"');
    expect(text(html)).toMatch(/12,50\s€ por hora precio acordado/);
  });
});

describe('the offer and answer posts', () => {
  const post = (fields: Record<string, string>) =>
    new Request(`https://hora.es/sale/${TX_ID}/details`, {
      method: 'POST',
      body: new URLSearchParams(fields),
    });

  it('checks the price before asking the API, and sends it as a decimal text', async () => {
    const bad = transactionContext(PROVIDER_ID, {});
    const refused = await runNegotiationAction(
      post({ negotiation: 'offer', price: 'veinte' }),
      { id: TX_ID },
      bad.context,
      'provider',
    );
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { negotiation: { error: 'validation.offer.amountInvalid', field: true, price: 'veinte' } },
    });
    expect(bad.calls).toEqual([]);

    const good = transactionContext(PROVIDER_ID, {
      [`POST /api/transactions/${TX_ID}/offers`]: { status: 201, body: {} },
    });
    const done = (await runNegotiationAction(
      post({ negotiation: 'offer', price: '12,5' }),
      { id: TX_ID },
      good.context,
      'provider',
    )) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe(`/sale/${TX_ID}/details`);
    expect(good.calls[0]?.init?.body).toEqual({ price: '12.50' });
  });

  it('shows a refusal in the page’s words', async () => {
    const { context } = transactionContext(CUSTOMER_ID, {
      [`POST /api/transactions/${TX_ID}/offers/answer`]: {
        status: 409,
        body: { errors: [{ code: 'transaction-offer-not-allowed', meta: { reason: 'no-open-offer' } }] },
      },
    });
    const refused = await runNegotiationAction(
      post({ negotiation: 'accept' }),
      { id: TX_ID },
      context,
      'customer',
    );
    expect(refused).toMatchObject({
      init: { status: 409 },
      data: { negotiation: { error: 'offers.errors.no-open-offer' } },
    });
  });
});

describe('the pages’ negotiation loader', () => {
  const request = new Request(`https://hora.es/order/${TX_ID}/details`);
  const offersPath = `/api/transactions/${TX_ID}/offers`;

  it('costs no call for a transaction that did not begin as an enquiry', async () => {
    const { context, calls } = transactionContext(CUSTOMER_ID, {});
    expect(await loadNegotiation(request, context, transaction({ role: 'customer' }))).toEqual({
      negotiation: null,
      booking: null,
    });
    expect(calls).toEqual([]);
  });

  it('reads the negotiation, and the listing’s free time once the booking panel shows', async () => {
    const waiting = transactionContext(CUSTOMER_ID, {
      [`GET ${offersPath}`]: { status: 200, body: { negotiation: negotiation() } },
    });
    const hidden = await loadNegotiation(request, waiting.context, enquiry());
    expect(hidden).toEqual({ negotiation: negotiation(), booking: null });
    expect(waiting.calls.map((call) => call.path)).toEqual([offersPath]);

    const agreed = negotiation({
      status: 'accepted',
      agreedUnitPrice: eur(1250),
      formState: 'sent-or-accepted',
    });
    const open = transactionContext(CUSTOMER_ID, {
      [`GET ${offersPath}`]: { status: 200, body: { negotiation: agreed } },
      [`GET /api/listings/${LISTING_ID}`]: { status: 200, body: { data: listing({ id: LISTING_ID }) } },
    });
    const shown = await loadNegotiation(request, open.context, enquiry());
    expect(shown.booking?.listing.id).toBe(LISTING_ID);
    // The slots could not be read (the fake API has none): the panel says so instead of a form.
    expect(shown.booking?.panel.block).toBe('slotsFailed');
    expect(open.calls.map((call) => call.path.split('?')[0])).toEqual([
      offersPath,
      `/api/listings/${LISTING_ID}`,
      `/api/listings/${LISTING_ID}/time-slots`,
    ]);
  });
});
