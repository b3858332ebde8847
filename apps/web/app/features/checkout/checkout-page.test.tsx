import type { Party } from '@hora/core/pricing';
import type { BreakdownView } from '@hora/core/transactions';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { createTranslator, I18nProvider } from '../../i18n/i18n.tsx';
import { BookingBreakdown } from '../breakdown/booking-breakdown.tsx';
import { LISTING_ID } from '../listing-page/listing.fixture.ts';
import { billingCountries } from './billing-countries.ts';
import { BREAKDOWN, END, START, transaction } from './checkout.fixture.ts';
import type { CheckoutData } from './checkout-loader.ts';
import { CheckoutPage } from './checkout-page.tsx';
import { cardFailureMessage, initialChoice } from './payment-form.tsx';

// The payments branch implements the card field; here it only has to be there.
vi.mock('../payments/card-payments.tsx', () => ({
  CardField: () => <div data-testid="card-field" />,
  useCardPayments: () => ({ confirmCardPayment: vi.fn(), confirmCardSetup: vi.fn(), dialog: null }),
}));

const es = mergedCatalogue('es');
const CARD = { id: 'pm_saved', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, expired: false };

function checkout(overrides: Partial<CheckoutData> = {}): CheckoutData {
  return {
    listing: {
      id: LISTING_ID,
      title: 'Sala luminosa en Malasaña',
      path: `/l/sala-luminosa-en-malasana/${LISTING_ID}`,
      image: null,
      timeZone: 'Europe/Madrid',
    },
    booking: { start: START, end: END },
    breakdown: BREAKDOWN,
    error: null,
    provider: { kind: 'sandbox' },
    card: null,
    viewerName: 'Ana',
    countries: billingCountries('es'),
    ...overrides,
  };
}

function render(element: React.ReactNode): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/l/x/y/checkout'] });
  return renderToString(
    <I18nProvider locale="es" messages={es}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

const text = (html: string) =>
  html
    .replace(/<!-- -->|<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\u00a0/g, ' ');

describe('<BookingBreakdown>', () => {
  const breakdown = (role: Party, view: BreakdownView = BREAKDOWN) =>
    text(render(<BookingBreakdown breakdown={view} party={role} />));

  it('shows the customer the dates in the listing’s zone, hours × price, their fee and the total they pay', () => {
    const shown = breakdown('customer');
    expect(shown).toContain('Inicio mar, 25 nov 2025, 10:00');
    expect(shown).toContain('Fin mar, 25 nov 2025, 12:00');
    expect(shown).toContain('2 horas × 25,00 € 50,00 €');
    expect(shown).toContain('Comisión de servicio 5,00 €');
    expect(shown).not.toContain('Comisión de la plataforma');
    expect(shown).toContain('Total 55,00 €');
  });

  it('shows the provider their fee and what they receive', () => {
    const shown = breakdown('provider');
    expect(shown).toContain('Comisión de la plataforma -5,00 €');
    expect(shown).not.toContain('Comisión de servicio');
    expect(shown).toContain('Recibirás 45,00 €');
  });

  it('reads a transaction’s breakdown, and shows nothing for one without a booking', () => {
    expect(
      text(render(<BookingBreakdown transaction={transaction()} role={transaction().role} />)),
    ).toContain('Total 55,00 €');
    expect(render(<BookingBreakdown transaction={transaction({ booking: null })} party="customer" />)).toBe(
      '',
    );
  });
});

describe('<CheckoutPage>', () => {
  it('shows the listing, the breakdown and the payment form for a new card', () => {
    const html = render(<CheckoutPage data={checkout()} />);
    const shown = text(html);
    expect(shown).toContain('Solicitar reserva');
    expect(shown).toContain('Sala luminosa en Malasaña');
    expect(shown).toContain('Total 55,00 €');
    expect(html).toContain('data-testid="payment-form"');
    expect(html).toContain('value="Ana"');
    for (const label of [
      'Titular de la tarjeta',
      'Dirección',
      'Código postal',
      'Ciudad',
      'País',
      'Provincia (opcional)',
    ])
      expect(shown).toContain(label);
    expect(html).toContain('<option value="" disabled="" selected="">Elige un país</option>');
    expect(html).toContain('<option value="ES">España</option>');
    expect(shown).toContain('Guardar esta tarjeta para más adelante');
    expect(html).toContain('maxLength="5000"');
    // The card needs the page's script: until it runs, the button waits.
    expect(html).toMatch(
      /<button type="submit" class="button button--primary checkout-form__submit" disabled=""/,
    );
    expect(html).not.toContain('data-testid="payment-choices"');
  });

  it('offers the saved card or replacing it, and no card fields when paying with the saved one', () => {
    const html = render(<CheckoutPage data={checkout({ card: CARD })} />);
    const shown = text(html);
    expect(shown).toContain('Pagar con la tarjeta guardada: VISA •••• 4242 (caduca 12/30)');
    expect(shown).toContain('Usar otra tarjeta y guardarla en lugar de la actual');
    expect(shown).not.toContain('Titular de la tarjeta');
    expect(shown).not.toContain('Guardar esta tarjeta para más adelante');
  });

  it('does not offer an expired saved card', () => {
    const html = render(<CheckoutPage data={checkout({ card: { ...CARD, expired: true } })} />);
    expect(text(html)).toContain('Tu tarjeta guardada ha caducado');
    expect(html).toContain('disabled="" name="paymentMethod" value="defaultCard"');
    expect(initialChoice({ ...CARD, expired: true })).toBe('replaceCard');
    expect(initialChoice(CARD)).toBe('defaultCard');
    expect(initialChoice(null)).toBe('onetimeCardPayment');
  });

  it('shows a refused booking’s message and the way back instead of the form', () => {
    const cases: [CheckoutData['error'], string][] = [
      ['bookingTimeNotAvailable', 'Esas horas ya no están libres'],
      ['providerPayoutMissing', 'no ha completado sus datos de cobro'],
      ['listingNotActive', 'ya no está activo'],
      ['speculateFailed', 'No hemos podido preparar tu reserva'],
      ['amountTooLow', 'demasiado bajo'],
      ['ownListing', 'No puedes reservar tu propio anuncio'],
      ['tooManyUnpaid', 'Tienes demasiadas reservas pendientes de pago'],
      ['missingPublishableKey', 'falta la clave pública'],
    ];
    for (const [error, message] of cases) {
      const html = render(<CheckoutPage data={checkout({ error, breakdown: null })} />);
      expect(text(html), String(error)).toContain(message);
      expect(html).toMatch(
        new RegExp(`href="/l/sala-luminosa-en-malasana/${LISTING_ID}"[^>]*>Volver al anuncio`),
      );
      expect(html).not.toContain('data-testid="payment-form"');
    }
  });
});

describe('card failure messages', () => {
  const t = createTranslator('es', es);
  it('uses ours for Stripe’s codes, else the provider’s words, else a generic one', () => {
    expect(cardFailureMessage(t, { ok: false, code: 'card_declined', messageKey: 'x.y' })).toBe(
      'Tu tarjeta ha sido rechazada. Prueba con otra.',
    );
    expect(
      cardFailureMessage(t, { ok: false, code: 'weird', messageKey: 'x.y', providerMessage: 'Card says no' }),
    ).toBe('Card says no');
    expect(cardFailureMessage(t, { ok: false, code: 'weird', messageKey: 'x.y' })).toBe(
      'No hemos podido procesar la tarjeta. Prueba con otra.',
    );
  });
});
