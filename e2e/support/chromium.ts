import { type Browser, chromium } from 'playwright-core';

/**
 * Debian's headless Chromium (`/usr/bin/chromium` or CHROMIUM_PATH), as the browser journeys and the
 * benchmarks both drive it: no sandbox or GPU, and no background traffic of its own.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
