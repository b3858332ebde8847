import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  resolve: {
    // Leaflet's ES module build: the bundler keeps only the parts the maps name (its default
    // entry is one UMD object, kept whole).
    alias: [{ find: /^leaflet$/, replacement: 'leaflet/dist/leaflet-src.esm.js' }],
  },
  build: {
    target: 'es2022',
    modulePreload: {
      // The listing page's booking rules load when someone reaches for the form (decision 0033):
      // their chunks may arrive one after the other, and listing them for preloading would put their
      // names into the page's first script, whose weight is at its budget.
      resolveDependencies: (file, deps) => (file.includes('booking-form-live') ? [] : deps),
    },
    rolldownOptions: {
      output: {
        // One chunk for the app's modules four or more pages share (and what they import: React,
        // React Router, the message formatter) instead of dozens of small ones: every response
        // costs its headers (~450 bytes) and compresses alone (decision 0035).
        codeSplitting: {
          groups: [
            {
              name: 'common',
              test: /apps[\\/]web[\\/]app|packages[\\/]core/,
              minShareCount: 4,
            },
          ],
        },
      },
    },
  },
  server: { hmr: true },
});
