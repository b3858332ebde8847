// Browser check of the search map (run by hand; the app's tests do not run it):
//   npx vite build --config app/features/search-map/browser-check/vite.config.ts
//   node app/features/search-map/browser-check/check.mjs
// Serves the built harness, drives it in headless Chromium with tiles pointed at an unroutable
// host, asserts what a user sees and does, and leaves screenshots in /tmp/search-map-check/shots.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = '/tmp/search-map-check';
const shots = path.join(root, 'shots');
mkdirSync(shots, { recursive: true });
const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((request, response) => {
  const file = path.join(root, new URL(request.url, 'http://x').pathname.replace(/\/$/, '/index.html'));
  try {
    const body = readFileSync(file);
    response.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/index.html`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const errors = [];
async function open(width, query = '', { markers = true } = {}) {
  const page = await browser.newPage({ viewport: { width, height: width < 500 ? 760 : 800 } });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on(
    'console',
    (message) =>
      message.type() === 'error' &&
      !/Failed to load resource|^Access to image at/.test(message.text()) &&
      errors.push(message.text()),
  );
  await page.goto(`${base}${query}`);
  if (markers) await page.getByTestId('map-price-marker').first().waitFor();
  else await page.getByTestId('search-map').waitFor({ state: 'attached' });
  return page;
}
const calls = (page) => page.evaluate(() => window.boundsCalls.length);
const center = (page) =>
  page.evaluate(() => {
    const pane = document.querySelector('.leaflet-map-pane');
    return pane.style.transform;
  });
const step = (name, run) => run().then(() => process.stdout.write(`ok - ${name}\n`));

// Desktop, tiles unreachable.
const desk = await open(1280);
await step('opens around the listings without reporting a move', async () => {
  await desk.waitForTimeout(500);
  assert.equal(await calls(desk), 0);
  assert.equal(await desk.getByTestId('map-group-marker').count(), 1);
  assert.equal((await desk.getByTestId('map-group-marker').textContent()).trim(), '3');
  assert.equal(
    await desk.getByTestId('map-group-marker').getAttribute('aria-label'),
    '3 espacios en este punto',
  );
  const retiro = desk.locator('[data-listing-id="retiro"]');
  assert.match(await retiro.getAttribute('aria-label'), /^Estudio junto al Retiro, 25\s€$/);
  assert.equal(await retiro.getAttribute('role'), 'button');
  assert.equal(await retiro.getAttribute('tabindex'), '0');
  await desk.screenshot({ path: path.join(shots, 'markers-1280.png') });
});

await step('the hovered card highlights its marker', async () => {
  await desk.evaluate(() => window.setActive('retiro'));
  await desk.waitForFunction(() =>
    document.querySelector('[data-listing-id="retiro"]').classList.contains('search-map-marker--active'),
  );
  await desk.evaluate(() => window.setActive('sol-2'));
  await desk.waitForFunction(() =>
    document
      .querySelector('[data-testid="map-group-marker"]')
      .classList.contains('search-map-marker--active'),
  );
  assert.equal(await desk.locator('.search-map-marker--active').count(), 1);
});

await step('a group marker opens a card with a wrapping carousel', async () => {
  await desk.getByTestId('map-group-marker').click();
  const card = desk.getByTestId('map-info-card');
  await card.waitFor();
  assert.equal(await desk.getByTestId('map-card-position').textContent(), '1/3');
  assert.match(await card.textContent(), /Sala luminosa en Sol/);
  assert.equal(await desk.getByTestId('map-card-link').getAttribute('href'), '/l/sala-luminosa-en-sol/sol-1');
  await desk.getByTestId('map-card-next').click();
  assert.equal(await desk.getByTestId('map-card-position').textContent(), '2/3');
  assert.match(await card.textContent(), /Sin foto/);
  await desk.screenshot({ path: path.join(shots, 'group-card-1280.png') });
  await desk.getByTestId('map-card-next').click();
  assert.match(await card.textContent(), /20,00\s€ – 30,00\s€ por hora/);
  await desk.getByTestId('map-card-next').click();
  assert.equal(await desk.getByTestId('map-card-position').textContent(), '1/3');
  await desk.getByTestId('map-card-prev').click();
  assert.equal(await desk.getByTestId('map-card-position').textContent(), '3/3');
  await desk.keyboard.press('Escape');
  await card.waitFor({ state: 'detached' });
});

await step('Enter on a focused price marker opens its card, Escape gives the focus back', async () => {
  await desk.locator('[data-listing-id="retiro"]').focus();
  await desk.keyboard.press('Enter');
  await desk.getByTestId('map-info-card').waitFor();
  assert.equal(await desk.getByTestId('map-card-next').count(), 0);
  await desk.keyboard.press('Escape');
  await desk.getByTestId('map-info-card').waitFor({ state: 'detached' });
  assert.equal(await desk.evaluate(() => document.activeElement.dataset.listingId), 'retiro');
  await desk.keyboard.press(' ');
  await desk.getByTestId('map-info-card').waitFor();
  await desk.getByTestId('map-card-close').click();
  await desk.getByTestId('map-info-card').waitFor({ state: 'detached' });
});

await step('a click on the map outside markers closes the card', async () => {
  await desk.getByTestId('map-group-marker').click();
  await desk.getByTestId('map-info-card').waitFor();
  await desk.mouse.click(200, 700);
  await desk.getByTestId('map-info-card').waitFor({ state: 'detached' });
});

await step('a drag with search on move reports the view once, after the delay', async () => {
  const before = await calls(desk);
  await desk.mouse.move(700, 400);
  await desk.mouse.down();
  await desk.mouse.move(650, 380, { steps: 5 });
  await desk.mouse.move(600, 360, { steps: 5 });
  await desk.mouse.up();
  await desk.waitForTimeout(100);
  assert.equal(await calls(desk), before);
  // A loaded machine may run the 300 ms timer late: wait for the report, then for no second one.
  await desk.waitForFunction((count) => window.boundsCalls.length === count, before + 1, { timeout: 5000 });
  await desk.waitForTimeout(600);
  assert.equal(await calls(desk), before + 1);
  const reported = await desk.evaluate(() => window.boundsCalls.at(-1));
  assert.ok(reported.ne.lat > reported.sw.lat && reported.ne.lng > reported.sw.lng);
});

await step('zoomed out, nearby listings become a cluster; a click zooms to where it splits', async () => {
  for (let i = 0; i < 4; i += 1) {
    await desk.getByTitle('Alejar').click();
    await desk.waitForTimeout(350);
  }
  await desk.getByTestId('map-cluster-marker').first().waitFor();
  assert.match(
    await desk.getByTestId('map-cluster-marker').first().getAttribute('aria-label'),
    /^7 espacios en esta zona/,
  );
  await desk.screenshot({ path: path.join(shots, 'cluster-1280.png') });
  await desk.getByTestId('map-cluster-marker').first().click();
  await desk.waitForTimeout(800);
  assert.ok(
    (await desk.getByTestId('map-price-marker').count()) +
      (await desk.getByTestId('map-group-marker').count()) >
      1,
  );
});

await step('new results redraw markers without moving the map', async () => {
  const before = await center(desk);
  const reports = await calls(desk);
  await desk.evaluate(() => window.setListings(['retiro', 'chamberi']));
  await desk.waitForTimeout(300);
  assert.equal(await center(desk), before);
  assert.equal(await desk.getByTestId('map-group-marker').count(), 0);
  assert.equal(await calls(desk), reports);
});

await step('a place searched elsewhere moves the map, without reporting it as the user’s move', async () => {
  const before = await center(desk);
  const reports = await calls(desk);
  await desk.evaluate(() =>
    window.setBounds({ ne: { lat: 41.46954, lng: 2.22802 }, sw: { lat: 41.32004, lng: 2.05245 } }),
  );
  await desk.waitForTimeout(600);
  assert.notEqual(await center(desk), before);
  assert.equal(await calls(desk), reports);
});

await step('with search on move off, a move offers "search this area"', async () => {
  await desk.getByTestId('map-search-toggle').uncheck();
  assert.equal(await desk.getByTestId('map-search-area').count(), 0);
  const reports = await calls(desk);
  await desk.mouse.move(700, 400);
  await desk.mouse.down();
  await desk.mouse.move(600, 400, { steps: 8 });
  await desk.mouse.up();
  await desk.getByTestId('map-search-area').waitFor();
  assert.equal(await calls(desk), reports);
  await desk.getByTestId('map-search-area').click();
  assert.equal(await calls(desk), reports + 1);
  await desk.getByTestId('map-search-area').waitFor({ state: 'detached' });
});

// Phone width, opened on the search's bounds.
const phone = await open(390, '?fit=bounds');
await step('phone: markers, a group card', async () => {
  await phone.waitForTimeout(400);
  assert.equal(await calls(phone), 0);
  await phone.screenshot({ path: path.join(shots, 'markers-390.png') });
  await phone.getByTestId('map-group-marker').click();
  await phone.getByTestId('map-info-card').waitFor();
  await phone.screenshot({ path: path.join(shots, 'group-card-390.png') });
});

// No tiles configured at all; and English.
const plain = await open(1280, '?tiles=none&locale=en');
await step('no tiles configured: markers on a plain ground, English texts', async () => {
  assert.match(await plain.getByTestId('search-map').textContent(), /Search as I move the map/);
  assert.equal(
    await plain.getByTestId('map-group-marker').getAttribute('aria-label'),
    '3 spaces at this point',
  );
  await plain.screenshot({ path: path.join(shots, 'no-tiles-en-1280.png') });
});

// A host that does not exist: the tiles fail at once, the rest works.
const dns = await open(1280, '?tiles=http://tiles.invalid/{z}/{x}/{y}.png');
await step('tiles from a host that does not exist: markers, cards and zoom work', async () => {
  await dns.getByTestId('map-group-marker').click();
  await dns.getByTestId('map-card-next').click();
  assert.equal(await dns.getByTestId('map-card-position').textContent(), '2/3');
  await dns.getByTitle('Acercar').click();
  await dns.waitForTimeout(500);
  assert.ok((await dns.getByTestId('map-price-marker').count()) > 0);
});

// Mounted hidden (a phone showing the list), shown later.
const hidden = await open(390, '?hidden=1', { markers: false });
await step(
  'a map mounted hidden fits and draws its markers once shown, without reporting a move',
  async () => {
    await hidden.waitForTimeout(500);
    assert.equal(await hidden.getByTestId('map-price-marker').count(), 0);
    await hidden.evaluate(() => window.show());
    await hidden.getByTestId('map-group-marker').waitFor();
    assert.equal(await hidden.getByTestId('map-price-marker').count(), 4);
    await hidden.waitForTimeout(500);
    assert.equal(await calls(hidden), 0);
    await hidden.screenshot({ path: path.join(shots, 'shown-later-390.png') });
  },
);

assert.deepEqual(errors, []);
process.stdout.write('ok - no page errors\n');
await browser.close();
server.close();
