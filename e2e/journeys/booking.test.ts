import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, logIn, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A demo guest of the README (docs: demo data); Lucía's "Sala luminosa" is in Malasaña, Madrid. */
const GUEST = { email: 'carlos@demo.hora.es', password: 'hora-demo-2026' };
const LISTING_QUERY = 'Sala luminosa';

/** Stripe's test cards, which the payments sandbox honours the same way. */
const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0025 0000 3155',
};

const ORDER_URL = /\/order\/[0-9a-f-]{36}\/details$/;

/** The page of a published demo listing whose host can take bookings, from the search. */
async function demoListingPath(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/s?keywords=${encodeURIComponent(LISTING_QUERY)}`, { waitUntil: 'networkidle' });
  const card = page.getByTestId('listing-card').first();
  await card.waitFor();
  const href = await card.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error('The search showed no listing link');
  return new URL(href, baseUrl).pathname;
}

/**
 * Picks, in the listing page's booking form, the `nth` day (counted from the end of the days
 * offered, so each journey books its own day and no earlier journey's booking is in the way)
 * whose first free hour leaves room for two, then a two-hour booking from that hour. Returns the
 * chosen start date.
 */
async function chooseTwoHours(form: Locator, nth: number): Promise<string> {
  // The form's rules load once the page has: then its times carry the chosen instants.
  await form.locator('select[name="bookingStart"]').waitFor({ state: 'attached' });
  const startDate = form.getByLabel('Fecha de inicio');
  const days = await startDate
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  let skipped = 0;
  for (const day of days.reverse()) {
    await startDate.selectOption(day);
    // Picking a start date chose the first free hour and an end one hour later.
    const ends = form.getByLabel('Hora de fin').locator('option:not([value=""])');
    if ((await ends.count()) < 2) continue;
    if (skipped < nth) {
      skipped += 1;
      continue;
    }
    await form.getByLabel('Hora de fin').selectOption({ index: 2 });
    return day;
  }
  throw new Error('No day with two free hours in the booking form');
}

/** From the listing page, as a visitor: the booking form, the price, and "Solicitar reserva". */
async function requestBooking(page: Page, nth: number): Promise<void> {
  const form = page.getByTestId('booking-panel').getByTestId('booking-form');
  await chooseTwoHours(form, nth);
  // The server's price of the two hours: the breakdown with its total.
  const breakdown = form.getByTestId('booking-breakdown');
  await breakdown.getByText(/^2 horas × /).waitFor();
  await breakdown.getByTestId('breakdown-total').waitFor();
  await form.getByRole('button', { name: 'Solicitar reserva' }).click();
}

/** Logs in on the page the checkout sent a visitor to, and comes back to the checkout. */
async function logInFromCheckout(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('returnTo') ?? '')).toMatch(
    /\/checkout\?bookingStart=.+&bookingEnd=.+/,
  );
  await page.getByLabel('Email').fill(GUEST.email);
  await page.getByLabel('Contraseña').fill(GUEST.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/checkout'));
}

/** Types a card into the payments branch's card field (number, expiry, CVC; Spanish labels). */
async function fillCard(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('payment-form');
  await form.getByLabel(/Número de (la )?tarjeta/).fill(number);
  await form.getByLabel(/Caducidad|Fecha de caducidad/).fill('12/34');
  await form.getByLabel(/CVC|Código de seguridad/).fill('123');
}

/** A new card with its holder and billing address. */
async function fillNewCard(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('payment-form');
  await form.getByLabel('Titular de la tarjeta').fill('Carlos Demo');
  await fillCard(page, number);
  await form.getByLabel('Dirección', { exact: true }).fill('Calle de Alcalá 1');
  await form.getByLabel('Código postal').fill('28014');
  await form.getByLabel('Ciudad').fill('Madrid');
  await form.getByLabel('País').selectOption('ES');
}

async function pay(page: Page): Promise<void> {
  const button = page.getByTestId('payment-form').getByRole('button', { name: 'Confirmar y pagar' });
  await expect.poll(() => button.isEnabled()).toBe(true);
  await button.click();
}

describe('booking', () => {
  it('takes a guest from two hours on a listing through login and checkout to the order, saving the card', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await acceptCookies(page);
    await page.goto(`${baseUrl}${await demoListingPath(page)}`, { waitUntil: 'networkidle' });
    await requestBooking(page, 0);
    await logInFromCheckout(page);

    const checkout = page.getByTestId('checkout-page');
    await checkout.getByRole('heading', { level: 1, name: 'Solicitar reserva' }).waitFor();
    const total = await checkout.getByTestId('breakdown-total').innerText();
    expect(total).toMatch(/€/);
    await fillNewCard(page, CARDS.succeeds);
    await checkout.getByLabel('Guardar esta tarjeta para más adelante').check();
    await checkout
      .getByLabel('Mensaje para el anfitrión (opcional)')
      .fill('Una reunión de equipo de dos horas.');
    await screenshot(page, 'booking-checkout-desktop');
    await pay(page);
    await page.waitForURL(ORDER_URL, { timeout: 30_000 });

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  it('keeps a declined card on checkout with its message, then pays with another card on the same booking', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await logIn(page, baseUrl, GUEST);
    await acceptCookies(page);
    await page.goto(`${baseUrl}${await demoListingPath(page)}`, { waitUntil: 'networkidle' });
    await requestBooking(page, 1);
    await page.waitForURL((url) => url.pathname.endsWith('/checkout'));

    // The saved card of the first journey is offered; this time another card, once.
    await page.getByLabel(/^Usar otra tarjeta/).check();
    await fillNewCard(page, CARDS.declined);
    await pay(page);
    const form = page.getByTestId('payment-form');
    await form.getByText('Tu tarjeta ha sido rechazada. Prueba con otra.').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/checkout$/);
    // The 15-minute window of the booking now held is counting down.
    await expect.poll(() => form.getByTestId('payment-window').innerText()).toMatch(/1[0-5]:\d\d|\d:\d\d/);
    await screenshot(page, 'booking-declined-desktop');

    await fillCard(page, CARDS.succeeds);
    await pay(page);
    await page.waitForURL(ORDER_URL, { timeout: 30_000 });

    // The declined card's refusal (HTTP 402 from the card API) is the one failed load expected.
    expect(problems.filter((problem) => !problem.includes('status of 402 '))).toEqual([]);
    await context.close();
  });

  it('asks for the card’s authentication in a dialog and books once it is completed', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await logIn(page, baseUrl, GUEST);
    await acceptCookies(page);
    await page.goto(`${baseUrl}${await demoListingPath(page)}`, { waitUntil: 'networkidle' });
    await requestBooking(page, 2);
    await page.waitForURL((url) => url.pathname.endsWith('/checkout'));

    await page.getByLabel(/^Usar otra tarjeta/).check();
    await fillNewCard(page, CARDS.authentication);
    await pay(page);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'booking-authentication-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: /Completar|Autorizar|Confirmar/ }).click();
    await page.waitForURL(ORDER_URL, { timeout: 30_000 });

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  it('books again with the saved card, without typing a card', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await logIn(page, baseUrl, GUEST);
    await acceptCookies(page);
    await page.goto(`${baseUrl}${await demoListingPath(page)}`, { waitUntil: 'networkidle' });
    await requestBooking(page, 3);
    await page.waitForURL((url) => url.pathname.endsWith('/checkout'));

    // The card saved last (the authentication journey's replaced the first one's).
    const saved = page.getByLabel(/^Pagar con la tarjeta guardada: \S+ •••• \d{4}/);
    expect(await saved.isChecked()).toBe(true);
    expect(await page.getByLabel('Titular de la tarjeta').count()).toBe(0);
    await pay(page);
    await page.waitForURL(ORDER_URL, { timeout: 30_000 });

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
