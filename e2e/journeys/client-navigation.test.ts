import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from '../support/browser.ts';
import { serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/**
 * The route ids whose loaders each client navigation asked the server for, in order; `*` when it
 * asked for all of them (React Router then names none).
 */
function watchDataRequests(page: Page): string[][] {
  const requests: string[][] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'GET' || !url.pathname.endsWith('.data')) return;
    requests.push(url.searchParams.get('_routes')?.split(',') ?? ['*']);
  });
  return requests;
}

describe('moving around without reloading the page', () => {
  it('loads only the new page’s data and texts; the shell and the texts already there stay', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    const requests = watchDataRequests(page);
    await page.goto(baseUrl, { waitUntil: 'networkidle' });

    await page.getByTestId('topbar-desktop').getByRole('link', { name: 'Inicia sesión' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión' }).waitFor();
    expect(requests).toEqual([['routes/messages-auth', 'auth-login']]);

    // The other tab: its own loader, with the sign-up form and its texts.
    await page
      .getByRole('navigation', { name: 'Iniciar sesión o registrarse' })
      .getByRole('link', { name: 'Regístrate' })
      .click();
    await page.getByRole('button', { name: 'Crear cuenta' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    expect(requests.at(-1)).toEqual(['auth-signup']);

    // Changing the language is a submission: the shell and the page's texts come again, in English.
    await page.getByRole('button', { name: 'English' }).first().click();
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    expect(await page.getByTestId('topbar-desktop').getByRole('link', { name: 'Log in' }).isVisible()).toBe(
      true,
    );
    expect(requests.at(-1)).toEqual(['*']);

    await page
      .getByTestId('topbar-desktop')
      .getByRole('link', { name: /go to the home page/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Spaces by the hour for whatever you need' }).waitFor();
    expect(requests.at(-1)).toEqual(['routes/messages-landing', 'routes/landing']);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a listing from a search card in the app, and comes back to the same results', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    const requests = watchDataRequests(page);
    await page.goto(`${baseUrl}/s`, { waitUntil: 'networkidle' });
    const card = page.getByTestId('listing-card').first();
    const title = await card.getByRole('heading', { level: 3 }).innerText();
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/l\/[^/]+\/[^/]+$/);
    expect(requests).toEqual([['routes/messages-listing', 'routes/listing']]);

    await page.goBack();
    await page.getByTestId('listing-card').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/s');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a visitor who opens a private page in the app to log in, and back there afterwards', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
      ).__reactRouterDataRouter.navigate('/profile-settings'),
    );
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/profile-settings');

    await page.getByLabel('Email').fill('carlos@demo.hora.es');
    await page.getByLabel('Contraseña').fill('hora-demo-2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/profile-settings');
    await page.getByTestId('account-menu').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
