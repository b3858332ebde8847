import AxeBuilder from '@axe-core/playwright';
import { describe, expect, inject, it } from 'vitest';
import { openPage, useBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

describe('security headers on pages', () => {
  it.each(['/', '/esta-pagina-no-existe'])(
    '%s runs only the scripts that carry the response’s nonce',
    async (path) => {
      const response = await fetch(`${baseUrl}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeDefined();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('strict-transport-security')).toBeNull();
      const html = await response.text();
      const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
      expect(inlineScripts.length).toBeGreaterThan(0);
      for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    },
  );

  it('serves hashed assets with a year-long immutable cache', async () => {
    const html = await (await fetch(baseUrl)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseUrl}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('reports no CSP violation while a visitor uses the page', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    await page.getByTestId('footer').getByRole('button', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(problems.filter((problem) => /Content Security Policy|CSP/i.test(problem))).toEqual([]);
    await context.close();
  });
});

describe('accessibility', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    for (const path of ['/', '/signup', '/login', '/recover-password', '/reset-password']) {
      it(`has no serious or critical axe violations on ${path} (${viewport})`, async () => {
        const { page, context } = await openPage(browser(), viewport);
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          );
        expect(serious).toEqual([]);
        await context.close();
      });
    }
  }
});
