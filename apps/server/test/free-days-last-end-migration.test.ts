import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AvailabilityPlan, SeatBooking } from '@hora/core/availability';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freeTimeRefresher } from '../src/modules/search/free-time.ts';
import { migrationsDir } from '../src/paths.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp, signUp } from './listings.ts';
import { storeListings } from './search.ts';

/**
 * Migration 0022 fills `day_last_end` of the summaries it finds from their exact free time: it must
 * write what the refresh writes (decision 0058), for plans over midnight, whole days, seat-holding
 * bookings, a daylight-saving change (a day of 23 hours) and a zone half an hour off UTC.
 */

const database = await createTestDatabase();
let hosting: HostingApp;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  // Europe's spring change (28 March 2027) lies inside the stored span.
  hosting.clock.set('2027-03-21T10:07:00.000Z');
});

/** The migration's statement that fills the column. */
async function fillStatement(): Promise<string> {
  const text = await readFile(path.join(migrationsDir, '0022_free_days_last_end.sql'), 'utf8');
  const update = text.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'));
  expect(update).toBeDefined();
  return update as string;
}

const timePlan = (timezone: string, entries: [string, string, string][]): AvailabilityPlan => ({
  type: 'availability-plan/time',
  timezone,
  entries: entries.map(([dayOfWeek, startTime, endTime]) => ({
    dayOfWeek: dayOfWeek as 'mon',
    seats: 1,
    startTime,
    endTime,
  })),
});

describe('migration 0022 (where each day’s free time ends)', () => {
  it('computes from the exact free time what the refresh writes', async () => {
    const host = await signUp(hosting.app, { firstName: 'Marta', lastName: 'Puig' });
    const plans: AvailabilityPlan[] = [
      timePlan('Europe/Madrid', [
        ['mon', '09:00', '13:30'],
        ['wed', '20:00', '00:00'],
        ['thu', '00:00', '02:00'],
        ['sun', '01:00', '05:00'],
      ]),
      {
        type: 'availability-plan/day',
        timezone: 'Europe/Madrid',
        entries: (['sat', 'sun', 'mon'] as const).map((dayOfWeek) => ({ dayOfWeek, seats: 1 })),
      },
      timePlan('Asia/Kolkata', [
        ['tue', '10:00', '18:30'],
        ['fri', '22:00', '00:00'],
      ]),
    ];
    const ids = await storeListings(
      database.db,
      hosting,
      host.id,
      plans.map((plan, index) => ({ lat: 40 + index, lng: 3, plan })),
    );
    const now = hosting.clock.now().getTime();
    const booking = (hoursFromNow: number, hours: number): SeatBooking => ({
      start: new Date(now + hoursFromNow * 3_600_000),
      end: new Date(now + (hoursFromNow + hours) * 3_600_000),
      state: 'accepted',
      seats: 1,
    });
    hosting.bookings.byListing.set(ids[0] as string, [booking(47, 2)]);
    hosting.bookings.byListing.set(ids[1] as string, [booking(160, 30)]);
    hosting.bookings.byListing.set(ids[2] as string, []);
    await freeTimeRefresher({ clock: hosting.clock, bookings: hosting.bookings }).refresh(database.db, ids);

    const read = async () =>
      (
        await database.db.execute(
          sql`select listing_id, encode(day_last_end, 'hex') as last_end from listing_free_days
              where listing_id = any(${`{${ids.join(',')}}`}::uuid[]) order by listing_id`,
        )
      ).rows as { listing_id: string; last_end: string | null }[];
    const written = await read();
    expect(written).toHaveLength(3);
    for (const row of written) expect(row.last_end).toMatch(/^([0-9a-f]{2})+$/);
    // Something other than empty days and whole days is stored (the plans' ends).
    expect(written.some((row) => /(1b|04|0a)/.test(row.last_end as string))).toBe(true);

    await database.db.execute(sql`update listing_free_days set day_last_end = null`);
    await database.db.execute(sql.raw(await fillStatement()));
    expect(await read()).toEqual(written);
  });
});
