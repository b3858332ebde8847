import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiFromPage, bookAndPay, CARDS, demoListingPath, GUEST, HOST } from '../support/booking.ts';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, logIn, pageScreenshot, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** Marks the page's window: the mark is gone if the page is loaded again. */
async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'not reloaded';
  });
}

async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark === 'not reloaded');
}

/** The count the top bar's inbox link announces (its dot), as the host's API answers it. */
async function awaitingCount(page: Page): Promise<number> {
  const { status, body } = await apiFromPage<{ count: number }>(page, '/api/transactions/awaiting-count');
  if (status !== 200) throw new Error(`awaiting-count answered ${status}`);
  return body.count;
}

/**
 * Watches a page's event streams: the returned function waits until the document loaded last has
 * its stream open (a page opens it after its load event; a client-side navigation keeps it).
 */
function watchEventStream(page: Page): () => Promise<void> {
  let loads = 0;
  let openedAfterLoad = -1;
  page.on('load', () => {
    loads += 1;
  });
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/events' && response.status() === 200) {
      openedAfterLoad = loads;
    }
  });
  return async () => {
    const deadline = Date.now() + 15_000;
    while (openedAfterLoad !== loads) {
      if (Date.now() > deadline) throw new Error('The page opened no event stream');
      await page.waitForTimeout(100);
    }
  };
}

describe('live updates (issue 12): the other party’s change shows without a reload', () => {
  it('the host’s inbox dot appears when a request is paid; the guest’s order changes heading when the host accepts', async () => {
    const host = await openPage(browser(), 'desktop');
    const hostStreamOpen = watchEventStream(host.page);
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    await host.page.goto(`${baseUrl}/inbox/sales`, { waitUntil: 'networkidle' });
    const before = await awaitingCount(host.page);
    await hostStreamOpen();
    await markWindow(host.page);

    // The guest books and pays in another browser.
    const guest = await openPage(browser(), 'phone');
    const guestStreamOpen = watchEventStream(guest.page);
    await serveBlankTiles(guest.context);
    await logIn(guest.page, baseUrl, GUEST);
    await acceptCookies(guest.page);
    const orderUrl = await bookAndPay(guest.page, baseUrl, await demoListingPath(guest.page, baseUrl), {
      nth: 3,
      card: CARDS.succeeds,
    });
    const transactionId = orderUrl.split('/').at(-2) as string;

    // The host's open inbox shows the new request and the dot's count, with no reload.
    const inboxLink = host.page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: /^Bandeja de entrada/ });
    const expected = before + 1;
    await inboxLink
      .getByText(
        expected === 1 ? '1 reserva espera tu respuesta' : `${expected} reservas esperan tu respuesta`,
      )
      .waitFor({ state: 'attached', timeout: 15_000 });
    await host.page.locator(`a[href="/sale/${transactionId}/details"]`).waitFor({ timeout: 15_000 });
    expect(await inboxLink.locator('.notification-dot').count()).toBe(1);
    expect(await notReloaded(host.page)).toBe(true);
    await screenshot(host.page, 'live-inbox-dot-es-desktop');

    // The guest keeps the order page open; the host accepts in the other browser.
    await guest.page.getByRole('heading', { level: 1, name: /Has solicitado reservar/ }).waitFor();
    await guestStreamOpen();
    await markWindow(guest.page);
    await host.page.goto(`${baseUrl}/sale/${transactionId}/details`, { waitUntil: 'networkidle' });
    await host.page.getByRole('button', { name: 'Aceptar', exact: true }).click();
    await host.page.getByRole('heading', { level: 1, name: /Has aceptado la reserva de/ }).waitFor();

    await guest.page.getByRole('heading', { level: 1, name: /está aceptada/ }).waitFor({ timeout: 15_000 });
    await guest.page.getByRole('heading', { level: 2, name: 'Dirección' }).waitFor();
    expect(await notReloaded(guest.page)).toBe(true);
    await screenshot(guest.page, 'live-order-accepted-es-phone');

    // The host's dot went back down with the answer (the accept was theirs: the page revalidated).
    expect(await awaitingCount(host.page)).toBe(before);

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    expect(unexpectedProblems(guest.problems, [])).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  });
});

