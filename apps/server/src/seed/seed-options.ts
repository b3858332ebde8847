import { parseArgs } from 'node:util';

export const SEED_USAGE = `Usage: npm run db:seed [-- --listings N [--hosts H] [--no-demo]]

Adds the demo marketplace steps this database has not had yet. With --listings, then adds N
benchmark listings (set-based, for load tests and \`npm run bench\`) spread over H hosts
(default N / 20), and prints how long that took.`;

export interface SeedOptions {
  listings?: number;
  hosts?: number;
  demo: boolean;
  help: boolean;
}

const MAX_COUNT = 10_000_000;

function count(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value.replaceAll('_', ''));
  if (value.trim() === '' || !Number.isSafeInteger(number) || number < 1 || number > MAX_COUNT) {
    throw new RangeError(
      `--${name} takes a whole number from 1 to ${MAX_COUNT}, not ${JSON.stringify(value)}`,
    );
  }
  return number;
}

/** `db:seed`'s arguments; throws with a message for the person who typed them. */
export function parseSeedOptions(args: string[]): SeedOptions {
  const { values } = parseArgs({
    args,
    options: {
      listings: { type: 'string' },
      hosts: { type: 'string' },
      'no-demo': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const options = {
    listings: count(values.listings, 'listings'),
    hosts: count(values.hosts, 'hosts'),
    demo: !values['no-demo'],
    help: values.help ?? false,
  };
  if (options.hosts !== undefined && options.listings === undefined) {
    throw new RangeError('--hosts needs --listings');
  }
  return options;
}
