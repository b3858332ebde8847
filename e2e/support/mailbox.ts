import type { Page } from 'playwright-core';

/**
 * Opens the newest email to `to` whose subject contains `subject` in the development mailbox, and
 * returns the first link of that email that starts with `linkPrefix` (e.g. the verification page).
 * The mailbox opens through the link the server printed (`mailboxLink`), as a person would.
 */
export async function linkFromMailbox(
  page: Page,
  mailboxLink: string,
  to: string,
  subject: string,
  linkPrefix: string,
) {
  const baseUrl = new URL(mailboxLink).origin;
  await page.goto(`${mailboxLink}&to=${encodeURIComponent(to)}`);
  if (new URL(page.url()).searchParams.has('key')) throw new Error('The mailbox kept its key in the address');
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
