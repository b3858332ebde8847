import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, documentWidth, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A demo guest of the README (docs: demo data). */
const GUEST = { email: 'carlos@demo.hora.es', password: 'hora-demo-2026' };
const MADRID_BOUNDS = '40.56598,-3.52464,40.31206,-3.83406';
const PRICE = { min: 10, max: 80 };

interface Card {
  id: string;
  categories: string[];
  price: { amount: number; currency: string } | null;
  negotiation: string;
  minPrice: number | null;
  maxPrice: number | null;
  geolocation: { lat: number; lng: number } | null;
}

/** `YYYY-MM-DD` three days after the browser's now, in Madrid: a day every plan has a chance on. */
function madridDateIn(days: number): string {
  const later = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(later);
}

/** The instant a Madrid calendar day starts (its offset read from the zone, DST included). */
function madridMidnight(date: string): Date {
  const probe = new Date(`${date}T12:00:00Z`);
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Madrid', timeZoneName: 'shortOffset' })
    .formatToParts(probe)
    .find((part) => part.type === 'timeZoneName')?.value;
  const hours = Number(/GMT([+-]\d+)/.exec(offset ?? '')?.[1] ?? 0);
  return new Date(Date.parse(`${date}T00:00:00Z`) - hours * 60 * 60 * 1000);
}

/** What the page's API answers, asked from the page (same origin, the visitor's cookies). */
function apiFrom<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
}

async function cardIds(page: Page): Promise<string[]> {
  return page
    .getByTestId('listing-card')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-listing-id') ?? ''));
}

