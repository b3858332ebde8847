import { defineProject } from 'vitest/config';

// Unit tests of the web app's own logic; the React Router Vite plugin is for builds and dev only.
export default defineProject({
  test: {
    name: 'web',
    include: ['app/**/*.test.{ts,tsx}'],
    env: { TZ: 'UTC' },
  },
});
