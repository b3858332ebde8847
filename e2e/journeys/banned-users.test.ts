import { describe, expect, inject, it } from 'vitest';
import { bookAndPay, CARDS, demoListingPath, HOST } from '../support/booking.ts';
import { openPage, screenshot, unexpectedProblems, useBrowser, VIEWPORTS } from '../support/browser.ts';
import { acceptCookies, logIn, serveBlankTiles, signUp } from '../support/hosting.ts';
import { runOps } from '../support/ops.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The notice that replaces the send-message form (`conversation.sendingNotAllowed`, es). */
const NOT_ALLOWED =
  'No se pueden enviar mensajes: una de las personas de esta conversación ha sido bloqueada o ha eliminado su cuenta.';

/** A new person for each journey: banning or deleting them touches nobody else's journey. */
function newPerson(tag: string) {
  const id = `${tag}-${Date.now().toString(36)}`;
  return {
    email: `${id}@example.com`,
    firstName: 'Vera',
    lastName: 'Tamayo',
    password: 'una-clave-bastante-larga-7',
  };
}

describe('a banned customer (Spanish)', () => {
  it('after users:ban the host’s sale shows no accept button and the banned note; the customer is signed out and refused at log-in', async () => {
    // Signed up on a computer (the sign-up helper reads the desktop's account menu), then a phone.
    const guest = await openPage(browser(), 'desktop');
    await serveBlankTiles(guest.context);
    const person = newPerson('vetada');
    await signUp(guest.page, baseUrl, person);
    await acceptCookies(guest.page);
    await guest.page.setViewportSize(VIEWPORTS.phone);
    const orderUrl = await bookAndPay(guest.page, baseUrl, await demoListingPath(guest.page, baseUrl), {
      nth: 11,
      card: CARDS.succeeds,
    });
    const transactionId = orderUrl.split('/').at(-2)!;

    // Before the ban: the host can answer the request.
    const host = await openPage(browser(), 'desktop');
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    const saleUrl = `${baseUrl}/sale/${transactionId}/details`;
    await host.page.goto(saleUrl);
    await host.page.locator('#main').getByRole('button', { name: 'Aceptar', exact: true }).waitFor();
    await host.page.getByText('Vera T.').first().waitFor();
    await host.page.getByTestId('message-form').waitFor();
    expect(await host.page.getByTestId('sending-not-allowed').count()).toBe(0);

    // The operator bans her.
    const printed = await runOps('users:ban', person.email);
    expect(printed).toMatch(/User [0-9a-f-]{36} <.+> is banned\./);
    expect(printed).toMatch(/sessions ended +1/);

    // The sale: no accept or decline, the banned-customer note, the placeholder without a link.
    await host.page.goto(saleUrl);
    await host.page.getByText('Este usuario ha sido bloqueado.').waitFor();
    expect(
      await host.page.locator('#main').getByRole('button', { name: 'Aceptar', exact: true }).count(),
    ).toBe(0);
    expect(
      await host.page.locator('#main').getByRole('button', { name: 'Rechazar', exact: true }).count(),
    ).toBe(0);
    await host.page.getByText('Usuario bloqueado').first().waitFor();
    expect(await host.page.getByText('Vera T.').count()).toBe(0);
    expect(await host.page.locator('main a[href^="/u/"]').count()).toBe(0);
    // Nobody can write in the conversation any more: the notice stands where the form was.
    const notAllowed = host.page.getByTestId('sending-not-allowed');
    await notAllowed.waitFor();
    expect(await notAllowed.innerText()).toBe(NOT_ALLOWED);
    expect(await host.page.getByTestId('message-form').count()).toBe(0);
    expect(await host.page.getByRole('button', { name: 'Enviar mensaje' }).count()).toBe(0);
    await screenshot(host.page, 'banned-customer-sale-es-desktop');
    await host.page.setViewportSize(VIEWPORTS.phone);
    await host.page.goto(saleUrl);
    await host.page.getByText('Este usuario ha sido bloqueado.').waitFor();
    await host.page.getByTestId('sending-not-allowed').getByText(NOT_ALLOWED).waitFor();
    expect(await host.page.getByTestId('message-form').count()).toBe(0);
    await screenshot(host.page, 'banned-customer-sale-es-phone');

    // The inbox shows the placeholder too.
    await host.page.goto(`${baseUrl}/inbox/sales`);
    await host.page.getByText('Usuario bloqueado').first().waitFor();

    // Her session is over: the order page asks her to sign in, and signing in says why it can't.
    await guest.page.goto(orderUrl);
    expect(new URL(guest.page.url()).pathname).not.toBe(`/order/${transactionId}/details`);
    await guest.page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await guest.page.getByLabel('Email').fill(person.email);
    await guest.page.getByLabel('Contraseña').fill(person.password);
    await guest.page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await guest.page.getByText('Esta cuenta ha sido bloqueada.').waitFor();
    expect(new URL(guest.page.url()).pathname).toBe('/login');
    await screenshot(guest.page, 'banned-login-es-phone');

    // Unbanned, the host may answer her request and write to her again.
    expect(await runOps('users:unban', person.email)).toMatch(/is no longer banned\./);
    await host.page.goto(saleUrl);
    await host.page.locator('#main').getByRole('button', { name: 'Aceptar', exact: true }).waitFor();
    await host.page.getByTestId('message-form').waitFor();
    expect(await host.page.getByTestId('sending-not-allowed').count()).toBe(0);

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    expect(
      unexpectedProblems(guest.problems, [
        { status: 403, path: '/login' },
        { status: 403, path: '/login.data' },
      ]),
    ).toEqual([]);
    await Promise.all([host.context.close(), guest.context.close()]);
  });
});

