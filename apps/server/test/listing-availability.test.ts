import { DEFAULT_BOOKING_RULES } from '@hora/core/listing';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { availabilityExceptions } from '../src/db/schema/index.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import {
  buildHostingApp,
  createDraft,
  type HostingApp,
  publishedListing,
  saveTab,
  TABS,
} from './listings.ts';

const database = await createTestDatabase();
let hosting: HostingApp;
let host: TestUser;

beforeAll(async () => {
  hosting = await buildHostingApp(database.db);
  host = await signUp(hosting.app);
});

const inject = (options: InjectOptions) => hosting.app.inject(options);

// The clock reads Monday 4 May 2026, 08:00 in Madrid (06:00Z); the plan opens 09:00–18:00 on weekdays.
const MONDAY_AND_TUESDAY = 'start=2026-05-04T00:00:00Z&end=2026-05-06T00:00:00Z';

async function slots(listingId: string, query = MONDAY_AND_TUESDAY, cookie?: string) {
  const response = await inject({
    method: 'GET',
    url: `/api/listings/${listingId}/time-slots?${query}`,
    headers: cookie ? browser(cookie) : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { start: string; end: string }[]).map((slot) => [slot.start, slot.end]);
}

function setRules(listingId: string, rules: Partial<typeof DEFAULT_BOOKING_RULES>) {
  return saveTab(hosting.app, host, listingId, 'availability', {
    ...TABS.availability,
    bookingRules: { ...DEFAULT_BOOKING_RULES, ...rules },
  });
}

function addException(listingId: string, payload: object, user: TestUser = host) {
  return inject({
    method: 'POST',
    url: `/api/own-listings/${listingId}/availability-exceptions`,
    headers: browser(user.cookie),
    payload,
  });
}

describe('time slots', () => {
  it('offers the plan from now on, in whole hours by default', async () => {
    const listing = await publishedListing(hosting, host);
    expect(await slots(listing.id)).toEqual([
      ['2026-05-04T07:00:00.000Z', '2026-05-04T16:00:00.000Z'],
      ['2026-05-05T07:00:00.000Z', '2026-05-05T16:00:00.000Z'],
    ]);
  });

  it('honours the advance notice, the step, the window and the minimum length', async () => {
    const listing = await publishedListing(hosting, host);
    const saved = await setRules(listing.id, {
      advanceNoticeMinutes: 90,
      slotStepMinutes: 30,
      bookingWindowDays: 1,
      minDurationMinutes: 120,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.bookingRules).toMatchObject({ slotStepMinutes: 30, bookingWindowDays: 1 });
    // Not available 12:00–13:30: the 13:30–… stretch stays, 09:30–12:00 (2.5 h) too.
    expect(
      (
        await addException(listing.id, {
          start: '2026-05-04T10:00:00Z',
          end: '2026-05-04T11:30:00Z',
          seats: 0,
        })
      ).statusCode,
    ).toBe(201);
    expect(await slots(listing.id)).toEqual([
      ['2026-05-04T07:30:00.000Z', '2026-05-04T10:00:00.000Z'],
      ['2026-05-04T11:30:00.000Z', '2026-05-04T16:00:00.000Z'],
    ]);
    await setRules(listing.id, {
      advanceNoticeMinutes: 90,
      slotStepMinutes: 30,
      bookingWindowDays: 1,
      minDurationMinutes: 180,
    });
    expect(await slots(listing.id)).toEqual([['2026-05-04T11:30:00.000Z', '2026-05-04T16:00:00.000Z']]);
  });

  it('keeps the buffers of both bookings between a seat-holding booking and the next', async () => {
    const listing = await publishedListing(hosting, host);
    await setRules(listing.id, { bufferBeforeMinutes: 30, bufferAfterMinutes: 30 });
    // Booked 11:00–12:00 local, held 10:30–12:30 with its buffers.
    hosting.bookings.byListing.set(listing.id, [
      { start: new Date('2026-05-04T08:30:00Z'), end: new Date('2026-05-04T10:30:00Z'), state: 'accepted' },
    ]);
    expect(await slots(listing.id, 'start=2026-05-04T00:00:00Z&end=2026-05-05T00:00:00Z')).toEqual([
      ['2026-05-04T07:00:00.000Z', '2026-05-04T08:00:00.000Z'],
      ['2026-05-04T11:00:00.000Z', '2026-05-04T16:00:00.000Z'],
    ]);
  });

  it('shows a draft’s slots to its owner only, and none for a closed listing', async () => {
    const draft = await createDraft(hosting.app, host);
    for (const tab of ['features', 'location', 'pricing', 'availability'] as const)
      await saveTab(hosting.app, host, draft.id, tab);
    const url = `/api/listings/${draft.id}/time-slots?${MONDAY_AND_TUESDAY}`;
    expect((await inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await slots(draft.id, MONDAY_AND_TUESDAY, host.cookie)).toHaveLength(2);

    const listing = await publishedListing(hosting, host);
    await inject({
      method: 'POST',
      url: `/api/own-listings/${listing.id}/close`,
      headers: browser(host.cookie),
    });
    expect(await slots(listing.id)).toEqual([]);
  });

  it.each([
    ['start=2026-05-06T00:00:00Z&end=2026-05-04T00:00:00Z'],
    ['start=2026-05-04T00:00:00Z&end=2026-09-04T00:00:00Z'],
    ['start=tomorrow&end=2026-05-04T00:00:00Z'],
    [''],
  ])('refuses the range %s with a 400', async (query) => {
    const listing = await publishedListing(hosting, host);
    const response = await inject({ method: 'GET', url: `/api/listings/${listing.id}/time-slots?${query}` });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('validation-invalid-params');
  });

  it('refuses booking rules that contradict themselves', async () => {
    const listing = await publishedListing(hosting, host);
    const response = await setRules(listing.id, { minDurationMinutes: 120, maxDurationMinutes: 60 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].meta.issues[0]).toMatchObject({
      path: 'bookingRules.maxDurationMinutes',
      message: 'validation.bookingRules.maxBelowMin',
    });
  });
});

describe('availability exceptions', () => {
  it('adds, lists and removes an exception', async () => {
    const listing = await publishedListing(hosting, host);
    const created = await addException(listing.id, {
      start: '2026-05-09T08:00:00Z',
      end: '2026-05-09T12:00:00Z',
      seats: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    const exception = created.json().data;
    expect(exception).toMatchObject({
      start: '2026-05-09T08:00:00.000Z',
      end: '2026-05-09T12:00:00.000Z',
      seats: 1,
    });
    // An available exception opens a Saturday the plan keeps closed.
    expect(await slots(listing.id, 'start=2026-05-09T00:00:00Z&end=2026-05-10T00:00:00Z')).toEqual([
      ['2026-05-09T08:00:00.000Z', '2026-05-09T12:00:00.000Z'],
    ]);

    const url = `/api/own-listings/${listing.id}/availability-exceptions`;
    const listed = await inject({ method: 'GET', url, headers: browser(host.cookie) });
    expect(listed.json().data).toEqual([exception]);

    const removed = await inject({
      method: 'DELETE',
      url: `${url}/${exception.id}`,
      headers: browser(host.cookie),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual(exception);
    const again = await inject({
      method: 'DELETE',
      url: `${url}/${exception.id}`,
      headers: browser(host.cookie),
    });
    expect(errorCode(again)).toBe('not-found');
  });

  it.each([
    ['starts in the past', { start: '2026-05-04T05:00:00Z', end: '2026-05-04T09:00:00Z', seats: 0 }, 'start'],
    ['ends beyond 364 days', { start: '2027-05-01T08:00:00Z', end: '2027-05-04T08:00:00Z', seats: 0 }, 'end'],
  ])('refuses an exception that %s', async (_, payload, field) => {
    const listing = await publishedListing(hosting, host);
    const response = await addException(listing.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'listing-exceptions-limit', meta: { field } });
    expect(await exceptionCount(listing.id)).toBe(0);
  });

  it('refuses the 101st exception that has not ended, counting none that have', async () => {
    const listing = await publishedListing(hosting, host);
    const day = 86_400_000;
    const base = Date.parse('2026-05-05T08:00:00Z');
    await database.db.insert(availabilityExceptions).values([
      // One that ended yesterday does not count.
      {
        listingId: listing.id,
        startsAt: new Date(base - 2 * day),
        endsAt: new Date(base - 2 * day + 3_600_000),
        seats: 0,
      },
      ...Array.from({ length: 99 }, (_, i) => ({
        listingId: listing.id,
        startsAt: new Date(base + i * day),
        endsAt: new Date(base + i * day + 3_600_000),
        seats: 0,
      })),
    ]);
    const hundredth = await addException(listing.id, {
      start: '2026-12-01T08:00:00Z',
      end: '2026-12-01T09:00:00Z',
      seats: 0,
    });
    expect(hundredth.statusCode, hundredth.body).toBe(201);
    const over = await addException(listing.id, {
      start: '2026-12-02T08:00:00Z',
      end: '2026-12-02T09:00:00Z',
      seats: 0,
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ code: 'listing-exceptions-limit', meta: { max: 100 } });
    expect(await exceptionCount(listing.id)).toBe(101);
  });

  it('refuses an overlapping exception, even two sent at once, and takes one that only touches', async () => {
    const listing = await publishedListing(hosting, host);
    const first = { start: '2026-05-10T08:00:00Z', end: '2026-05-10T12:00:00Z', seats: 0 };
    expect((await addException(listing.id, first)).statusCode).toBe(201);
    const overlap = await addException(listing.id, {
      ...first,
      start: '2026-05-10T11:00:00Z',
      end: '2026-05-10T13:00:00Z',
    });
    expect(overlap.statusCode).toBe(409);
    expect(errorCode(overlap)).toBe('listing-exception-overlap');
    const touching = await addException(listing.id, {
      ...first,
      start: '2026-05-10T12:00:00Z',
      end: '2026-05-10T13:00:00Z',
    });
    expect(touching.statusCode).toBe(201);

    const race = { start: '2026-05-11T08:00:00Z', end: '2026-05-11T12:00:00Z', seats: 0 };
    const answers = await Promise.all([addException(listing.id, race), addException(listing.id, race)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await exceptionCount(listing.id)).toBe(3);
  });
});

async function exceptionCount(listingId: string): Promise<number> {
  return (
    await database.db
      .select()
      .from(availabilityExceptions)
      .where(eq(availabilityExceptions.listingId, listingId))
  ).length;
}
