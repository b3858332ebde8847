import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AvailabilityPlan, SeatBooking } from '@hora/core/availability';
import { type BookingRules, type CardImageView, DEFAULT_BOOKING_RULES } from '@hora/core/listing';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { availabilityExceptions, listings } from '../src/db/schema/index.ts';
import { freeTimeRefresher } from '../src/modules/search/free-time.ts';
import { migrationsDir } from '../src/paths.ts';
import { createTestDatabase } from './database.ts';
import { buildHostingApp, type HostingApp, signUp } from './listings.ts';

/** Weekdays 09:00–18:00 in Madrid, one seat. */
export const OFFICE_PLAN: AvailabilityPlan = {
  type: 'availability-plan/time',
  timezone: 'Europe/Madrid',
  entries: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).map((dayOfWeek) => ({
    dayOfWeek,
    seats: 1,
    startTime: '09:00',
    endTime: '18:00',
  })),
};

export interface StoredListing {
  title?: string;
  description?: string;
  state?: 'draft' | 'pendingApproval' | 'published' | 'closed';
  categories?: string[];
  capacity?: number | null;
  lat?: number;
  lng?: number;
  /** Minor units. */
  priceAmount?: number | null;
  plan?: AvailabilityPlan | null;
  rules?: BookingRules;
  exceptions?: { start: Date; end: Date; seats: number }[];
  createdAt?: Date;
}

/**
 * Writes listings straight to the tables (the wizard is tested elsewhere; search needs many, with
 * chosen values) and computes their free time as the services would.
 */
export async function storeListings(
  db: Database,
  hosting: HostingApp,
  authorId: string,
  items: StoredListing[],
): Promise<string[]> {
  const rows = await db
    .insert(listings)
    .values(
      items.map((item, index) => {
        const rules = item.rules ?? DEFAULT_BOOKING_RULES;
        const plan = item.plan === undefined ? OFFICE_PLAN : item.plan;
        return {
          authorId,
          state: item.state ?? 'published',
          title: item.title ?? 'Sala de reuniones',
          description: item.description ?? 'Un espacio tranquilo.',
          categories: item.categories ?? ['sala'],
          capacity: item.capacity === undefined ? 10 : item.capacity,
          latitude: item.lat ?? 10,
          longitude: item.lng ?? 10,
          address: 'Calle Falsa 1',
          priceAmount: item.priceAmount === undefined ? 2000 : item.priceAmount,
          priceCurrency: 'EUR',
          timeZone: plan?.timezone ?? 'Europe/Madrid',
          availabilityPlan: plan,
          minDurationMinutes: rules.minDurationMinutes,
          maxDurationMinutes: rules.maxDurationMinutes,
          bufferBeforeMinutes: rules.bufferBeforeMinutes,
          bufferAfterMinutes: rules.bufferAfterMinutes,
          advanceNoticeMinutes: rules.advanceNoticeMinutes,
          bookingWindowDays: rules.bookingWindowDays,
          slotStepMinutes: rules.slotStepMinutes,
          publishedAt: item.state === 'draft' ? null : hosting.clock.now(),
          createdAt:
            item.createdAt ?? new Date(hosting.clock.now().getTime() - (items.length - index) * 60_000),
        };
      }),
    )
    .returning({ id: listings.id });
  const ids = rows.map((row) => row.id);
  const exceptionRows = items.flatMap((item, index) =>
    (item.exceptions ?? []).map((e) => ({
      listingId: ids[index] as string,
      startsAt: e.start,
      endsAt: e.end,
      seats: e.seats,
    })),
  );
  if (exceptionRows.length > 0) await db.insert(availabilityExceptions).values(exceptionRows);
  await freeTimeRefresher({ clock: hosting.clock, bookings: hosting.bookings }).refresh(db, ids);
  return ids;
}

/** A box of about a kilometre around a point: each test keeps its listings apart by place. */
export function boxAround(lat: number, lng: number, half = 0.01): string {
  return [lat + half, lng + half, lat - half, lng - half].join(',');
}

export async function search(app: FastifyInstance, query: Record<string, string | number>) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/listings?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: string; title: string; image: CardImageView | null; price: { amount: number } | null }[];
    meta: { page: number; perPage: number; totalItems: number; totalPages: number };
  };
}

/** Every page of a search, in order, and the totals each page answered. */
export async function allPages(
  app: FastifyInstance,
  query: Record<string, string | number>,
  perPage: number,
): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page += 1) {
    const { data, meta } = await search(app, { ...query, perPage, page });
    totals.add(meta.totalItems);
    ids.push(...data.map((card) => card.id));
    if (page >= meta.totalPages) return { ids, totals: [...totals] };
  }
}

export async function searchIds(app: FastifyInstance, query: Record<string, string | number>) {
  return (await search(app, query)).data.map((card) => card.id);
}

/** Whether a search in the box around a point (`boxAround`), with `query`, finds the listing. */
export async function findsNear(
  app: FastifyInstance,
  id: string,
  point: { lat: number; lng: number },
  query: Record<string, string | number>,
): Promise<boolean> {
  return (await searchIds(app, { bounds: boxAround(point.lat, point.lng), ...query })).includes(id);
}