describe('live updates (issue 12): a message sent in one browser appears in the other', () => {
  it('the host’s open inbox lists a new enquiry; each party’s message shows on the other’s transaction page without a reload', async () => {
    const host = await openPage(browser(), 'desktop');
    const hostStreamOpen = watchEventStream(host.page);
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    await host.page.goto(`${baseUrl}/inbox/sales`, { waitUntil: 'networkidle' });
    const awaitingBefore = await awaitingCount(host.page);
    await hostStreamOpen();
    await markWindow(host.page);

    // The guest asks from the listing page in another browser.
    const guest = await openPage(browser(), 'phone');
    const guestStreamOpen = watchEventStream(guest.page);
    await serveBlankTiles(guest.context);
    await logIn(guest.page, baseUrl, GUEST);
    await acceptCookies(guest.page);
    await guest.page.goto(`${baseUrl}${await demoListingPath(guest.page, baseUrl)}`, {
      waitUntil: 'networkidle',
    });
    await guest.page.getByTestId('contact-link').click();
    const dialog = guest.page.getByRole('dialog', { name: /Contactar con/ });
    await dialog.getByLabel('Tu mensaje').fill('¿Hay enchufes cerca de la mesa grande?');
    await dialog.getByRole('button', { name: 'Enviar mensaje' }).click();
    await guest.page.waitForURL(/\/order\/[0-9a-f-]{36}\/details$/);
    const transactionId = new URL(guest.page.url()).pathname.split('/').at(-2) as string;

    // The host's open inbox lists the enquiry at once; an enquiry awaits no answer: the dot stays.
    const row = host.page.locator(`a[href="/sale/${transactionId}/details"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toContain('Consulta');
    expect(await notReloaded(host.page)).toBe(true);
    expect(await awaitingCount(host.page)).toBe(awaitingBefore);

    // Both open the transaction: the host from the inbox (a client-side navigation keeps the
    // stream and the mark), the guest is on the order page the enquiry led to.
    await row.click();
    await host.page.waitForURL((url) => url.pathname === `/sale/${transactionId}/details`);
    const hostFeed = host.page.getByTestId('activity-feed');
    await hostFeed.getByText('¿Hay enchufes cerca de la mesa grande?').waitFor();
    expect(await notReloaded(host.page)).toBe(true);
    await guestStreamOpen();
    await markWindow(guest.page);
    const guestFeed = guest.page.getByTestId('activity-feed');

    // The host answers through the send-message form; the guest's feed shows it without a reload.
    const answer = `Sí, hay cuatro enchufes junto a la mesa (${Date.now().toString(36)}).`;
    const hostForm = host.page.getByTestId('message-form');
    await hostForm.getByRole('textbox').fill(answer);
    await hostForm.getByRole('button', { name: 'Enviar mensaje' }).click();
    await hostFeed.getByText(answer).waitFor();
    await guestFeed.getByText(answer).waitFor({ timeout: 15_000 });
    expect(await notReloaded(guest.page)).toBe(true);
    await pageScreenshot(guest.page, 'live-message-received-es-phone');

    // And the other way round: the guest's reply shows on the host's open sale page.
    const reply = `¡Perfecto, gracias! (${Date.now().toString(36)})`;
    const guestForm = guest.page.getByTestId('message-form');
    await guestForm.getByRole('textbox').fill(reply);
    await guestForm.getByRole('button', { name: 'Enviar mensaje' }).click();
    await guestFeed.getByText(reply).waitFor();
    await hostFeed.getByText(reply).waitFor({ timeout: 15_000 });
    expect(await notReloaded(host.page)).toBe(true);
    // Each message once, in the order sent, on both sides.
    for (const page of [host.page, guest.page]) {
      const messages = await page.getByTestId('feed-message').allInnerTexts();
      expect(messages.filter((text) => text.includes(answer))).toHaveLength(1);
      expect(messages.filter((text) => text.includes(reply))).toHaveLength(1);
      expect(messages.findIndex((text) => text.includes(reply))).toBeGreaterThan(
        messages.findIndex((text) => text.includes(answer)),
      );
    }
    await pageScreenshot(host.page, 'live-message-received-es-desktop');

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    expect(unexpectedProblems(guest.problems, [])).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  });
});
