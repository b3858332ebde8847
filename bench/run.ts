import { benchBooking } from './booking.ts';
import { benchCore } from './core.ts';
import { benchGeocoding } from './geocoding.ts';
import { benchInbox } from './inbox.ts';
import { benchListingPage } from './listing-page.ts';
import { benchSearch } from './search.ts';
import { benchServerStart } from './server-start.ts';
import { benchWeb } from './web.ts';

// `npm run bench`: every figure as one JSON line {name, value, unit, n, machine, date}.
const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  core: benchCore,
  geocoding: benchGeocoding,
  server: benchServerStart,
  web: benchWeb,
  listings: benchListingPage,
  search: benchSearch,
  booking: benchBooking,
  inbox: benchInbox,
};

for (const [name, run] of Object.entries(suites)) {
  if (!only || only === name) await run();
}
