import { describe, expect, it } from 'vitest';
import { parseSeedOptions } from './seed-options.ts';

describe('parseSeedOptions', () => {
  it('seeds the demo data alone by default', () => {
    expect(parseSeedOptions([])).toEqual({ listings: undefined, hosts: undefined, demo: true, help: false });
  });

  it('reads the bench fixture size, with or without the demo data', () => {
    expect(parseSeedOptions(['--listings', '100_000', '--hosts', '5000', '--no-demo'])).toEqual({
      listings: 100_000,
      hosts: 5000,
      demo: false,
      help: false,
    });
    expect(parseSeedOptions(['--listings=500']).listings).toBe(500);
  });

  it.each([
    [['--listings', 'many'], '--listings takes a whole number'],
    [['--listings', '0'], '--listings takes a whole number'],
    [['--listings', '2.5'], '--listings takes a whole number'],
    [['--listings', '20000000'], '--listings takes a whole number'],
    [['--hosts', '10'], '--hosts needs --listings'],
    [['--lisitngs', '10'], "Unknown option '--lisitngs'"],
  ])('refuses %j with a message', (args, message) => {
    expect(() => parseSeedOptions(args)).toThrow(message);
  });
});
