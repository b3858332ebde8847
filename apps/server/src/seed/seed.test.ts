import { sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { systemClock } from '../clock.ts';
import { type SeedStep, seedDemoData } from './index.ts';

const database = await createTestDatabase();
const logger = pino({ level: 'silent' });
const config = testConfig();
const clock = systemClock;

function countingStep(name: string, runs: string[]): SeedStep {
  return {
    name,
    async run({ db }) {
      runs.push(name);
      await db.execute(sql`insert into seed_probe (step) values (${name})`);
    },
  };
}

// The probe table every test writes to: made before any of them, so they pass in any order.
beforeAll(async () => {
  await database.db.execute(sql`create table seed_probe (step text not null)`);
});

describe('seedDemoData', () => {
  it('applies each step once, in order, and skips it on later runs', async () => {
    const runs: string[] = [];
    const steps = [countingStep('users', runs), countingStep('listings', runs)];
    expect(await seedDemoData({ db: database.db, logger, config, clock }, steps)).toEqual([
      'users',
      'listings',
    ]);
    expect(await seedDemoData({ db: database.db, logger, config, clock }, steps)).toEqual([]);
    expect(runs).toEqual(['users', 'listings']);

    // A later release adds a step: only that one runs on an existing database.
    const later = [...steps, countingStep('bookings', runs)];
    expect(await seedDemoData({ db: database.db, logger, config, clock }, later)).toEqual(['bookings']);
  });

  it('skips a step that cannot run with the configuration, unrecorded, until a seeding where it can', async () => {
    const runs: string[] = [];
    let allowed = false;
    const waiting: SeedStep = {
      ...countingStep('waiting', runs),
      skip: () => (allowed ? undefined : 'not with this configuration'),
    };
    expect(await seedDemoData({ db: database.db, logger, config, clock }, [waiting])).toEqual([]);
    expect(runs).toEqual([]);
    allowed = true;
    expect(await seedDemoData({ db: database.db, logger, config, clock }, [waiting])).toEqual(['waiting']);
    expect(runs).toEqual(['waiting']);
  });

  it('rolls back a failing step and does not record it', async () => {
    const failing: SeedStep = {
      name: 'broken',
      async run({ db }) {
        await db.execute(sql`insert into seed_probe (step) values ('broken')`);
        throw new Error('step failed');
      },
    };
    await expect(seedDemoData({ db: database.db, logger, config, clock }, [failing])).rejects.toThrow(
      'step failed',
    );
    const probe = await database.db.execute(
      sql`select count(*)::int as count from seed_probe where step = 'broken'`,
    );
    expect(probe.rows[0]).toEqual({ count: 0 });
    const history = await database.db.execute(
      sql`select count(*)::int as count from seed_history where name = 'broken'`,
    );
    expect(history.rows[0]).toEqual({ count: 0 });
  });
});
