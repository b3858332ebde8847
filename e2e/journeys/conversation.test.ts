import { describe, expect, inject, it } from 'vitest';
import {
  apiFromPage,
  CARDS,
  chooseNewCard,
  chooseTwoHours,
  demoListingPath,
  fillNewCard,
  GUEST,
  HOST,
  LISTING_TITLE,
  ORDER_URL,
  pay,
} from '../support/booking.ts';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, pageScreenshot, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

const QUESTION = '¿La sala tiene proyector y se puede entrar media hora antes?';
const ANSWER = 'Sí, hay proyector y pizarra. Puedes llegar a las 9:30 sin problema.';

describe('the conversation (issue 12)', () => {
  it('a guest asks the host from the listing page, the host answers from the inbox, the guest reads the answer and books from the conversation', async () => {
    // A visitor opens the listing, contacts the host, logs in and comes back to the enquiry form.
    const guest = await openPage(browser(), 'phone');
    await serveBlankTiles(guest.context);
    await guest.page.goto(baseUrl, { waitUntil: 'networkidle' });
    await acceptCookies(guest.page);
    const listingPath = await demoListingPath(guest.page, baseUrl);
    await guest.page.goto(`${baseUrl}${listingPath}`, { waitUntil: 'networkidle' });
    await guest.page.getByTestId('contact-link').click();
    await guest.page.waitForURL((url) => url.pathname === '/login');
    await guest.page.getByLabel('Email').fill(GUEST.email);
    await guest.page.getByLabel('Contraseña').fill(GUEST.password);
    await guest.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await guest.page.waitForURL(
      (url) => url.pathname === listingPath && url.searchParams.get('contact') === 'true',
    );

    const dialog = guest.page.getByRole('dialog', { name: /Contactar con/ });
    await dialog.waitFor();
    const send = dialog.getByRole('button', { name: 'Enviar mensaje' });
    // Nothing to send yet: the button waits for a question (spaces are not one).
    await dialog.getByLabel('Tu mensaje').fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Tu mensaje').fill(QUESTION);
    expect(await send.isEnabled()).toBe(true);
    await screenshot(guest.page, 'enquiry-form-es-phone', { fullPage: false });
    await send.click();
    await guest.page.waitForURL(/\/order\/[0-9a-f-]{36}\/details$/);
    const orderPath = new URL(guest.page.url()).pathname;
    const transactionId = orderPath.split('/').at(-2)!;
    await guest.page
      .getByRole('heading', { level: 1, name: `Has preguntado por ${LISTING_TITLE}` })
      .waitFor();
    const guestFeed = guest.page.getByTestId('activity-feed');
    await guestFeed.getByText(`Has enviado una consulta sobre ${LISTING_TITLE}.`).waitFor();
    await guestFeed.getByText(QUESTION).waitFor();
    await screenshot(guest.page, 'order-enquiry-es-phone');

    // The host finds it in the inbox as an enquiry, opens the sale and answers.
    const host = await openPage(browser(), 'desktop');
    await serveBlankTiles(host.context);
    await host.page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await acceptCookies(host.page);
    await host.page.getByLabel('Email').fill(HOST.email);
    await host.page.getByLabel('Contraseña').fill(HOST.password);
    await host.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await host.page.waitForURL((url) => url.pathname !== '/login');
    await host.page.goto(`${baseUrl}/inbox/sales`, { waitUntil: 'networkidle' });
    const row = host.page.locator(`a[href="/sale/${transactionId}/details"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain('Consulta');
    await screenshot(host.page, 'inbox-enquiry-es-desktop');
    await row.click();
    await host.page.waitForURL((url) => url.pathname === `/sale/${transactionId}/details`);
    await host.page.getByRole('heading', { level: 1, name: /ha preguntado por/ }).waitFor();
    const hostFeed = host.page.getByTestId('activity-feed');
    await hostFeed.getByText(QUESTION).waitFor();
    const form = host.page.getByTestId('message-form');
    const field = form.getByRole('textbox');
    await field.fill(ANSWER);
    await form.getByRole('button', { name: 'Enviar mensaje' }).click();
    await hostFeed.getByText(ANSWER).waitFor();
    // Sent: the form is empty again and says so.
    await form.getByText('Mensaje enviado.').waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Enviar mensaje' }).isDisabled()).toBe(true);
    await pageScreenshot(host.page, 'sale-conversation-es-desktop');

    // The guest sees the answer after a reload, after their question.
    await guest.page.reload({ waitUntil: 'networkidle' });
    const messages = await guest.page.getByTestId('feed-message').allInnerTexts();
    expect(messages.findIndex((text) => text.includes(ANSWER))).toBeGreaterThan(
      messages.findIndex((text) => text.includes(QUESTION)),
    );
    await screenshot(guest.page, 'order-conversation-es-phone');

    // The guest books from the conversation: the listing is not negotiable, so the order page's
    // booking panel is open at the listing's price from the start.
    const panel = guest.page.getByTestId('enquiry-booking');
    await panel.getByRole('heading', { level: 2 }).waitFor();
    expect(await panel.getByTestId('agreed-price').count()).toBe(0);
    expect(await guest.page.getByTestId('negotiation').count()).toBe(0);
    const bookingForm = panel.getByTestId('booking-form');
    await chooseTwoHours(bookingForm, 8);
    await bookingForm
      .getByTestId('booking-breakdown')
      .getByText(/^2 horas × /)
      .waitFor();
    await bookingForm.scrollIntoViewIfNeeded();
    await screenshot(guest.page, 'order-enquiry-booking-es-phone', { fullPage: false });
    await bookingForm.getByRole('button', { name: 'Solicitar reserva' }).click();
    await guest.page.waitForURL((url) => url.pathname.endsWith('/checkout'));
    // The checkout books the enquiry itself, not a new transaction.
    expect(new URL(guest.page.url()).searchParams.get('transactionId')).toBe(transactionId);
    await guest.page
      .getByTestId('checkout-page')
      .getByRole('heading', { level: 1, name: 'Solicitar reserva' })
      .waitFor();
    await chooseNewCard(guest.page);
    await fillNewCard(guest.page, CARDS.succeeds);
    await pay(guest.page);
    await guest.page.waitForURL(ORDER_URL, { timeout: 30_000 });
    expect(new URL(guest.page.url()).pathname).toBe(orderPath);
    await guest.page.getByRole('heading', { level: 1, name: /Has solicitado reservar/ }).waitFor();
    const requested = await apiFromPage<{ transaction: { state: string } }>(
      guest.page,
      `/api/transactions/${transactionId}`,
    );
    expect(requested.body.transaction.state).toBe('preauthorized');
    // The booking panel has done its work; the feed keeps the conversation, then the request.
    expect(await guest.page.getByTestId('enquiry-booking').count()).toBe(0);
    await guestFeed.getByText(`Has solicitado reservar ${LISTING_TITLE}.`).waitFor();
    const feed = await guestFeed.locator(':scope > li').allInnerTexts();
    const at = (text: string) => feed.findIndex((item) => item.includes(text));
    expect(at(QUESTION)).toBeGreaterThan(at(`Has enviado una consulta sobre ${LISTING_TITLE}.`));
    expect(at(ANSWER)).toBeGreaterThan(at(QUESTION));
    expect(at(`Has solicitado reservar ${LISTING_TITLE}.`)).toBeGreaterThan(at(ANSWER));
    await pageScreenshot(guest.page, 'order-requested-after-enquiry-es-phone');

    // The host's sale is now a request to answer, with the conversation above it.
    await host.page.goto(`${baseUrl}/sale/${transactionId}/details`, { waitUntil: 'networkidle' });
    await host.page.locator('#main').getByRole('button', { name: 'Aceptar', exact: true }).waitFor();
    await hostFeed.getByText(QUESTION).waitFor();
    await hostFeed.getByText(ANSWER).waitFor();

    // The host's own listing page offers no contact link; a stranger cannot open the conversation.
    await host.page.goto(`${baseUrl}${listingPath}`, { waitUntil: 'networkidle' });
    expect(await host.page.getByTestId('contact-link').count()).toBe(0);
    const stranger = await openPage(browser(), 'desktop');
    await stranger.page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await stranger.page.getByLabel('Email').fill('ana@demo.hora.es');
    await stranger.page.getByLabel('Contraseña').fill('hora-demo-2026');
    await stranger.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await stranger.page.waitForURL((url) => url.pathname !== '/login');
    const response = await stranger.page.goto(`${baseUrl}/order/${transactionId}/details`);
    expect(response?.status()).toBe(404);

    expect(unexpectedProblems(guest.problems, [])).toEqual([]);
    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    await Promise.all([guest.context.close(), host.context.close(), stranger.context.close()]);
  });

  it('sends a message without JavaScript: the form posts and the page comes back with it', async () => {
    const context = await browser().newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'es-ES',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(GUEST.email);
    await page.getByLabel('Contraseña').fill(GUEST.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseUrl}/inbox/orders`);
    await page.locator('a[href^="/order/"]').first().click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}\/details/);
    const text = `Sin JavaScript también: ${Date.now()}`;
    await page.getByTestId('message-form').getByRole('textbox').fill(text);
    await page.getByTestId('message-form').getByRole('button', { name: 'Enviar mensaje' }).click();
    await page.waitForURL(/#conversation$/);
    await page.getByTestId('activity-feed').getByText(text).waitFor();
    expect(await page.getByTestId('message-form').getByRole('textbox').inputValue()).toBe('');
    await context.close();
  });
});
