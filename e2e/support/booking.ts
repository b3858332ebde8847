import type { Page } from 'playwright-core';

/**
 * Booking steps of the issue 11 journeys. The host's side (email, sale page, accept/decline) is
 * what these journeys check; reaching a paid request goes through what a guest does: the listing
 * page's booking form (opened by the `book` flag) and checkout, with the sandbox's test card.
 * Labels are the field names in Spanish; the checkout journeys exercise the same screens.
 */

export interface BookableListing {
  id: string;
  title: string;
  slug: string;
}

/** Runs `fetch` inside the page, so the person's session cookie and our Origin go along. */
export async function apiFromPage<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? 'GET',
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
    },
    { path, init },
  ) as Promise<{ status: number; body: T }>;
}

/** The signed-in host's first published listing (the demo hosts each have several). */
export async function firstPublishedListing(page: Page): Promise<BookableListing> {
  const { body } = await apiFromPage<{ data: { id: string; title: string; state: string }[] }>(
    page,
    '/api/own-listings',
  );
  const listing = body.data.find((candidate) => candidate.state === 'published');
  if (!listing) throw new Error('The host has no published listing');
  const slug = listing.title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { id: listing.id, title: listing.title, slug };
}

/**
 * Books `hours` hours through the booking form and pays with `cardNumber` at checkout, leaving an
 * optional message to the host. Returns the order page's URL once the request is paid.
 */
export async function bookAndPay(
  page: Page,
  baseUrl: string,
  listing: BookableListing,
  options: { hours: number; cardNumber: string; message?: string; skipDays?: number },
): Promise<string> {
  await page.goto(`${baseUrl}/l/${listing.slug}/${listing.id}?book`, { waitUntil: 'networkidle' });
  const form = page.getByRole('dialog');
  const startDate = form.getByLabel(/fecha de inicio/i);
  await startDate.waitFor();
  // A free day some days ahead (`skipDays` keeps two bookings of one journey apart), its first time.
  const days = await startDate
    .locator('option:not([disabled])')
    .evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ''),
    );
  const day = days[Math.min(options.skipDays ?? 0, days.length - 1)];
  if (!day) throw new Error('No free day in the booking form');
  await startDate.selectOption(day);
  const startTime = form.getByLabel(/hora de inicio/i);
  const times = await startTime
    .locator('option:not([disabled])')
    .evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter((value) => value !== ''),
    );
  await startTime.selectOption(times[0]!);
  const endTime = form.getByLabel(/hora de fin/i);
  const [hour, minute] = times[0]!.split(':').map(Number);
  const end = `${String(hour! + options.hours).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  await endTime.selectOption(end);
  await form.getByRole('button', { name: /reservar|solicitar/i }).click();
  await page.waitForURL(/\/checkout/);

  await page.getByLabel(/titular/i).fill('Carlos Demo');
  await page.getByLabel(/número de (la )?tarjeta/i).fill(options.cardNumber);
  await page.getByLabel(/caducidad|vencimiento/i).fill('12 / 34');
  await page.getByLabel(/cvc/i).fill('123');
  await page
    .getByLabel(/código postal/i)
    .first()
    .fill('28004');
  if (options.message) await page.getByLabel(/mensaje/i).fill(options.message);
  await page.getByRole('button', { name: /pagar|confirmar/i }).click();
  await page.waitForURL(/\/order\/[^/]+\/details$/, { timeout: 30_000 });
  return page.url();
}
