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
  const list = page.url();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    // Newest first; an earlier email with the same subject (another booking's) does not have the
    // link asked for, so each of the newest few is opened until one does.
    const rows = page.getByRole('link', { name: new RegExp(subject) });
    const hrefs = (
      await rows.evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href))
    ).slice(0, 5);
    for (const href of hrefs) {
      await page.goto(href);
      const link = page.locator(`a[href^="${baseUrl}${linkPrefix}"]`).first();
      if ((await link.count()) > 0) return (await link.getAttribute('href')) ?? '';
    }
    await page.waitForTimeout(250);
    await page.goto(list);
  }
  throw new Error(`No email "${subject}" to ${to} in the mailbox`);
}