/**
 * Stores one listing whose seat-holding bookings are `held` (none by default: the fake reader answers
 * for it from now on) and writes its free time as the refresh does, at the app's clock: its id.
 */
export async function storeRefreshed(
  db: Database,
  hosting: HostingApp,
  authorId: string,
  listing: StoredListing,
  held: SeatBooking[] = [],
): Promise<string> {
  const [id] = await storeListings(db, hosting, authorId, [listing]);
  if (!id) throw new Error('No listing stored');
  hosting.bookings.byListing.set(id, held);
  await freeTimeRefresher({ clock: hosting.clock, bookings: hosting.bookings }).refresh(db, [id]);
  return id;
}

/** The examples' rules: no buffers or notice, a 90-day window, then what each example sets. */
export function exampleRules(
  rules: Pick<BookingRules, 'minDurationMinutes' | 'slotStepMinutes'> & Partial<BookingRules>,
): BookingRules {
  return {
    maxDurationMinutes: null,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    advanceNoticeMinutes: 0,
    bookingWindowDays: 90,
    ...rules,
  };
}

/** Words that listings share, for concurrent edits of their text (`editConcurrently`). */
export const SHARED_WORDS = ['violín', 'chelo', 'viola', 'contrabajo', 'arpa'];

/** Twelve listings whose texts share `SHARED_WORDS`, each with `fields(i)`. */
export function sharingWords(fields: (i: number) => StoredListing = () => ({})): StoredListing[] {
  const words = SHARED_WORDS;
  return Array.from({ length: 12 }, (_, i) => ({
    title: `Estudio ${words[i % words.length]}`,
    description: `Ensayo de ${words[(i + 1) % words.length]} y ${words[(i + 2) % words.length]}.`,
    ...fields(i),
  }));
}

/**
 * Three rounds of one update per listing in flight together, on the pool's connections: each
 * listing's text takes other shared words (with `also(round)`'s columns), or the listing closes and
 * publishes again.
 */
export async function editConcurrently(
  db: Database,
  ids: readonly string[],
  also: (round: number) => Partial<typeof listings.$inferInsert> = () => ({}),
): Promise<void> {
  const words = SHARED_WORDS;
  for (let round = 1; round <= 3; round += 1) {
    await Promise.all(
      ids.map((id, i) =>
        db
          .update(listings)
          .set(
            (i + round) % 4 === 0
              ? { state: round % 2 === 0 ? 'published' : 'closed' }
              : {
                  description: `${words[(i + round) % words.length]} ${words[(i * round + 3) % words.length]}`,
                  ...also(round),
                },
          )
          .where(eq(listings.id, id)),
      ),
    );
  }
}

/**
 * The rows `counted` answers once the text copy is emptied (`truncate`, whose triggers empty what
 * they keep from it), in a transaction rolled back: the listings and their copies stay.
 */
export async function afterCopyTruncated(db: Database, counted: SQL): Promise<unknown[]> {
  let rows: unknown[] = [];
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`truncate listing_search_text`);
      rows = (await tx.execute(counted)).rows;
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'Rollback') throw error;
    });
  return rows;
}

/** A test file's own database, the hosting app on it, and a host who stores listings there. */
export async function searchTestBed(host: { firstName: string; lastName: string }) {
  const database = await createTestDatabase();
  const hosting = await buildHostingApp(database.db);
  const hostId = (await signUp(hosting.app, host)).id;
  return {
    database,
    hosting,
    store: (items: StoredListing[]) => storeListings(database.db, hosting, hostId, items),
  };
}

/**
 * The rows a table kept by triggers holds (ordered by `order`), then the rows the migration's own
 * fill (its statement `INSERT INTO "<table>"`) writes into it emptied: they should be equal.
 */
export async function refilledByMigration(db: Database, migration: string, table: string, order: string) {
  const text = await readFile(path.join(migrationsDir, migration), 'utf8');
  const fill = text
    .split('--> statement-breakpoint')
    .find((part) => part.trim().startsWith(`INSERT INTO "${table}"`));
  expect(fill, `${migration} fills ${table}`).toBeDefined();
  const all = sql.raw(`select * from ${table} order by ${order}`);
  const kept = (await db.execute(all)).rows;
  await db.execute(sql.raw(`delete from ${table}`));
  await db.execute(sql.raw(fill as string));
  return { kept, refilled: (await db.execute(all)).rows };
}

/** A node of a plan `explain (format json)` gives, and the nodes under it. */
export interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
  [field: string]: unknown;
}

/** The nodes of a plan, its own first, that `keep` keeps. */
export function planNodes(node: PlanNode | undefined, keep: (node: PlanNode) => boolean): PlanNode[] {
  if (!node) return [];
  return [...(keep(node) ? [node] : []), ...(node.Plans ?? []).flatMap((child) => planNodes(child, keep))];
}
