import type { Locator, Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import { pageScreenshot } from './hosting.ts';

/**
 * Booking steps of the issue 11 journeys, with the real screens' Spanish labels: the listing
 * page's booking form (the panel beside the page on a computer, the `book` modal on a phone), the
 * checkout's payment form with the sandbox's card field, and the order page it leads to.
 */

/** Demo accounts of the README (docs: demo data): Lucía hosts "Sala luminosa en Malasaña"; Carlos books. */
export const HOST = { email: 'lucia@demo.hora.es', password: 'hora-demo-2026' };
export const GUEST = { email: 'carlos@demo.hora.es', password: 'hora-demo-2026' };
export const LISTING_TITLE = 'Sala luminosa en Malasaña';

/** Stripe's test cards, which the payments sandbox honours the same way. */
export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0025 0000 3155',
};

export const ORDER_URL = /\/order\/[0-9a-f-]{36}\/details$/;

/** The page of a published demo listing whose host can take bookings, from the search. */
export async function demoListingPath(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/s?keywords=${encodeURIComponent(LISTING_TITLE)}`, { waitUntil: 'networkidle' });
  // Other hosts have a "Sala luminosa" too: Lucía's, by its whole title.
  const card = page.getByTestId('listing-card').filter({ hasText: LISTING_TITLE }).first();
  await card.waitFor();
  const href = await card.getByRole('link').first().getAttribute('href');
  if (!href) throw new Error('The search showed no listing link');
  return new URL(href, baseUrl).pathname;
}

/**
 * The listing page's booking form: on a computer the panel beside the page; on a phone the modal
 * the bottom bar's link opens (the page's address gets the `book` flag).
 */
export async function bookingForm(page: Page): Promise<Locator> {
  const phone = (page.viewportSize()?.width ?? 1280) < 700;
  if (!phone) return page.getByTestId('booking-panel').getByTestId('booking-form');
  await page.getByTestId('booking-bar').getByRole('link', { name: 'Ver disponibilidad' }).click();
  await page.waitForURL((url) => url.searchParams.has('book'));
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog.getByTestId('booking-form');
}

/**
 * Picks, in the booking form, the `nth` day (counted from the end of the days offered, so each
 * journey books its own day and no earlier journey's booking is in the way) whose first free hour
 * leaves room for two, then a two-hour booking from that hour. Returns the chosen start date.
 */
export async function chooseTwoHours(
  form: Locator,
  nth: number,
  from: 'end' | 'start' = 'end',
): Promise<string> {
  // The form's rules load once the page has: then its times carry the chosen instants.
  await form.locator('select[name="bookingStart"]').waitFor({ state: 'attached' });
  const startDate = form.getByLabel('Fecha de inicio');
  const days = await startDate
    .locator('option:not([disabled])')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
  let skipped = 0;
  // From the start: the soonest free hours, for a journey that moves the test clock past them.
  for (const day of from === 'end' ? days.reverse() : days) {
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

/** The chosen start time of the booking form (its option's text, e.g. "09:00"). */
export async function chosenStartTime(form: Locator): Promise<string> {
  return form
    .getByLabel('Hora de inicio')
    .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
}

/** The times the form offers as a start on its chosen day. */
export async function startTimes(form: Locator): Promise<string[]> {
  return form.getByLabel('Hora de inicio').locator('option:not([value=""]):not([disabled])').allInnerTexts();
}

/** From the listing page: the booking form, two hours, the server's price, and "Solicitar reserva". */
export async function requestBooking(
  page: Page,
  nth: number,
  from: 'end' | 'start' = 'end',
  shot?: string,
): Promise<{ day: string; start: string }> {
  const form = await bookingForm(page);
  const day = await chooseTwoHours(form, nth, from);
  const start = await chosenStartTime(form);
  // The server's price of the two hours: the breakdown with its total.
  const breakdown = form.getByTestId('booking-breakdown');
  await breakdown.getByText(/^2 horas × /).waitFor();
  await breakdown.getByTestId('breakdown-total').waitFor();
  if (shot) {
    await form.scrollIntoViewIfNeeded();
    await screenshot(page, shot, { fullPage: false });
  }
  await form.getByRole('button', { name: 'Solicitar reserva' }).click();
  return { day, start };
}

/** Types a card into the sandbox's card field (number, expiry, CVC, postal code). */
export async function fillCard(page: Page, number: string): Promise<void> {
  const card = page.getByTestId('payment-form').getByTestId('card-field');
  await card.getByLabel('Número de tarjeta').fill(number);
  await card.getByLabel('Caducidad (MM/AA)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByLabel('Código postal').fill('28014');
}

/**
 * A new card at checkout: with a saved card, the choice to use another one (pressed again until
 * the page's script has taken it: the card's fields come with the script).
 */
export async function chooseNewCard(page: Page): Promise<void> {
  const holder = page.getByTestId('payment-form').getByLabel('Titular de la tarjeta');
  const other = page.getByLabel(/^Usar otra tarjeta/);
  await holder.or(other).first().waitFor();
  for (let attempt = 0; !(await holder.isVisible()); attempt += 1) {
    if (attempt === 10) throw new Error('The checkout did not offer a new card');
    await other.check();
    await holder.waitFor({ timeout: 1000 }).catch(() => undefined);
  }
}

/** A new card with its holder and billing address. */
export async function fillNewCard(page: Page, number: string): Promise<void> {
  const form = page.getByTestId('payment-form');
  await form.getByLabel('Titular de la tarjeta').fill('Carlos Demo');
  await fillCard(page, number);
  const billing = form.getByRole('group', { name: 'Dirección de facturación' });
  await billing.getByLabel('Dirección', { exact: true }).fill('Calle de Alcalá 1');
  await billing.getByLabel('Código postal').fill('28014');
  await billing.getByLabel('Ciudad').fill('Madrid');
  await billing.getByLabel('País').selectOption('ES');
}

/** "Confirmar y pagar", once the form lets it be pressed. */
export async function pay(page: Page): Promise<void> {
  const button = page.getByTestId('payment-form').getByRole('button', { name: 'Confirmar y pagar' });
  // A click waits until the button can be pressed (the page's script, a complete card).
  await button.click();
}

/**
 * As the signed-in guest: books two hours of the listing at `listingPath` (the `nth` day from the
 * end with room) and pays with the saved card, or with `card` typed in as a card used once, leaving
 * an optional message to the host. Returns the order page's address once the request is paid.
 */
export async function bookAndPay(
  page: Page,
  baseUrl: string,
  listingPath: string,
  options: { nth: number; from?: 'end' | 'start'; card?: string; message?: string; shot?: string },
): Promise<string> {
  await page.goto(`${baseUrl}${listingPath}`, { waitUntil: 'networkidle' });
  await requestBooking(page, options.nth, options.from, options.shot && `${options.shot}-booking-form`);
  await page.waitForURL((url) => url.pathname.endsWith('/checkout'));
  const checkout = page.getByTestId('checkout-page');
  await checkout.getByRole('heading', { level: 1, name: 'Solicitar reserva' }).waitFor();
  if (options.card) {
    await chooseNewCard(page);
    await fillNewCard(page, options.card);
  }
  if (options.message)
    await checkout.getByLabel('Mensaje para el anfitrión (opcional)').fill(options.message);
  if (options.shot) await pageScreenshot(page, `${options.shot}-checkout`);
  await pay(page);
  await page.waitForURL(ORDER_URL, { timeout: 30_000 });
  return page.url();
}

/** Runs `fetch` inside the page, so the person's session cookie and our Origin go along. */
export async function apiFromPage<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  }, path) as Promise<{ status: number; body: T }>;
}

/** The transaction as its party's API answers it (the state and the booking's times). */
export async function transactionOf(
  page: Page,
  id: string,
): Promise<{ state: string; booking: { start: string; end: string } | null }> {
  const { status, body } = await apiFromPage<{
    transaction: { state: string; booking: { start: string; end: string } | null };
  }>(page, `/api/transactions/${id}`);
  if (status !== 200) throw new Error(`GET /api/transactions/${id} answered ${status}`);
  return body.transaction;
}

/** Reloads `page` until `locator` shows (a background job's result), for up to `timeout` ms. */
export async function reloadUntilVisible(page: Page, locator: Locator, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await locator.isVisible()) return;
    if (Date.now() > deadline) throw new Error(`Not shown after ${timeout} ms: ${locator}`);
    await page.waitForTimeout(500);
    await page.reload({ waitUntil: 'networkidle' });
  }
}
