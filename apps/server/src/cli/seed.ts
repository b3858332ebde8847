import { createImageStorage } from '../adapters/storage/index.ts';
import { systemClock } from '../clock.ts';
import { loadConfigOrExit, openRuntime } from '../runtime.ts';
import { fillBenchListings } from '../seed/bench-listings.ts';
import { seedDemoData } from '../seed/index.ts';
import { parseSeedOptions, SEED_USAGE, type SeedOptions } from '../seed/seed-options.ts';

let options: SeedOptions;
try {
  options = parseSeedOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${SEED_USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.info(SEED_USAGE);
  process.exit(0);
}

const runtime = await openRuntime(loadConfigOrExit());
try {
  if (options.demo) {
    const applied = await seedDemoData({
      db: runtime.database.db,
      logger: runtime.logger,
      config: runtime.config,
      clock: systemClock,
    });
    runtime.logger.info({ applied }, applied.length ? 'demo data applied' : 'demo data already up to date');
  }
  if (options.listings) {
    const result = await fillBenchListings(runtime.database.db, {
      listings: options.listings,
      hosts: options.hosts,
      now: systemClock.now(),
      storage: createImageStorage(runtime.config),
      onProgress: (done, total) => process.stderr.write(`\r${done} / ${total} listings`),
    });
    process.stderr.write('\n');
    console.info(
      `Added ${result.listings} listings (${result.hosts} hosts, ${result.exceptions} availability exceptions, ${
        result.photos
      } photos) in ${(result.milliseconds / 1000).toFixed(1)} s`,
    );
  }
} finally {
  await runtime.close();
}