/** Waits for the search page to show the results of the URL it is on. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
}

/** Sets a range input as a person dragging it would, through the events React listens to. */
async function slide(scope: Locator, name: string, value: number): Promise<void> {
  await scope.locator(`input[type="range"][name="${name}"]`).evaluate((input, to) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, String(to));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

describe('discovery', () => {
  it('finds a free kitchen in Madrid by place, category, price, date and duration, on the map, and keeps it as a favourite', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await acceptCookies(page);

    // The top bar: "Madr", then Madrid from the predictions.
    const topbar = page.getByTestId('topbar-desktop');
    await topbar.getByLabel('Buscar por').selectOption('location');
    const box = topbar.getByRole('combobox', { name: 'Busca por ciudad, código postal o barrio' });
    await box.fill('Madr');
    await topbar
      .getByRole('option', { name: /^Madrid, Comunidad de Madrid/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/s' && url.searchParams.has('bounds'));
    await settled(page);
    expect(await page.getByTestId('listing-card').count()).toBeGreaterThan(0);

    // Kitchens, 10–80 € an hour, a free stretch of two hours three days from now.
    const filters = page.getByRole('form', { name: 'Filtros de la búsqueda' });
    await filters.getByText('Más filtros').click();
    await filters.getByRole('checkbox', { name: 'Cocina' }).check();
    await filters.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL((url) => url.searchParams.get('pub_category') === 'cocina');
    // At once, as the kitchens arrive: the price is kept and searched on with them (it was lost when
    // the new results reset the bar before its pause ended, about one time in three).
    await slide(filters, 'priceMax', PRICE.max);
    await page.waitForURL(
      (url) =>
        url.searchParams.get('price')?.endsWith(`,${PRICE.max}`) === true &&
        url.searchParams.get('pub_category') === 'cocina',
    );
    await settled(page);
    await slide(filters, 'priceMin', PRICE.min);
    await page.waitForURL((url) => url.searchParams.get('price') === `${PRICE.min},${PRICE.max}`);
    await settled(page);
    const day = madridDateIn(3);
    await filters.getByLabel('Desde').fill(day);
    await filters.getByLabel('Hasta').fill(day);
    await page.waitForURL((url) => url.searchParams.get('dates') === `${day},${day}`);
    await settled(page);
    await filters.getByLabel('Duración mínima').selectOption('120');
    await page.waitForURL((url) => url.searchParams.get('minDuration') === '120');
    await settled(page);

    // Only matching, free listings: each shown card checked against its page and its free time.
    const shown = await cardIds(page);
    expect(shown.length).toBeGreaterThan(0);
    const start = madridMidnight(day);
    const end = new Date(start.getTime() + 24 * 60 * 60 * 1000);
    for (const id of shown) {
      const { data: listing } = await apiFrom<{ data: Card }>(page, `/api/listings/${id}`);
      expect(listing.categories).toContain('cocina');
      const euros =
        listing.negotiation === 'yes'
          ? ((listing.minPrice ?? 0) + (listing.maxPrice ?? 0)) / 2
          : (listing.price?.amount ?? 0) / 100;
      expect(euros).toBeGreaterThanOrEqual(PRICE.min);
      expect(euros).toBeLessThanOrEqual(PRICE.max);
      const { data: slots } = await apiFrom<{ data: { start: string; end: string }[] }>(
        page,
        `/api/listings/${id}/time-slots?start=${start.toISOString()}&end=${end.toISOString()}`,
      );
      const longest = Math.max(0, ...slots.map((slot) => Date.parse(slot.end) - Date.parse(slot.start)));
      expect(longest, `listing ${id} has no two free hours on ${day}`).toBeGreaterThanOrEqual(
        2 * 60 * 60 * 1000,
      );
    }
    const status = await page.getByTestId('search-status').textContent();
    expect(status).toContain(shown.length === 1 ? '1 espacio' : `${shown.length} espacios`);
    await screenshot(page, 'discovery-filtered-desktop');

    // The map: search as I move it.
    const map = page.getByTestId('search-map');
    await map.waitFor();
    // The box follows the URL (`mapSearch`), so ticking it is a navigation.
    const toggle = page.getByTestId('map-search-toggle');
    if (!(await toggle.isChecked())) {
      await toggle.click();
      await page.waitForURL((url) => url.searchParams.get('mapSearch') === 'true');
      await settled(page);
    }
    expect(await toggle.isChecked()).toBe(true);
    const before = new URL(page.url()).searchParams.get('bounds');
    const area = await map.locator('.leaflet-container').boundingBox();
    if (!area) throw new Error('the map has no box');
    await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width / 2 - 160, area.y + area.height / 2 + 40, { steps: 8 });
    await page.mouse.up();
    await page.waitForURL((url) => url.searchParams.get('bounds') !== before);
    await settled(page);
    expect(new URL(page.url()).searchParams.get('pub_category')).toBe('cocina');

    // A centre with several rooms: its group marker's card, its carousel, one of its rooms.
    const { data: madrid } = await apiFrom<{ data: Card[] }>(
      page,
      `/api/listings?bounds=${MADRID_BOUNDS}&perPage=100`,
    );
    const byPoint = new Map<string, Card[]>();
    for (const listing of madrid) {
      if (!listing.geolocation) continue;
      const key = `${listing.geolocation.lat},${listing.geolocation.lng}`;
      byPoint.set(key, [...(byPoint.get(key) ?? []), listing]);
    }
    const centre = [...byPoint.values()].find((group) => group.length >= 2);
    if (!centre?.[0]?.geolocation)
      throw new Error('the demo data has no centre with several rooms in Madrid');
    const { lat, lng } = centre[0].geolocation;
    const around = [lat + 0.002, lng + 0.003, lat - 0.002, lng - 0.003].join(',');
    await page.goto(`${baseUrl}/s?bounds=${around}&mapSearch=true`, { waitUntil: 'networkidle' });
    const group = page.getByTestId('map-group-marker').first();
    await group.waitFor();
    await group.click();
    const card = page.getByTestId('map-info-card');
    await card.waitFor();
    expect(await card.getByTestId('map-card-position').textContent()).toMatch(
      new RegExp(`^1/${centre.length}$`),
    );
    await card.getByTestId('map-card-next').click();
    expect(await card.getByTestId('map-card-position').textContent()).toMatch(
      new RegExp(`^2/${centre.length}$`),
    );
    await screenshot(page, 'discovery-group-card-desktop', { fullPage: false });
    await card.getByTestId('map-card-link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/l/'));
    const listingPath = new URL(page.url()).pathname;

    // A favourite: the visitor logs in and comes back to the same listing, kept.
    await page.getByRole('button', { name: 'Añadir a favoritos' }).first().click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email').fill(GUEST.email);
    await page.getByLabel('Contraseña').fill(GUEST.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === listingPath);
    await page.getByRole('button', { name: 'Quitar de favoritos' }).first().waitFor();
    const listingId = listingPath.split('/').at(-1) ?? '';

    await page.goto(`${baseUrl}/favListings`, { waitUntil: 'networkidle' });
    expect(await cardIds(page)).toContain(listingId);
    await screenshot(page, 'discovery-favourites-desktop');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  it('filters on a phone through the filters modal, where cancel restores and "show" keeps', async () => {
    const { page, context, problems } = await openPage(browser(), 'phone');
    await serveBlankTiles(context);
    const search = `/s?address=${encodeURIComponent('Madrid, Comunidad de Madrid, España')}&bounds=${MADRID_BOUNDS}`;
    await page.goto(`${baseUrl}${search}`, { waitUntil: 'networkidle' });
    await acceptCookies(page);
    await settled(page);
    const everything = await page.getByTestId('listing-card').count();
    expect(everything).toBeGreaterThan(0);

    await page.getByRole('button', { name: /^Filtros/ }).click();
    let modal = page.getByTestId('search-filters-modal');
    await modal.waitFor();
    await modal.getByRole('checkbox', { name: 'Cocina' }).check();
    await modal.getByRole('button', { name: 'Cancelar' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).searchParams.has('pub_category')).toBe(false);

    await page.getByRole('button', { name: /^Filtros/ }).click();
    modal = page.getByTestId('search-filters-modal');
    expect(await modal.getByRole('checkbox', { name: 'Cocina' }).isChecked()).toBe(false);
    const show = modal.getByRole('button', { name: /^Mostrar \d+ espacios?$/ });
    const unfiltered = await show.textContent();
    await modal.getByRole('checkbox', { name: 'Cocina' }).check();
    // The button counts the pending filters' results once the page has asked for them.
    await page.waitForFunction(
      (before) =>
        [...document.querySelectorAll('[data-testid="search-filters-modal"] button')].some(
          (button) =>
            /^Mostrar \d+ espacios?$/.test(button.textContent ?? '') && button.textContent !== before,
        ),
      unfiltered,
    );
    const promised = Number(/\d+/.exec((await show.textContent()) ?? '')?.[0]);
    expect(promised).toBeLessThan(everything > 24 ? Number.MAX_SAFE_INTEGER : everything + 1);
    await show.click();
    await page.waitForURL((url) => url.searchParams.get('pub_category') === 'cocina');
    await settled(page);
    // On a loaded machine a late live update can still be on its way: wait for the page to say.
    await expect
      .poll(async () => (await page.getByTestId('search-status').textContent()) ?? '')
      .toContain(`${promised} espacio`);
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
    await screenshot(page, 'discovery-filtered-phone');
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});
