import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type RunningServer, repoRoot, startServer } from './server.ts';

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  if (!existsSync(path.join(repoRoot, 'apps', 'web', 'build', 'server', 'index.js'))) {
    throw new Error('Build the app first: `npm run test:e2e` builds it, or run `npm run build`.');
  }
  // The journeys read the emails they cause in the development mailbox, through the printed link,
  // and move time forward with the test clock (support/clock.ts), through the printed key.
  server = await startServer({ DEV_MAILBOX: 'true', TEST_CLOCK: 'true' });
  project.provide('baseUrl', server.url);
  project.provide('mailboxLink', await server.mailboxLink());
  project.provide('testClockKey', await server.testClockKey());
  // Issue 12: journeys run operator commands (users:ban) against this server's database.
  project.provide('opsEnv', { DATABASE_URL: server.databaseUrl(), DATA_DIR: server.dataDir });
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxLink: string;
    testClockKey: string;
    opsEnv: { DATABASE_URL: string; DATA_DIR: string };
  }
}
