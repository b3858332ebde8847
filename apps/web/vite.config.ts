import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: 'es2022',
    modulePreload: {
      // The listing page's booking rules load when someone reaches for the form (decision 0033):
      // their chunks may arrive one after the other, and listing them for preloading would put their
      // names into the page's first script, whose weight is at its budget.
      resolveDependencies: (file, deps) => (file.includes('booking-form-live') ? [] : deps),
    },
  },
  server: { hmr: true },
});
