import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from '../support/browser.ts';
import { startServer } from '../support/server.ts';

const baseUrl = inject('baseUrl');
const mailboxLink = inject('mailboxLink');
const browser = useBrowser();

describe('the development mailbox, turned on (DEV_MAILBOX=true)', () => {
  it('is a 404 page without the printed link, and opens with it for the pages it links to', async () => {
    const { page, context } = await openPage(browser(), 'desktop');
    expect(mailboxLink).toMatch(new RegExp(`^${baseUrl}/dev/mailbox\\?key=[\\w-]{43}$`));

    // Without the key, or with another one: the site's own 404 page, as for any unknown path.
    for (const url of [`${baseUrl}/dev/mailbox`, `${baseUrl}/dev/mailbox?key=${'x'.repeat(43)}`]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await page.getByTestId('not-found-page').waitFor();
    }
    const api = await page.request.get(`${baseUrl}/api/dev/mailbox`);
    expect(api.status()).toBe(404);
    expect((await api.json()).errors[0].code).toBe('not-found');

    // An email to read: a password reset for a demo account.
    await page.goto(`${baseUrl}/recover-password`);
    await page.getByLabel('Email').fill('ana@demo.hora.es');
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await page.getByRole('heading', { name: 'Revisa tu email' }).waitFor();

    // The printed link: the key becomes a cookie for /dev and leaves the address bar.
    const opened = await page.goto(`${mailboxLink}&to=ana%40demo.hora.es`);
    expect(opened?.status()).toBe(200);
    expect(page.url()).toBe(`${baseUrl}/dev/mailbox?to=ana%40demo.hora.es`);
    const cookie = (await context.cookies()).find(({ name }) => name === 'hora.dev_mailbox');
    expect(cookie).toMatchObject({
      name: 'hora.dev_mailbox',
      path: '/dev',
      httpOnly: true,
      sameSite: 'Strict',
    });

    // Its links work in the browser too, including React Router's data requests (/dev/mailbox.data).
    await page
      .getByRole('link', { name: /Restablece tu contraseña/ })
      .first()
      .click();
    await page.waitForURL((url) => /^\/dev\/mailbox\/[\w-]+$/.test(url.pathname));
    await page.getByTestId('mailbox-links').waitFor();
    await page.getByRole('link', { name: 'Volver al buzón' }).click();
    await page.waitForURL(`${baseUrl}/dev/mailbox`);
    await page.getByTestId('mailbox-row').getByText('ana@demo.hora.es').first().waitFor();

    // Without the cookie the mailbox is closed again.
    await context.clearCookies();
    expect((await page.goto(`${baseUrl}/dev/mailbox`))?.status()).toBe(404);
    await context.close();
  });
});

describe('the development mailbox, left off (the default of `npm start`)', () => {
  it('does not exist: the page and the API answer 404, and the server prints no link', async () => {
    const server = await startServer();
    try {
      const { page, context } = await openPage(browser(), 'desktop');
      for (const url of [`${server.url}/dev/mailbox`, `${server.url}/dev/mailbox?key=${'x'.repeat(43)}`]) {
        const response = await page.goto(url);
        expect(response?.status()).toBe(404);
        await page.getByTestId('not-found-page').waitFor();
      }
      const api = await page.request.get(`${server.url}/api/dev/mailbox`);
      expect(api.status()).toBe(404);
      expect((await api.json()).errors[0].code).toBe('not-found');
      expect(server.output()).not.toContain('Development mailbox');
      await context.close();
    } finally {
      await server.stop();
    }
  });
});
