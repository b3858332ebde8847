import type { Page } from 'playwright-core';

/**
 * Opens the newest email to `to` whose subject contains `subject` in the development mailbox, and
 * returns the first link of that email that starts with `linkPrefix` (e.g. the verification page).
 */
export async function linkFromMailbox(
  page: Page,
  baseUrl: string,
  to: string,
  subject: string,
  linkPrefix: string,
) {
  await page.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(to)}`);
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const row = page.getByRole('link', { name: new RegExp(subject) }).first();
    if ((await row.count()) > 0) {
      await row.click();
      const link = page.locator(`a[href^="${baseUrl}${linkPrefix}"]`).first();
      await link.waitFor();
      return (await link.getAttribute('href')) ?? '';
    }
    await page.waitForTimeout(250);
    await page.reload();
  }
  throw new Error(`No email "${subject}" to ${to} in the mailbox`);
}
