import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './chromium.ts';
import { repoRoot } from './server.ts';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export const artifactsDir = path.join(repoRoot, 'e2e', 'artifacts');

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and CSP violations seen so far. */
  problems: string[];
}

/** A fresh browser context (no cookies) whose console errors are collected for assertions. */
export async function openPage(browser: Browser, viewport: keyof typeof VIEWPORTS): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], locale: 'es-ES' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs a failed load without its address; the location names it.
    const where = message.location().url;
    problems.push(`console: ${message.text()}${where ? ` [${new URL(where).pathname}]` : ''}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

/**
 * The problems left once the failed loads a journey expects are set aside: each one named by its
 * status and path, so an unexpected 4xx on any other address still fails the journey.
 */
export function unexpectedProblems(
  problems: string[],
  expected: { status: number; path: string }[],
): string[] {
  return problems.filter(
    (problem) =>
      !expected.some(
        ({ status, path }) => problem.includes(`status of ${status} `) && problem.endsWith(`[${path}]`),
      ),
  );
}

/** The whole page by default; `fullPage: false` for what the screen shows (a modal over the page). */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true });
  const file = path.join(artifactsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** One Chromium for the calling test file, launched before its tests and closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running yet');
    return browser;
  };
}
