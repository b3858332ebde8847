import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, documentWidth, logIn, pickCity, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The paths of the scripts the page has loaded so far. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

/** The demo host of the README (docs: demo data). */
const HOST = { email: 'lucia@demo.hora.es', password: 'hora-demo-2026' };
const MADRID_BOUNDS = '40.56598,-3.52464,40.31206,-3.83406';

/** A published demo listing's page in Madrid (demo data places listings at street addresses). */
async function madridListingPath(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/listings?bounds=${MADRID_BOUNDS}&perPage=1`);
  const { data } = (await response.json()) as { data: { id: string }[] };
  const id = data[0]?.id;
  if (!id) throw new Error('the demo data has no listing in Madrid');
  return `/l/espacio/${id}`;
}

const isMapCode = (path: string) => /leaflet/.test(path);

/** Logs the demo host in; the address of the location tab of one of her published listings. */
async function hostLocationTab(page: Page): Promise<string> {
  await logIn(page, baseUrl, HOST);
  const own = await page.context().request.get(`${baseUrl}/api/own-listings`);
  const listing = ((await own.json()) as { data: { id: string; state: string }[] }).data.find(
    (item) => item.state === 'published',
  );
  if (!listing) throw new Error('the demo host has no published listing');
  return `${baseUrl}/l/espacio/${listing.id}/edit/location`;
}

/** The static map's tiles: how many there are, how many meet its frame, and which of those loaded. */
function staticTiles(page: Page) {
  return page.getByTestId('static-map').evaluate((frame) => {
    const box = frame.getBoundingClientRect();
    const images = [...frame.querySelectorAll('img')];
    const meets = images.filter((image) => {
      const tile = image.getBoundingClientRect();
      return (
        tile.width > 0 &&
        tile.right > box.left &&
        tile.left < box.right &&
        tile.bottom > box.top &&
        tile.top < box.bottom
      );
    });
    return {
      rendered: images.length,
      meeting: meets.length,
      meetingLoaded: meets.filter((image) => image.naturalWidth > 0).length,
      loaded: images.filter((image) => image.naturalWidth > 0).length,
    };
  });
}

describe('the listing page’s map', () => {
  it('shows the place on a static map with no map code, and the interactive map once asked for', async () => {
    const path = await madridListingPath();
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    const scripts = watchScripts(page);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await acceptCookies(page);

    const location = page.getByTestId('location');
    const still = location.getByRole('button', { name: 'Explorar el mapa' });
    await still.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    // The pin is drawn over the tiles, the tiles that meet the frame loaded, and no map code came.
    await location.locator('.static-map__pin').waitFor();
    const tiles = await staticTiles(page);
    expect(tiles.meeting).toBeGreaterThanOrEqual(2);
    expect(tiles.meetingLoaded).toBe(tiles.meeting);
    expect(scripts.filter(isMapCode)).toEqual([]);
    const pinBefore = await location.locator('.static-map__pin').boundingBox();
    await screenshot(page, 'listing-map-static-desktop', { fullPage: false });

    // Asked for, Leaflet draws the same view, pin where it was, and takes the focus.
    await still.click();
    const map = location.locator('.leaflet-container');
    await map.waitFor();
    const pin = location.locator('.leaflet-marker-icon.map-pin');
    await pin.waitFor();
    expect(scripts.filter(isMapCode).length).toBeGreaterThan(0);
    expect(await map.evaluate((element) => element === document.activeElement)).toBe(true);
    const pinAfter = await pin.boundingBox();
    expect(Math.abs((pinAfter?.x ?? 0) - (pinBefore?.x ?? 0))).toBeLessThanOrEqual(2);
    expect(Math.abs((pinAfter?.y ?? 0) - (pinBefore?.y ?? 0))).toBeLessThanOrEqual(2);
    // It pans and zooms: the zoom button works.
    await location.getByRole('button', { name: 'Acercar' }).click();
    await page.waitForFunction(() =>
      document.querySelector('.leaflet-tile')?.getAttribute('src')?.includes('/16/'),
    );
    await screenshot(page, 'listing-map-interactive-desktop', { fullPage: false });
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  it('fits a phone, in English, and opens from the keyboard', async () => {
    const path = await madridListingPath();
    const { page, context, problems } = await openPage(browser(), 'phone');
    await context.addCookies([{ name: 'hora_locale', value: 'en', url: baseUrl }]);
    await serveBlankTiles(context);
    const scripts = watchScripts(page);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const still = page.getByTestId('location').getByRole('button', { name: 'Explore the map' });
    await still.scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
    expect(scripts.filter(isMapCode)).toEqual([]);
    // The narrow frame fetches the tiles it shows, not the ones the desktop's frame would.
    const tiles = await staticTiles(page);
    expect(tiles.meetingLoaded).toBe(tiles.meeting);
    expect(tiles.loaded).toBeLessThanOrEqual(9);
    expect(tiles.rendered).toBeGreaterThan(tiles.loaded);
    await screenshot(page, 'listing-map-static-phone', { fullPage: false });
    await still.focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('location').locator('.leaflet-marker-icon.map-pin').waitFor();
    expect(await documentWidth(page)).toBeLessThanOrEqual(390);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});

describe('the wizard’s location tab', () => {
  it('shows the stored pin on the static map until the host asks to move it', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    const locationTab = await hostLocationTab(page);
    const scripts = watchScripts(page);
    await page.goto(locationTab, { waitUntil: 'networkidle' });
    const move = page.getByRole('button', { name: 'Mover la chincheta' });
    await move.waitFor();
    expect(scripts.filter(isMapCode)).toEqual([]);
    await move.click();
    // The draggable pin, moved with the keyboard as the hosting journey does.
    const pin = page.getByRole('button', { name: /Chincheta de la entrada/ });
    await pin.waitFor();
    expect(await page.locator('.leaflet-container').evaluate((map) => map === document.activeElement)).toBe(
      true,
    );
    await pin.focus();
    await page.keyboard.press('ArrowUp');
    await page.getByText('Chincheta movida 5 metros al norte.').waitFor({ state: 'attached' });
    await screenshot(page, 'listing-map-wizard-desktop', { fullPage: false });

    // An address picked brings the pin to it; moved away, the same address picked again brings it back.
    await pickCity(page, 'Madrid');
    await expect.poll(async () => (await pin.boundingBox())?.y).toBeDefined();
    const atAddress = await pin.boundingBox();
    await pin.focus();
    await page.keyboard.press('Shift+ArrowUp');
    await page.getByText('Chincheta movida 50 metros al norte.').waitFor({ state: 'attached' });
    expect((await pin.boundingBox())?.y).toBeLessThan((atAddress?.y ?? 0) - 5);
    await pickCity(page, 'Madrid');
    await expect
      .poll(async () => Math.round((await pin.boundingBox())?.y ?? 0))
      .toBe(Math.round(atAddress?.y ?? 0));
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});

describe('a place picked while the map’s code is on its way', () => {
  it('is where the map opens, not the place picked first', async () => {
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    const locationTab = await hostLocationTab(page);
    // The map's code is held back until the second place is picked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/assets\/leaflet-map-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(locationTab, { waitUntil: 'networkidle' });
    await pickCity(page, 'Madrid');
    await pickCity(page, 'Barcelona');
    release();
    await page.getByRole('button', { name: /Chincheta de la entrada/ }).waitFor();
    // Zoom 15: Barcelona's tiles are in columns 165xx, Madrid's in 160xx.
    const columns = await page
      .locator('.leaflet-tile')
      .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('src')?.split('/').at(-2) ?? ''));
    expect(columns.length).toBeGreaterThan(0);
    expect(columns.every((column) => column.startsWith('165'))).toBe(true);
    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });
});

describe('a map whose code cannot be fetched', () => {
  it('keeps the static map, says so over it, and keeps the focus in the map', async () => {
    const path = await madridListingPath();
    const { page, context, problems } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    // As after a release that replaced the map's chunk, or with the network gone.
    await context.route(/\/assets\/leaflet-[^/]+\.js$/, (route) => route.abort());
    const location = page.getByTestId('location');
    await location.getByRole('button', { name: 'Explorar el mapa' }).click();
    await location
      .getByRole('alert')
      .getByText('No se ha podido cargar el mapa.', { exact: false })
      .waitFor();
    await location.locator('.static-map__pin').waitFor();
    expect(await location.locator('.static-map__tile').count()).toBeGreaterThan(0);
    expect(
      await location.getByRole('region').evaluate((region) => region.contains(document.activeElement)),
    ).toBe(true);
    // The aborted script is the failure this journey causes.
    expect(
      problems.filter((problem) => !/leaflet|Failed to fetch dynamically imported module/.test(problem)),
    ).toEqual([]);
    await context.close();
  });
});
