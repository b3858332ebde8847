import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('the landing shell', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`renders in Spanish with status 200 and no console errors (${viewport})`, async () => {
      const { page, problems, context } = await openPage(browser(), viewport);
      const response = await page.goto(baseUrl, { waitUntil: 'networkidle' });
      expect(response?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await expect(page.title()).resolves.toBe('Hora | Alquila espacios por horas');
      await expect(page.locator('h1').textContent()).resolves.toBe(
        'Espacios por horas para lo que necesites',
      );
      const topbar = page.getByTestId(viewport === 'phone' ? 'topbar-mobile' : 'topbar-desktop');
      expect(await topbar.isVisible()).toBe(true);
      if (viewport === 'desktop') {
        expect(await topbar.getByRole('link', { name: 'Regístrate' }).isVisible()).toBe(true);
        expect(await topbar.getByRole('link', { name: 'Inicia sesión' }).isVisible()).toBe(true);
      }
      expect(await page.getByTestId('footer').isVisible()).toBe(true);
      expect(await page.getByTestId('cookie-banner').isVisible()).toBe(true);
      await screenshot(page, `landing-es-${viewport}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it('keeps the cookie consent across reloads, in a cookie that lasts 10 years', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const answer = page.waitForResponse((response) =>
      new URL(response.url()).pathname.startsWith('/cookie-consent'),
    );
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Aceptar' }).click();
    await page.getByTestId('cookie-banner').waitFor({ state: 'detached' });
    // The server asks for 10 years; Chromium itself caps any cookie at 400 days.
    const setCookie = await (await answer).headerValue('set-cookie');
    expect(setCookie).toContain('euCookiesAccepted=accepted');
    expect(setCookie).toContain(`Max-Age=${10 * 365 * 24 * 3600}`);
    const consent = (await context.cookies()).find((cookie) => cookie.name === 'euCookiesAccepted');
    expect(consent?.value).toBe('accepted');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByTestId('cookie-banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('switches to English and stays in English after a reload', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.getByTestId('footer').getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect(page.locator('h1').textContent()).resolves.toBe('Spaces by the hour for whatever you need');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect(page.title()).resolves.toBe('Hora | Rent spaces by the hour');
    expect(await page.getByTestId('topbar-desktop').getByRole('link', { name: 'Log in' }).isVisible()).toBe(
      true,
    );
    await screenshot(page, 'landing-en-desktop');
    await page.getByTestId('footer').getByRole('button', { name: 'Español' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'es');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the phone menu and search modals from the top bar', async () => {
    const { page, problems, context } = await openPage(browser(), 'phone');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Abrir el menú' }).click();
    const menu = page.getByRole('dialog', { name: 'Menú' });
    await menu.waitFor();
    expect(new URL(page.url()).searchParams.get('mobilemenu')).toBe('open');
    expect(await menu.getByRole('link', { name: 'Inicia sesión' }).isVisible()).toBe(true);
    await screenshot(page, 'mobile-menu-es-phone');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('mobilemenu')).toBe(false);

    await page.getByRole('link', { name: 'Abrir la búsqueda' }).click();
    const search = page.getByRole('dialog', { name: 'Buscar espacios' });
    await search.getByRole('link', { name: 'Palabras clave' }).click();
    await search.getByRole('searchbox').fill('cocina');
    await screenshot(page, 'mobile-search-es-phone');
    await search.getByRole('searchbox').press('Enter');
    await page.waitForURL((url) => url.pathname === '/s');
    expect(new URL(page.url()).searchParams.get('keywords')).toBe('cocina');
    // The search page itself arrives with the search issue; until then /s answers 404.
    expect(unexpectedProblems(problems, [{ status: 404, path: '/s.data' }])).toEqual([]);
    await context.close();
  });
});

describe('the scripts a browser gets', () => {
  it('carry React Router’s production build: none of its development warnings', async () => {
    const { page, context } = await openPage(browser(), 'desktop');
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto(`${baseUrl}/s`, { waitUntil: 'networkidle' });
    const texts = await Promise.all(scripts);
    // React Router's own code is there (its error text), its development-only warnings are not.
    expect(texts.some((text) => text.includes('Invalid redirect location'))).toBe(true);
    expect(texts.filter((text) => text.includes('No routes matched location'))).toEqual([]);
    await context.close();
  });
});

describe('top bar search', () => {
  it('sends keywords as `keywords` and a place as `address` to the search page', async () => {
    const { page, context } = await openPage(browser(), 'desktop');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    const topbar = page.getByTestId('topbar-desktop');
    await topbar.getByRole('searchbox').fill('terraza');
    await topbar.getByRole('searchbox').press('Enter');
    await page.waitForURL((url) => url.pathname === '/s');
    expect(new URL(page.url()).searchParams.get('keywords')).toBe('terraza');

    // A place: predictions for what is typed, picked with the keyboard, searched at once with its bounds.
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await topbar.getByLabel('Buscar por').selectOption('location');
    const box = topbar.getByRole('combobox', { name: 'Busca por ciudad, código postal o barrio' });
    await box.fill('Valenc');
    await topbar.getByRole('option', { name: 'Valencia, Comunidad Valenciana, España' }).waitFor();
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/s');
    const params = new URL(page.url()).searchParams;
    expect(params.get('address')).toBe('Valencia, Comunidad Valenciana, España');
    expect(params.get('bounds')?.split(',')).toHaveLength(4);
    expect(params.has('origin')).toBe(false);
    expect(params.has('keywords')).toBe(false);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(false);

    // Without typing: the box offers the three cities.
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await topbar.getByLabel('Buscar por').selectOption('location');
    await box.focus();
    const cities = await topbar.getByRole('option').allTextContents();
    expect(cities.filter((name) => ['Barcelona', 'Madrid', 'Valencia'].includes(name))).toEqual([
      'Barcelona',
      'Madrid',
      'Valencia',
    ]);
    await topbar.getByRole('option', { name: 'Madrid' }).click();
    await page.waitForURL((url) => url.pathname === '/s');
    expect(new URL(page.url()).searchParams.get('bounds')).toBe('40.56598,-3.52464,40.31206,-3.83406');
    await context.close();
  });

  it('searches a place from the phone modal and from the 404 page (with its point there)', async () => {
    const phone = await openPage(browser(), 'phone');
    await phone.page.goto(`${baseUrl}/?mobilesearch=open`, { waitUntil: 'networkidle' });
    const search = phone.page.getByRole('dialog', { name: 'Buscar espacios' });
    await search.getByRole('link', { name: 'Ubicación' }).click();
    await search.getByRole('combobox').focus();
    await search.getByRole('option', { name: 'Barcelona' }).click();
    await phone.page.waitForURL((url) => url.pathname === '/s');
    expect(new URL(phone.page.url()).searchParams.get('address')).toBe('Barcelona, Cataluña, España');
    expect(new URL(phone.page.url()).searchParams.has('mobilesearch')).toBe(false);
    await phone.context.close();

    const { page, context } = await openPage(browser(), 'desktop');
    await page.goto(`${baseUrl}/esta-pagina-no-existe`, { waitUntil: 'networkidle' });
    const notFound = page.getByTestId('not-found-page');
    await notFound.getByRole('combobox').focus();
    await notFound.getByRole('option', { name: 'Valencia' }).click();
    await page.waitForURL((url) => url.pathname === '/s');
    const params = new URL(page.url()).searchParams;
    expect(params.get('address')).toBe('Valencia, Comunidad Valenciana, España');
    expect(params.get('bounds')).toBe('39.56684,-0.27253,39.27838,-0.43254');
    expect(params.get('origin')).toBe('39.46975,-0.37739');
    await context.close();
  });
});

describe('routing rules', () => {
  it('answers an unknown path with the 404 page and HTTP 404', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    const response = await page.goto(`${baseUrl}/esta-pagina-no-existe`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('not-found-page').isVisible()).toBe(true);
    await expect(page.locator('h1').textContent()).resolves.toBe('No encontramos esta página');
    expect(await page.getAttribute('meta[name="robots"]', 'content')).toBe('noindex');
    await screenshot(page, 'not-found-es-desktop');
    // The browser logs the 404 document status itself; nothing else may fail.
    expect(unexpectedProblems(problems, [{ status: 404, path: '/esta-pagina-no-existe' }])).toEqual([]);
    // A listing link cut short (not an id): the same page, not a bare answer.
    const cut = await page.goto(`${baseUrl}/l/sala-luminosa`, { waitUntil: 'networkidle' });
    expect(cut?.status()).toBe(404);
    expect(await page.getByTestId('not-found-page').isVisible()).toBe(true);
    await context.close();
  });

  it('sends a visitor on an auth-only path to log in, keeping path, search and hash', async () => {
    const { page, context } = await openPage(browser(), 'desktop');
    await page.goto(`${baseUrl}/inbox/orders?page=2#latest`);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('returnTo')).toBe('/inbox/orders?page=2');
    expect(url.hash).toBe('#latest');
    await context.close();
  });

  it('redirects the short paths of the route table', async () => {
    const cases: [string, string][] = [
      ['/l', '/'],
      ['/u', '/'],
      ['/account', '/login?returnTo=%2Faccount%2Fcontact-details'],
      // /inbox picks its tab once it knows who asks (sales for hosts, orders otherwise): a visitor
      // logs in and comes back to /inbox itself.
      ['/inbox', '/login?returnTo=%2Finbox'],
      ['/order/abc', '/login?returnTo=%2Forder%2Fabc%2Fdetails'],
      ['/sale/abc', '/login?returnTo=%2Fsale%2Fabc%2Fdetails'],
    ];
    const { page, context } = await openPage(browser(), 'desktop');
    for (const [from, to] of cases) {
      await page.goto(`${baseUrl}${from}`);
      const url = new URL(page.url());
      expect(`${url.pathname}${url.search}`).toBe(to);
    }
    await context.close();
  });

  it('reloads to the current version when a page’s code cannot be fetched', async () => {
    const { page, context } = await openPage(browser(), 'desktop');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.route('**/assets/not-found-*.js', (route) => route.abort());
    const reloaded = page.waitForEvent('load');
    await page.getByTestId('footer').getByRole('link', { name: 'Términos de uso' }).click();
    await reloaded;
    // React Router reloads the document instead of leaving a half-rendered page.
    await expect(page.locator('h1').textContent()).resolves.toBe('Espacios por horas para lo que necesites');
    await context.close();
  });
});
