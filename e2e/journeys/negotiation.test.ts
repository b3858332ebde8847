import { describe, expect, inject, it } from 'vitest';
import {
  apiFromPage,
  CARDS,
  chooseNewCard,
  chooseTwoHours,
  fillNewCard,
  GUEST,
  HOST,
  ORDER_URL,
  pay,
} from '../support/booking.ts';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, logIn, pageScreenshot, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Lucía's negotiable demo listing (11–18 € an hour: the demo data's seeded plan gives her one). */
const NEGOTIABLE_TITLE = 'Sala de ensayo con backline en Malasaña';

interface Money {
  amount: number;
  currency: string;
}
interface LineItem {
  code: string;
  includeFor: string[];
  unitPrice: Money;
  quantity?: number;
  lineTotal: Money;
}

describe('price negotiation (Spanish)', () => {
  it('the host offers a price in an enquiry, the guest accepts, books and pays: the checkout charges the offer', async () => {
    const host = await openPage(browser(), 'desktop');
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    const own = await apiFromPage<{ data: { id: string; title: string; negotiation?: string }[] }>(
      host.page,
      '/api/own-listings',
    );
    const listing = own.body.data.find((l) => l.title === NEGOTIABLE_TITLE);
    if (!listing) throw new Error(`Lucía has no listing "${NEGOTIABLE_TITLE}"`);

    const guest = await openPage(browser(), 'phone');
    await serveBlankTiles(guest.context);
    await logIn(guest.page, baseUrl, GUEST);
    await acceptCookies(guest.page);
    // The guest asks from the listing page's contact form ("contact the host"): the enquiry.
    await guest.page.goto(`${baseUrl}/l/sala/${listing.id}`, { waitUntil: 'networkidle' });
    await guest.page.getByTestId('contact-link').click();
    const dialog = guest.page.getByRole('dialog', { name: /Contactar con/ });
    await dialog
      .getByLabel('Tu mensaje')
      .fill('¿Podrías dejarme la sala algo más barata si la reservo dos horas?');
    await dialog.getByRole('button', { name: 'Enviar mensaje' }).click();
    await guest.page.waitForURL(/\/order\/[0-9a-f-]{36}\/details$/);
    const transactionId = new URL(guest.page.url()).pathname.split('/').at(-2) as string;
    const orderUrl = `${baseUrl}/order/${transactionId}/details`;
    const saleUrl = `${baseUrl}/sale/${transactionId}/details`;

    // Negotiable: the guest's booking panel waits for an offer.
    await guest.page.goto(orderUrl, { waitUntil: 'networkidle' });
    const negotiation = guest.page.getByTestId('negotiation');
    await negotiation.getByText('cuando el anfitrión te envíe una oferta').waitFor();
    expect(await guest.page.getByTestId('enquiry-booking').count()).toBe(0);
    await pageScreenshot(guest.page, 'negotiation-waiting-es-phone');

    // The host offers 12,50 € an hour; the form then says the offer was sent.
    await host.page.goto(saleUrl, { waitUntil: 'networkidle' });
    const offerForm = host.page.getByTestId('offer-form');
    // The offer form sits with the send-message form, in the conversation.
    await host.page.locator('#conversation').getByTestId('message-form').waitFor();
    expect(await host.page.locator('#conversation').getByTestId('offer-form').count()).toBe(1);
    await offerForm.getByText('Aún no has enviado ninguna oferta').waitFor();
    await offerForm.getByLabel('Precio por hora (€)').fill('12,50');
    await pageScreenshot(host.page, 'negotiation-offer-form-es-desktop');
    await offerForm.getByRole('button', { name: 'Enviar oferta' }).click();
    await host.page.getByTestId('offer-state').getByText('Oferta enviada').waitFor();
    await host.page
      .getByTestId('offer-card-offered')
      .getByText(/12,50\s€ por hora/)
      .waitFor();
    await pageScreenshot(host.page, 'negotiation-offer-sent-es-desktop');

    // The guest sees the offer as a card and accepts it: the booking panel opens at the agreed price.
    await guest.page.reload({ waitUntil: 'networkidle' });
    const card = guest.page.getByTestId('offer-card-offered');
    await card.getByText('El anfitrión te ha enviado una oferta').waitFor();
    // One card, in the activity feed with the messages (the offer's row is not shown twice).
    expect(await guest.page.getByTestId('activity-feed').getByTestId('offer-card-offered').count()).toBe(1);
    expect(await card.count()).toBe(1);
    await pageScreenshot(guest.page, 'negotiation-offer-received-es-phone');
    await card.getByRole('button', { name: 'Aceptar oferta' }).click();
    const panel = guest.page.getByTestId('enquiry-booking');
    await panel
      .getByTestId('agreed-price')
      .getByText(/12,50\s€ por hora/)
      .waitFor();
    await guest.page.getByTestId('offer-card-accepted').getByText('Has aceptado la oferta').waitFor();
    // Two hours from the panel's form (its rules load once the page has): priced at the agreed price.
    const form = panel.getByTestId('booking-form');
    await form.locator('select[name="bookingStart"]').waitFor({ state: 'attached' });
    await pageScreenshot(guest.page, 'negotiation-accepted-es-phone');
    // The same order at 1280 px: the panel beside the page.
    const wide = await openPage(browser(), 'desktop');
    await logIn(wide.page, baseUrl, GUEST);
    await acceptCookies(wide.page);
    // The banner goes as the consent is posted: let the post land before leaving the page.
    await wide.page.waitForLoadState('networkidle');
    await wide.page.goto(orderUrl, { waitUntil: 'networkidle' });
    await wide.page
      .getByTestId('enquiry-booking')
      .locator('select[name="bookingStart"]')
      .waitFor({ state: 'attached' });
    await pageScreenshot(wide.page, 'negotiation-accepted-es-desktop');
    await chooseTwoHours(form, 1);
    const estimate = form.getByTestId('booking-breakdown');
    await estimate.getByText(/^2 horas × 12,50\s€/).waitFor();
    await form.scrollIntoViewIfNeeded();
    await screenshot(guest.page, 'negotiation-booking-form-es-phone', { fullPage: false });
    await form.getByRole('button', { name: 'Solicitar reserva' }).click();
    await guest.page.waitForURL((url) => url.pathname.endsWith('/checkout'));
    expect(new URL(guest.page.url()).searchParams.get('transactionId')).toBe(transactionId);
    const checkout = guest.page.getByTestId('checkout-page');
    await checkout.getByText(/2 horas × 12,50\s€/).waitFor();
    await chooseNewCard(guest.page);
    await fillNewCard(guest.page, CARDS.succeeds);
    await pageScreenshot(guest.page, 'negotiation-checkout-es-phone');
    await pay(guest.page);
    await guest.page.waitForURL(ORDER_URL, { timeout: 30_000 });
    expect(guest.page.url()).toBe(orderUrl);
    await guest.page.getByRole('heading', { level: 1, name: /Has solicitado reservar/ }).waitFor();

    // The charge: hours × the offered price, plus the commission the line items name.
    const { body } = await apiFromPage<{
      transaction: {
        state: string;
        lineItems: LineItem[];
        payinTotal: Money;
        booking: { start: string; end: string };
      };
    }>(guest.page, `/api/transactions/${transactionId}`);
    const { lineItems, payinTotal, booking, state } = body.transaction;
    expect(state).toBe('preauthorized');
    const hours = (Date.parse(booking.end) - Date.parse(booking.start)) / 3_600_000;
    const units = lineItems.find((item) => item.code === 'line-item/units');
    expect(units?.unitPrice).toEqual({ amount: 1250, currency: 'EUR' });
    expect(units?.lineTotal.amount).toBe(hours * 1250);
    const customerTotal = lineItems
      .filter((item) => item.includeFor.includes('customer'))
      .reduce((sum, item) => sum + item.lineTotal.amount, 0);
    expect(payinTotal.amount).toBe(customerTotal);
    expect(payinTotal.amount).toBeGreaterThanOrEqual(hours * 1250);
    await pageScreenshot(guest.page, 'negotiation-requested-es-phone');

    // The host sees the guest's answer; no offer can be made on a booking.
    await host.page.goto(saleUrl, { waitUntil: 'networkidle' });
    await host.page
      .getByTestId('offer-card-accepted')
      .getByText('El cliente ha aceptado tu oferta')
      .waitFor();
    expect(await host.page.getByTestId('offer-form').count()).toBe(0);
    await pageScreenshot(host.page, 'negotiation-sale-es-desktop');

    // And the guest's order at 1280 px.
    await wide.page.goto(orderUrl, { waitUntil: 'networkidle' });
    await wide.page.getByTestId('offer-card-accepted').waitFor();
    await pageScreenshot(wide.page, 'negotiation-order-es-desktop');

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    expect(unexpectedProblems(guest.problems, [])).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close(), wide.context.close()]);
  });
});
