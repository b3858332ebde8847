import { defineConfig } from 'vite';

// Builds the harness page alone (npx vite build --config app/features/search-map/browser-check/vite.config.ts).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  build: { outDir: '/tmp/search-map-check', emptyOutDir: true, target: 'es2022' },
  logLevel: 'warn',
});
