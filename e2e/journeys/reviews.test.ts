import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiFromPage } from '../support/booking.ts';
import { openPage, screenshot, unexpectedProblems, useBrowser, VIEWPORTS } from '../support/browser.ts';
import { acceptCookies, logIn, pageScreenshot, serveBlankTiles } from '../support/hosting.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The demo data's delivered booking: ana@ booked one of jordi@'s spaces three days ago. */
const GUEST = { email: 'ana@demo.hora.es', password: 'hora-demo-2026' };
const HOST = { email: 'jordi@demo.hora.es', password: 'hora-demo-2026' };

/** Serious or critical axe violations (WCAG 2 A and AA) of what the page shows now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

interface OrderView {
  id: string;
  state: string;
  listing: { id: string; slug: string; title: string };
  customer: { id: string };
  provider: { id: string };
}

describe('both parties review a delivered booking (Spanish)', () => {
  it('the guest (without JavaScript) and the host review each other; the reviews show on the listing (with the average) and on both profiles', async () => {
    const host = await openPage(browser(), 'desktop');
    await serveBlankTiles(host.context);
    await logIn(host.page, baseUrl, HOST);
    await acceptCookies(host.page);
    const sales = await apiFromPage<{ data: OrderView[] }>(
      host.page,
      '/api/transactions?only=sale&perPage=100',
    );
    const order = sales.body.data.find((tx) => tx.state === 'delivered');
    if (!order) throw new Error('The demo data has no delivered booking of jordi@');
    const listingUrl = `${baseUrl}/l/${order.listing.slug}/${order.listing.id}`;

    // The guest, on a phone with JavaScript off: the review form is a page of its own and a plain POST.
    const guestContext = await browser().newContext({
      viewport: VIEWPORTS.phone,
      locale: 'es-ES',
      javaScriptEnabled: false,
    });
    const guest = { context: guestContext, page: await guestContext.newPage() };
    await serveBlankTiles(guest.context);
    await logIn(guest.page, baseUrl, GUEST);
    await acceptCookies(guest.page);
    await guest.page.goto(`${baseUrl}/order/${order.id}/details`);
    const panel = guest.page.getByTestId('review-panel');
    await panel.getByText(/Tienes hasta el .+ para dejar tu reseña/).waitFor();
    await panel.getByRole('link', { name: 'Dejar una reseña' }).click();
    await guest.page.waitForURL(`${baseUrl}/order/${order.id}/review`);
    const dialog = guest.page.getByRole('dialog', { name: /Valora a/ });
    await dialog.waitFor();
    const stars = dialog.getByRole('group', { name: 'Valoración' });
    expect(await stars.getByRole('radio').count()).toBe(5);
    await stars.getByRole('radio', { name: '4 estrellas' }).check({ force: true });
    await dialog.getByLabel('Tu reseña').fill('Sala amplia y luminosa, el anfitrión muy atento.');
    await screenshot(guest.page, 'review-modal-es-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Enviar reseña' }).click();
    await guest.page.waitForURL(`${baseUrl}/order/${order.id}/details`);
    await panel.getByText('Gracias por tu reseña.', { exact: false }).waitFor();
    await panel.getByText('Solo tú la ves hasta que se publique', { exact: false }).waitFor();
    expect(await panel.getByRole('link', { name: 'Dejar una reseña' }).count()).toBe(0);
    await pageScreenshot(guest.page, 'review-order-waiting-es-phone');
    // Opening the form again says it was already sent.
    await guest.page.goto(`${baseUrl}/order/${order.id}/review`);
    await guest.page.getByRole('dialog').getByText('Ya has enviado tu reseña.', { exact: false }).waitFor();

    // Not public yet: neither the listing page nor the host shows it.
    await host.page.goto(listingUrl, { waitUntil: 'networkidle' });
    expect(await host.page.getByText('Sala amplia y luminosa').count()).toBe(0);
    await host.page.goto(`${baseUrl}/sale/${order.id}/details`, { waitUntil: 'networkidle' });
    expect(await host.page.getByText('Sala amplia y luminosa').count()).toBe(0);

    // The host, with JavaScript: the dialog takes the focus; they send theirs and both are published.
    await host.page.getByTestId('review-panel').getByRole('link', { name: 'Dejar una reseña' }).click();
    const hostDialog = host.page.getByRole('dialog', { name: /Valora a/ });
    await hostDialog.waitFor();
    expect(await hostDialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await hostDialog
      .getByRole('group', { name: 'Valoración' })
      .getByRole('radio', { name: '5 estrellas' })
      .check();
    await hostDialog
      .getByLabel('Tu reseña')
      .fill('Puntual y cuidadosa con el espacio. ¡Vuelve cuando quieras!');
    await screenshot(host.page, 'review-modal-es-desktop', { fullPage: false });
    expect(await seriousViolations(host.page)).toEqual([]);
    await hostDialog.getByRole('button', { name: 'Enviar reseña' }).click();
    await host.page.waitForURL(`${baseUrl}/sale/${order.id}/details`);
    const hostPanel = host.page.getByTestId('review-panel');
    await hostPanel.getByText('Vuestras reseñas están publicadas.').waitFor();
    await hostPanel.getByText('Sala amplia y luminosa', { exact: false }).waitFor();
    await pageScreenshot(host.page, 'review-sale-published-es-desktop');
    expect(await seriousViolations(host.page)).toEqual([]);
    // Escape closes the dialog and goes back to the sale.
    await host.page.goto(`${baseUrl}/sale/${order.id}/review`, { waitUntil: 'networkidle' });
    await host.page.getByRole('dialog').getByText('Ya has enviado tu reseña.', { exact: false }).waitFor();
    await host.page.keyboard.press('Escape');
    await host.page.waitForURL(`${baseUrl}/sale/${order.id}/details`);

    // The listing page: the guest's review with the count and the average.
    for (const [side, name] of [
      [guest, 'phone'],
      [host, 'desktop'],
    ] as const) {
      await side.page.goto(listingUrl);
      const reviews = side.page.getByTestId('reviews');
      await reviews.getByRole('heading', { level: 2, name: /Reseñas \(\d+\)/ }).waitFor();
      await reviews.getByText('Sala amplia y luminosa, el anfitrión muy atento.').waitFor();
      expect(await reviews.getByTestId('review-summary').textContent()).toMatch(/de 5 · \d+ reseñas?/);
      expect(await reviews.getByRole('img', { name: '4 estrellas de 5' }).count()).toBeGreaterThan(0);
      await reviews.scrollIntoViewIfNeeded();
      await screenshot(side.page, `review-listing-es-${name}`, { fullPage: false });
      if (name === 'desktop') expect(await seriousViolations(side.page)).toEqual([]);
    }

    // Both profiles: the host's reviews from renters, the guest's from hosts, each author linked.
    await guest.page.goto(`${baseUrl}/u/${order.provider.id}`);
    const asHost = guest.page.getByTestId('reviews-as-host');
    await asHost.getByRole('heading', { name: /Reseñas de inquilinos \(\d+\)/ }).waitFor();
    await asHost.getByText('Sala amplia y luminosa, el anfitrión muy atento.').waitFor();
    expect(await asHost.getByRole('link', { name: /Ana/ }).first().getAttribute('href')).toBe(
      `/u/${order.customer.id}`,
    );
    await pageScreenshot(guest.page, 'review-profile-host-es-phone');
    await host.page.goto(`${baseUrl}/u/${order.customer.id}`, { waitUntil: 'networkidle' });
    const asRenter = host.page.getByTestId('reviews-as-renter');
    await asRenter.getByRole('heading', { name: 'Reseñas de anfitriones (1)' }).waitFor();
    await asRenter.getByText('Puntual y cuidadosa con el espacio.', { exact: false }).waitFor();
    await pageScreenshot(host.page, 'review-profile-guest-es-desktop');
    expect(await seriousViolations(host.page)).toEqual([]);

    expect(unexpectedProblems(host.problems, [])).toEqual([]);
    await Promise.all([guest.context.close(), host.context.close()]);
  });
});
