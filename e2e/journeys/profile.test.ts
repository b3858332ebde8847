import { describe, expect, inject, it } from 'vitest';
import { apiFromPage, HOST, LISTING_TITLE } from '../support/booking.ts';
import { openPage, unexpectedProblems, useBrowser } from '../support/browser.ts';
import { acceptCookies, documentWidth, logIn, pageScreenshot } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface CardsPage {
  data: { id: string; title: string }[];
  meta: { page: number; perPage: number; totalItems: number; totalPages: number };
}

/** The count in the host section's heading, "Perfil de anfitrión (n)". */
async function headingCount(page: import('playwright-core').Page): Promise<number> {
  const heading = (await page.locator('#host-listings-heading').textContent()) ?? '';
  const count = /\((\d+)\)$/.exec(heading.trim())?.[1];
  expect(count, heading).toBeDefined();
  return Number(count);
}

describe('a host’s public profile shows their published listings (Spanish)', () => {
  it('a visitor on a phone sees Lucía’s spaces as cards under the real count; Lucía on a computer keeps the link to publish', async () => {
    const owner = await openPage(browser(), 'desktop');
    await logIn(owner.page, baseUrl, HOST);
    await acceptCookies(owner.page);
    const session = await apiFromPage<{ user: { id: string } }>(owner.page, '/api/session');
    const profilePath = `/u/${session.body.user.id}`;
    const listings = await apiFromPage<CardsPage>(owner.page, `/api/users/${session.body.user.id}/listings`);
    expect(listings.status).toBe(200);
    expect(listings.body.meta.totalItems).toBeGreaterThan(0);

    // A visitor on a phone: the heading counts every published space, each on its card.
    const visitor = await openPage(browser(), 'phone');
    await visitor.page.goto(`${baseUrl}${profilePath}`, { waitUntil: 'networkidle' });
    await acceptCookies(visitor.page);
    const section = visitor.page.getByTestId('host-listings');
    expect(await headingCount(visitor.page)).toBe(listings.body.meta.totalItems);
    expect(
      (await section.locator('#host-listings-heading').textContent())?.startsWith('Perfil de anfitrión'),
    ).toBe(true);
    const cards = section.getByTestId('listing-card');
    expect(await cards.count()).toBe(Math.min(listings.body.meta.totalItems, 12));
    await cards.filter({ hasText: LISTING_TITLE }).first().waitFor();
    expect(await section.getByText('todavía no tiene espacios publicados').count()).toBe(0);
    expect(await section.getByRole('link', { name: 'Publica tu espacio' }).count()).toBe(0);
    expect(await documentWidth(visitor.page)).toBeLessThanOrEqual(390);
    await pageScreenshot(visitor.page, 'profile-host-listings-es-phone');

    // A card leads to its listing.
    await cards.filter({ hasText: LISTING_TITLE }).first().getByRole('link').first().click();
    await visitor.page.waitForURL((url) => url.pathname.startsWith('/l/'));
    await visitor.page.getByRole('heading', { name: LISTING_TITLE, level: 1 }).waitFor();
    expect(unexpectedProblems(visitor.problems, [])).toEqual([]);

    // The owner: their own heading and the link to publish another space.
    await owner.page.goto(`${baseUrl}${profilePath}`, { waitUntil: 'networkidle' });
    const own = owner.page.getByTestId('host-listings');
    expect(
      (await own.locator('#host-listings-heading').textContent())?.startsWith('Mi perfil de anfitrión'),
    ).toBe(true);
    expect(await headingCount(owner.page)).toBe(listings.body.meta.totalItems);
    await own.getByRole('link', { name: 'Publica tu espacio' }).waitFor();
    await pageScreenshot(owner.page, 'profile-host-listings-es-desktop');
    expect(unexpectedProblems(owner.problems, [])).toEqual([]);
    await visitor.context.close();
    await owner.context.close();
  });
});
