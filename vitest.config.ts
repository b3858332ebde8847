import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every package's tests (the README's `npm test`), and reports
// the line coverage of the domain core, which must stay at 95 % or more.
export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web', 'scripts'],
    coverage: {
      provider: 'v8',
      include: ['packages/core/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      reporter: ['text-summary'],
      thresholds: { lines: 95 },
    },
  },
});
