import { describe, expect, inject, it } from 'vitest';
import {
  bookAndPay,
  CARDS,
  demoListingPath,
  GUEST,
  HOST,
  reloadUntilVisible,
  transactionOf,
} from '../support/booking.ts';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { advanceClock, serverTime } from '../support/clock.ts';
import { acceptCookies, logIn, serveBlankTiles } from '../support/hosting.ts';
import { linkFromMailbox } from '../support/mailbox.ts';

const baseUrl = inject('baseUrl');
const mailboxLink = inject('mailboxLink');
const browser = useBrowser();

describe('the host decides on a paid request (Spanish)', () => {
  it('opens the sale from the email link and accepts it; the guest sees the address; the booking ends and is delivered', async () => {
    const guest = await openPage(browser(), 'phone');
    await serveBlankTiles(guest.context);
    await logIn(guest.page, baseUrl, GUEST);
    await acceptCookies(guest.page);
    // The soonest two free hours: the test clock passes their end below.
    const orderUrl = await bookAndPay(guest.page, baseUrl, await demoListingPath(guest.page, baseUrl), {
      nth: 0,
      from: 'start',
      card: CARDS.succeeds,
      message: '¿Puedo llegar diez minutos antes para preparar la sala?',
      shot: 'guest-es-phone',
    });
    const transactionId = orderUrl.split('/').at(-2)!;
    await guest.page.getByRole('heading', { level: 1, name: /Has solicitado reservar/ }).waitFor();

    // The new-request email to the host links to the sale, and quotes the guest's message.
    const host = await openPage(browser(), 'desktop');
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    const saleLink = await linkFromMailbox(
      host.page,
      mailboxLink,
      HOST.email,
      'nueva solicitud de reserva',
      `/sale/${transactionId}/details`,
    );
    expect(await host.page.getByText('¿Puedo llegar diez minutos antes').count()).toBeGreaterThan(0);
    await host.page.goto(saleLink);
    expect(new URL(host.page.url()).pathname).toBe(`/sale/${transactionId}/details`);
    await host.page.getByRole('heading', { level: 1, name: /quiere reservar/ }).waitFor();
    await host.page.getByText('Recibirás').waitFor();
    await screenshot(host.page, 'sale-requested-es-desktop');

    await host.page.getByRole('button', { name: 'Aceptar', exact: true }).click();
    await host.page.getByRole('heading', { level: 1, name: /Has aceptado la reserva de/ }).waitFor();
    expect(await host.page.getByRole('button', { name: 'Aceptar', exact: true }).count()).toBe(0);
    await screenshot(host.page, 'sale-accepted-es-desktop');

    // The guest's order now shows the acceptance and the space's address; the email says so too.
    await guest.page.goto(orderUrl);
    await guest.page.getByRole('heading', { level: 1, name: /está aceptada/ }).waitFor();
    await guest.page.getByRole('heading', { level: 2, name: 'Dirección' }).waitFor();
    await screenshot(guest.page, 'order-accepted-es-phone');
    const acceptedLink = await linkFromMailbox(
      guest.page,
      mailboxLink,
      GUEST.email,
      'está aceptada',
      `/order/${transactionId}/details`,
    );
    expect(acceptedLink).toBe(`${baseUrl}/order/${transactionId}/details`);

    // The test clock passes the booking's end: the timer completes it, and both sides see it.
    await guest.page.goto(orderUrl);
    const { booking } = await transactionOf(guest.page, transactionId);
    const end = new Date(booking!.end).getTime();
    await advanceClock(Math.max(0, end - (await serverTime()).getTime()) + 60_000);
    await reloadUntilVisible(
      guest.page,
      guest.page.getByRole('heading', { level: 1, name: /Tu reserva de .+ ha terminado/ }),
    );
    expect((await transactionOf(guest.page, transactionId)).state).toBe('delivered');
    await screenshot(guest.page, 'order-delivered-es-phone');
    await host.page.goto(saleLink);
    await host.page.getByRole('heading', { level: 1, name: /La reserva de .+ ha terminado/ }).waitFor();

    // A stranger to the transaction is shown the not-found page.
    const other = await openPage(browser(), 'desktop');
    await logIn(other.page, baseUrl, { email: 'ana@demo.hora.es', password: 'hora-demo-2026' });
    const response = await other.page.goto(`${baseUrl}/sale/${transactionId}/details`);
    expect(response?.status()).toBe(404);

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    expect(unexpectedProblems(guest.problems, [])).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close(), other.context.close()]);
  });

  it('shows a declined request as declined, with the authorised amount given back', async () => {
    const guest = await openPage(browser(), 'desktop');
    await serveBlankTiles(guest.context);
    await logIn(guest.page, baseUrl, GUEST);
    await acceptCookies(guest.page);
    const orderUrl = await bookAndPay(guest.page, baseUrl, await demoListingPath(guest.page, baseUrl), {
      nth: 5,
      card: CARDS.succeeds,
    });
    const transactionId = orderUrl.split('/').at(-2)!;

    const host = await openPage(browser(), 'phone');
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    await host.page.goto(`${baseUrl}/sale/${transactionId}`);
    expect(new URL(host.page.url()).pathname).toBe(`/sale/${transactionId}/details`);
    await screenshot(host.page, 'sale-requested-es-phone');
    await host.page.getByRole('button', { name: 'Rechazar', exact: true }).click();
    await host.page.getByRole('heading', { level: 1, name: /no se aceptó/ }).waitFor();
    await screenshot(host.page, 'sale-declined-es-phone');

    await guest.page.goto(orderUrl);
    await guest.page.getByRole('heading', { level: 1, name: /no se aceptó/ }).waitFor();
    await guest.page.getByText(/el importe autorizado se ha liberado/).waitFor();
    expect(await guest.page.getByRole('heading', { level: 2, name: 'Dirección' }).count()).toBe(0);
    await screenshot(guest.page, 'order-declined-es-desktop');
    await linkFromMailbox(
      guest.page,
      mailboxLink,
      GUEST.email,
      'ha sido rechazada',
      `/order/${transactionId}/details`,
    );

    // The customer who opens the sale side is sent to their order.
    await guest.page.goto(`${baseUrl}/sale/${transactionId}/details`);
    expect(new URL(guest.page.url()).pathname).toBe(`/order/${transactionId}/details`);

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    expect(unexpectedProblems(guest.problems, [])).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  });
});
