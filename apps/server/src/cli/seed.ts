import { parseArgs } from 'node:util';
import { createImageStorage } from '../adapters/storage/index.ts';
import { systemClock } from '../clock.ts';
import { loadConfigOrExit, openRuntime } from '../runtime.ts';
import { fillBenchListings } from '../seed/bench-listings.ts';
import { seedDemoData } from '../seed/index.ts';

const USAGE = `Usage: npm run db:seed [-- --listings N [--hosts H] [--no-demo]]

Adds the demo marketplace steps this database has not had yet. With --listings, then adds N
benchmark listings (set-based, for load tests and \`npm run bench\`) spread over H hosts
(default N / 20), and prints how long that took.`;

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        listings: { type: 'string' },
        hosts: { type: 'string' },
        'no-demo': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
    const count = (value: string | undefined, name: string) => {
      if (value === undefined) return undefined;
      const number = Number(value.replaceAll('_', ''));
      if (!Number.isSafeInteger(number) || number < 1 || number > 10_000_000)
        throw new Error(`--${name} takes a whole number from 1 to 10 000 000, not ${JSON.stringify(value)}`);
      return number;
    };
    return {
      listings: count(values.listings, 'listings'),
      hosts: count(values.hosts, 'hosts'),
      demo: !values['no-demo'],
      help: values.help,
    };
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const options = parseOptions();
if (options.help) {
  console.info(USAGE);
  process.exit(0);
}

const runtime = await openRuntime(loadConfigOrExit());
try {
  const context = {
    db: runtime.database.db,
    logger: runtime.logger,
    config: runtime.config,
    clock: systemClock,
  };
  if (options.demo) {
    const applied = await seedDemoData(context);
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
      `Added ${result.listings} listings (${result.hosts} hosts, ${result.exceptions} availability exceptions, ${result.photos} photos) in ${(
        result.milliseconds / 1000
      ).toFixed(1)} s`,
    );
  }
} finally {
  await runtime.close();
}