describe('deleting one’s own account (Spanish)', () => {
  it('waits for the open booking, then deletes with the password and lands signed out on the home page', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    const person = newPerson('borrada');
    await signUp(page, baseUrl, person);
    await acceptCookies(page);
    await page.setViewportSize(VIEWPORTS.phone);
    const orderUrl = await bookAndPay(page, baseUrl, await demoListingPath(page, baseUrl), {
      nth: 12,
      card: CARDS.succeeds,
    });
    const transactionId = orderUrl.split('/').at(-2)!;

    // Account settings' new tab lists the booking that keeps the account open, with its link.
    await page.goto(`${baseUrl}/account/contact-details`);
    await page.getByRole('link', { name: 'Eliminar cuenta' }).click();
    await page.waitForURL(`${baseUrl}/account/delete-account`);
    const blocked = page.getByTestId('deletion-blocked');
    await blocked.getByText('Todavía no puedes eliminar tu cuenta').waitFor();
    await blocked.getByText('Eres quien reserva · Solicitada', { exact: false }).waitFor();
    expect(await blocked.getByRole('link', { name: 'Abrir la reserva' }).getAttribute('href')).toBe(
      `/order/${transactionId}/details`,
    );
    expect(await page.getByLabel('Contraseña actual').count()).toBe(0);
    await screenshot(page, 'delete-account-blocked-es-phone');

    // The host declines it: nothing is open any more.
    const host = await openPage(browser(), 'desktop');
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    await host.page.goto(`${baseUrl}/sale/${transactionId}/details`);
    await host.page.locator('#main').getByRole('button', { name: 'Rechazar', exact: true }).click();
    await host.page.getByRole('heading', { level: 1, name: /no se aceptó/ }).waitFor();

    await page.goto(`${baseUrl}/account/delete-account`);
    await page.getByText('Tus espacios se cierran y dejan de aparecer en las búsquedas.').waitFor();
    await screenshot(page, 'delete-account-es-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'delete-account-es-desktop');

    // A wrong password is refused on its field; the right one deletes the account.
    await page.getByLabel('Contraseña actual').fill('no-es-mi-clave-9');
    await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await page.getByText('La contraseña actual no es correcta.').waitFor();
    await page.getByLabel('Contraseña actual').fill(person.password);
    await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await page.waitForURL(`${baseUrl}/?accountDeleted=1`);
    await page.getByText('Tu cuenta se ha eliminado.').waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    await screenshot(page, 'account-deleted-landing-es-desktop', { fullPage: false });

    // The host's sale keeps the booking, under "Usuario eliminado", without a profile link.
    await host.page.goto(`${baseUrl}/sale/${transactionId}/details`);
    await host.page.getByText('Usuario eliminado').first().waitFor();
    await host.page.getByTestId('sending-not-allowed').getByText(NOT_ALLOWED).waitFor();
    expect(await host.page.getByTestId('message-form').count()).toBe(0);
    expect(await host.page.getByText('Vera T.').count()).toBe(0);
    expect(await host.page.locator('main a[href^="/u/"]').count()).toBe(0);
    await screenshot(host.page, 'deleted-customer-sale-es-desktop');

    // The old address and password open nothing.
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Contraseña').fill(person.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('El email y la contraseña no coinciden', { exact: false }).waitFor();

    expect(
      unexpectedProblems(problems, [
        { status: 403, path: '/account/delete-account' },
        { status: 403, path: '/account/delete-account.data' },
        { status: 401, path: '/login' },
        { status: 401, path: '/login.data' },
      ]),
    ).toEqual([]);
    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    await Promise.all([context.close(), host.context.close()]);
  });
});
