import { defineConfig } from 'vitest/config';

// Browser journeys against the built app: one server for the run, one browser page per test.
export default defineConfig({
  test: {
    include: ['journeys/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
