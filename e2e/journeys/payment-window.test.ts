import { describe, expect, inject, it } from 'vitest';
import {
  apiFromPage,
  bookingForm,
  CARDS,
  chooseNewCard,
  demoListingPath,
  fillNewCard,
  GUEST,
  ORDER_URL,
  pay,
  reloadUntilVisible,
  requestBooking,
  startTimes,
  transactionOf,
} from '../support/booking.ts';
import { openPage, screenshot, useBrowser } from '../support/browser.ts';
import { advanceClock } from '../support/clock.ts';
import { acceptCookies, logIn, pageScreenshot, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();
const MINUTE = 60_000;

describe('the 15-minute payment window (Spanish, phone)', () => {
  it('holds the hours of an unpaid request, lets it expire after 15 minutes and offers the hours again', async () => {
    const { page, context, problems } = await openPage(browser(), 'phone');
    await serveBlankTiles(context);
    await logIn(page, baseUrl, GUEST);
    await acceptCookies(page);
    const listingPath = await demoListingPath(page, baseUrl);
    await page.goto(`${baseUrl}${listingPath}`, { waitUntil: 'networkidle' });
    const { day, start } = await requestBooking(page, 7);
    await page.waitForURL((url) => url.pathname.endsWith('/checkout'));

    // A declined card: the request exists, unpaid, and holds its hours for 15 minutes.
    await chooseNewCard(page);
    await fillNewCard(page, CARDS.declined);
    await pay(page);
    await page
      .getByTestId('payment-form')
      .getByText('Tu tarjeta ha sido rechazada. Prueba con otra.')
      .waitFor();
    await pageScreenshot(page, 'checkout-declined-es-phone');
    const { body } = await apiFromPage<{
      data: { id: string; state: string; createdAt: string; booking: { start: string } | null }[];
    }>(page, '/api/transactions?only=order&perPage=50');
    const pending = body.data
      .filter((transaction) => transaction.state === 'pending-payment')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    if (!pending) throw new Error('No unpaid request after the declined card');

    // While it is held, the listing does not offer that hour.
    await page.goto(`${baseUrl}${listingPath}`, { waitUntil: 'networkidle' });
    let form = await bookingForm(page);
    await form.locator('select[name="bookingStart"]').waitFor({ state: 'attached' });
    await form.getByLabel('Fecha de inicio').selectOption(day);
    expect(await startTimes(form)).not.toContain(start);

    // The order page counts the window down; 16 minutes later the request has expired.
    await page.goto(`${baseUrl}/order/${pending.id}/details`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: /Completa el pago de/ }).waitFor();
    await advanceClock(16 * MINUTE);
    await reloadUntilVisible(
      page,
      page.getByRole('heading', { level: 1, name: /El pago de .+ no se completó a tiempo/ }),
    );
    expect((await transactionOf(page, pending.id)).state).toBe('payment-expired');
    await screenshot(page, 'order-payment-expired-es-phone');

    // The hours are free again: the same start is offered, and booking it succeeds.
    await page.goto(`${baseUrl}${listingPath}`, { waitUntil: 'networkidle' });
    form = await bookingForm(page);
    await form.locator('select[name="bookingStart"]').waitFor({ state: 'attached' });
    await form.getByLabel('Fecha de inicio').selectOption(day);
    expect(await startTimes(form)).toContain(start);
    await form.getByLabel('Hora de inicio').selectOption({ label: start });
    await form.getByLabel('Hora de fin').selectOption({ index: 2 });
    await form
      .getByTestId('booking-breakdown')
      .getByText(/^2 horas × /)
      .waitFor();
    await form.getByRole('button', { name: 'Solicitar reserva' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/checkout'));
    await chooseNewCard(page);
    await fillNewCard(page, CARDS.succeeds);
    await pay(page);
    await page.waitForURL(ORDER_URL, { timeout: 30_000 });
    const booked = await transactionOf(page, page.url().split('/').at(-2)!);
    expect(booked.booking?.start).toBe(pending.booking?.start);

    // The declined card's refusal (HTTP 402 from the card API) is the one failed load expected.
    expect(problems.filter((problem) => !problem.includes('status of 402 '))).toEqual([]);
    await context.close();
  });
});
