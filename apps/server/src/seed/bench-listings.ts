import { CATEGORIES } from '@hora/core/config';
import type { ImageStorage } from '../adapters/storage/index.ts';
import type { Database } from '../db/client.ts';
import { positionalSql } from '../db/positional-sql.ts';
import { freeTimeRefresher } from '../modules/search/free-time.ts';
import { seatBookingsReader } from '../modules/transactions/repository.ts';
import { storeSharedPhotos } from './bench-photos.ts';
import { BENCH_PLACES, placeSlots } from './bench-places.ts';
import { CATEGORY_PROFILES, type PlanStyle } from './category-profiles.ts';
import { demoPlan } from './demo-availability.ts';
import { createRandom } from './random.ts';

/**
 * The benchmark fixture: many realistic listings written set-based (`INSERT … SELECT … FROM
 * generate_series`), ten thousand per statement, so a hundred thousand take seconds, not the
 * minutes row-by-row inserts would. Every value derives from the row number through `hashint8`,
 * so two fills of the same size hold the same listings (ids and the hosts' ids aside).
 */
export interface BenchFixtureOptions {
  listings: number;
  /** Authors the listings spread over; created once, reused by later fills. */
  hosts?: number;
  /** "Now" of the fixture: listings were created in the two years before it, exceptions follow it. */
  now: Date;
  /** Where the few shared photo files go (the rows of every listing point at them). */
  storage: ImageStorage;
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface BenchFixtureResult {
  listings: number;
  hosts: number;
  exceptions: number;
  photos: number;
  milliseconds: number;
}

export const BENCH_HOST_DOMAIN = 'bench.hora.test';

const FIRST_NAMES = [
  'María',
  'José',
  'Carmen',
  'Antonio',
  'Ana',
  'Manuel',
  'Laura',
  'David',
  'Marta',
  'Javier',
  'Lucía',
  'Daniel',
  'Paula',
  'Carlos',
  'Elena',
  'Jordi',
  'Núria',
  'Pablo',
  'Sara',
  'Álvaro',
];
const LAST_NAMES = [
  'García',
  'Rodríguez',
  'González',
  'Fernández',
  'López',
  'Martínez',
  'Sánchez',
  'Pérez',
  'Gómez',
  'Martín',
  'Jiménez',
  'Ruiz',
  'Hernández',
  'Díaz',
  'Moreno',
  'Muñoz',
  'Álvarez',
  'Romero',
  'Puig',
  'Ferrer',
];
const STREETS = [
  'Calle Mayor',
  'Calle Real',
  'Avenida de la Constitución',
  'Calle del Sol',
  'Calle Nueva',
  'Calle de la Iglesia',
  'Paseo de la Estación',
  'Calle del Carmen',
  'Avenida de Andalucía',
  'Calle de San Juan',
  'Plaza Mayor',
  'Calle de Cervantes',
];
const CLOSINGS = [
  'La limpieza está incluida en el precio.',
  'El acceso es autónomo: te envío el código el día de la reserva.',
  'Te recibo en persona y te enseño el espacio.',
  'Hay wifi en todo el espacio y aseo independiente.',
];
const PLAN_STYLES: PlanStyle[] = [
  'office',
  'extended',
  'weekends',
  'split',
  'evenings',
  'wholeDay',
  'mornings',
  'tuesdayToSunday',
];

/** Fixed-width slices of each category's words: SQL arrays of arrays must be rectangular. */
function categoryWords() {
  const profiles = CATEGORIES.map((category) => CATEGORY_PROFILES[category]);
  return {
    nouns: profiles.map((p) => p.nouns.slice(0, 3).map((noun) => noun.text)),
    features: profiles.map((p) => p.features.slice(0, 5)),
    uses: profiles.map((p) => p.uses.slice(0, 3)),
    capacity: profiles.map((p) => [...p.capacity]),
    price: profiles.map((p) => [...p.price]),
  };
}

/** Weekly plans of every style, twice each (their hours differ), in Madrid's zone; SQL swaps the zone. */
function planTemplates(): string[] {
  const random = createRandom(9);
  return PLAN_STYLES.flatMap((style) =>
    [0, 1].map(() => JSON.stringify(demoPlan(random, style, 'Europe/Madrid'))),
  );
}

/** `hash` of the row for the given salt: a non-negative int4, the same for the same row and salt. */
const r = (salt: number) => `(hashint8(g.i * 131 + ${salt}) & 2147483647)`;

const STAGE = `
insert into bench_batch
select g.i, gen_random_uuid(), h.id, s.state, c.n, p.name, p.time_zone, p.lat, p.lng, p.radius_km,
  ${r(3)} % 100 < 20 as negotiable, ($8::int[][])[c.n][1] + ${r(4)} % (($8::int[][])[c.n][2] - ($8::int[][])[c.n][1] + 1) as capacity,
  ($9::int[][])[c.n][1] + ${r(5)} % (($9::int[][])[c.n][2] - ($9::int[][])[c.n][1] + 1) as euros,
  $11::timestamptz - make_interval(mins => ${r(6)} % (730 * 24 * 60)) as created_at
from generate_series($1::bigint, $2::bigint) g(i)
join bench_places p on p.n = ($3::int[])[1 + ${r(1)} % array_length($3::int[], 1)]
join bench_hosts h on h.n = ${r(2)} % $12::int
cross join lateral (select 1 + ${r(7)} % array_length($4::text[], 1) as n) c
cross join lateral (select case when ${r(8)} % 100 < 96 then 'published' when ${r(8)} % 100 < 99 then 'closed' else 'draft' end as state) s`;

const INSERT_LISTINGS = `
insert into listings (id, author_id, state, title, description, categories, certificate, rules, capacity, address,
  building, latitude, longitude, price_amount, price_currency, negotiation, min_price_amount, max_price_amount,
  time_zone, availability_plan, min_duration_minutes, max_duration_minutes, buffer_before_minutes,
  buffer_after_minutes, advance_notice_minutes, booking_window_days, slot_step_minutes, published_at, created_at,
  updated_at)
select b.id, b.author_id, b.state,
  ($5::text[][])[b.category][1 + ${r(20)} % 3] || ' en ' || b.place,
  ($5::text[][])[b.category][1 + ${r(20)} % 3] || ' de ' || (20 + ${r(21)} % 180) || ' m² en ' || b.place || '. Dispone de '
    || ($6::text[][])[b.category][1 + ${r(22)} % 5] || ', ' || ($6::text[][])[b.category][1 + (${r(22)} + 1) % 5] || ' y '
    || ($6::text[][])[b.category][1 + (${r(22)} + 2) % 5] || '. Es ideal para ' || ($7::text[][])[b.category][1 + ${r(23)} % 3]
    || ' y ' || ($7::text[][])[b.category][1 + (${r(23)} + 1) % 3] || ', con capacidad para ' || b.capacity || ' personas. '
    || ($13::text[])[1 + ${r(24)} % array_length($13::text[], 1)],
  case when ${r(25)} % 3 = 0 then array[($4::text[])[b.category], ($4::text[])[1 + ${r(26)} % array_length($4::text[], 1)]]
    else array[($4::text[])[b.category]] end,
  null, case when ${r(27)} % 2 = 0 then 'No se permite fumar.' end, b.capacity,
  ($14::text[])[1 + ${r(28)} % array_length($14::text[], 1)] || ', ' || (1 + ${r(29)} % 150) || ', ' || b.place,
  null,
  round((b.lat + d.km * cos(d.angle) / 111.32)::numeric, 6)::float8,
  round((b.lng + d.km * sin(d.angle) / (111.32 * cos(radians(b.lat))))::numeric, 6)::float8,
  case when b.negotiable then (greatest(10, round(b.euros * 0.8)) + least(150, round(b.euros * 1.25) + 5))::int * 50
    else b.euros * 100 end,
  'EUR', case when b.negotiable then 'yes' else 'no' end,
  case when b.negotiable then greatest(10, round(b.euros * 0.8))::int * 100 end,
  case when b.negotiable then least(150, round(b.euros * 1.25) + 5)::int * 100 end,
  b.time_zone,
  jsonb_set(($10::text[])[1 + ${r(30)} % array_length($10::text[], 1)]::jsonb, '{timezone}', to_jsonb(b.time_zone)),
  case ${r(31)} % 10 when 0 then 120 when 1 then 30 else 60 end,
  case ${r(31)} % 10 when 2 then 480 end,
  case ${r(31)} % 10 when 3 then 15 else 0 end,
  case ${r(31)} % 10 when 3 then 15 when 4 then 30 else 0 end,
  case ${r(31)} % 10 when 5 then 1440 else 0 end,
  case ${r(31)} % 10 when 6 then 60 else 90 end,
  case ${r(31)} % 10 when 1 then 30 else 60 end,
  case when b.state <> 'draft' then b.created_at + make_interval(mins => 60 + ${r(32)} % 2880) end,
  b.created_at,
  case when b.state <> 'draft' then b.created_at + make_interval(mins => 60 + ${r(32)} % 2880) else b.created_at end
from bench_batch b
cross join lateral (select b.i) g(i)
cross join lateral (select b.radius_km * sqrt((${r(33)} % 1000000) / 1000000.0) as km,
  2 * pi() * (${r(34)} % 1000000) / 1000000.0 as angle) d`;

/** One to three departures from the plan for three listings in ten, each in its own ten-day window. */
const INSERT_EXCEPTIONS = `
insert into availability_exceptions (listing_id, starts_at, ends_at, seats)
select b.id,
  (date_trunc('day', $1::timestamptz at time zone b.time_zone) + make_interval(days => k * 10 + ${r(40)} % 5,
    hours => case when k % 2 = 0 then 10 else 0 end)) at time zone b.time_zone,
  (date_trunc('day', $1::timestamptz at time zone b.time_zone) + make_interval(days => k * 10 + ${r(40)} % 5,
    hours => case when k % 2 = 0 then 14 else 24 end)) at time zone b.time_zone,
  case when k % 2 = 0 then 1 else 0 end
from bench_batch b
cross join lateral (select b.i) g(i)
cross join generate_series(1, 3) k
where b.state <> 'draft' and ${r(41)} % 10 < 3 and k <= 1 + ${r(42)} % 3`;

/** One to four photos a listing: its category's cover first, then shared views. */
const INSERT_PHOTOS = `
insert into images (owner_id, kind, listing_id, position, key_prefix, formats, width, height)
select b.author_id, 'listing', b.id, k,
  case when k = 0 then ($1::text[])[b.category] else ($2::text[])[1 + (${r(60)} + k) % array_length($2::text[], 1)] end,
  $3::text[], $4::int, $5::int
from bench_batch b
cross join lateral (select b.i) g(i)
cross join generate_series(0, 3) k
where k <= ${r(61)} % 4`;

async function prepareHosts(db: Database, hosts: number): Promise<void> {
  await db.execute(
    positionalSql(
      `insert into users (id, name, email, email_verified, first_name, last_name, referral_code, locale, terms_accepted_at)
       select gen_random_uuid(), f.name || ' ' || l.name, 'bench-host-' || lpad(g.i::text, 6, '0') || '@${BENCH_HOST_DOMAIN}',
         true, f.name, l.name, 'BENCH' || lpad(g.i::text, 6, '0'), 'es', $2::timestamptz
       from generate_series(1, $1::int) g(i)
       cross join lateral (select ($3::text[])[1 + ${r(50)} % array_length($3::text[], 1)] as name) f
       cross join lateral (select ($4::text[])[1 + ${r(51)} % array_length($4::text[], 1)] as name) l
       on conflict do nothing`,
      [hosts, new Date(0), FIRST_NAMES, LAST_NAMES],
    ),
  );
  await db.execute(
    positionalSql(
      `create temp table bench_hosts on commit drop as
       select (row_number() over (order by email) - 1)::int as n, id from users
       where email like 'bench-host-%@${BENCH_HOST_DOMAIN}' order by email limit $1::int`,
      [hosts],
    ),
  );
}

async function preparePlaces(db: Database): Promise<void> {
  await db.execute(
    positionalSql(
      `create temp table bench_places on commit drop as
       select (ordinality - 1)::int as n, p.name, p.lat, p.lng, p."radiusKm" as radius_km, p."timeZone" as time_zone
       from rows from (jsonb_to_recordset($1::jsonb) as (name text, lat float8, lng float8, "radiusKm" float8,
         "timeZone" text)) with ordinality as p(name, lat, lng, "radiusKm", "timeZone", ordinality)`,
      [JSON.stringify(BENCH_PLACES)],
    ),
  );
  await db.execute(
    positionalSql(
      `create temp table bench_batch (i bigint, id uuid, author_id uuid, state text, category int, place text,
         time_zone text, lat float8, lng float8, radius_km float8, negotiable boolean, capacity int, euros int,
         created_at timestamptz) on commit drop`,
    ),
  );
}

/**
 * Adds `listings` listings (and their hosts, the first time) in one transaction per call, batch
 * by batch. Returns what it wrote and how long it took.
 */
export async function fillBenchListings(
  database: Database,
  options: BenchFixtureOptions,
): Promise<BenchFixtureResult> {
  const started = performance.now();
  const hosts = options.hosts ?? Math.max(1, Math.round(options.listings / 20));
  const batchSize = options.batchSize ?? 10_000;
  const words = categoryWords();
  let exceptions = 0;
  let photos = 0;
  const shared = await storeSharedPhotos(options.storage);
  await database.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await prepareHosts(db, hosts);
    await preparePlaces(db);
    // Rows already there shift the series, so a second fill adds different listings, not copies.
    const offset = Number(
      (
        (await db.execute(positionalSql('select count(*)::bigint as count from listings'))).rows[0] as {
          count: string;
        }
      ).count,
    );
    for (let from = 1; from <= options.listings; from += batchSize) {
      const to = Math.min(options.listings, from + batchSize - 1);
      await db.execute(positionalSql('truncate bench_batch'));
      await db.execute(
        positionalSql(STAGE, [
          offset + from,
          offset + to,
          placeSlots(),
          [...CATEGORIES],
          null,
          null,
          null,
          words.capacity,
          words.price,
          null,
          options.now,
          hosts,
        ]),
      );
      await db.execute(
        positionalSql(INSERT_LISTINGS, [
          null,
          null,
          null,
          [...CATEGORIES],
          words.nouns,
          words.features,
          words.uses,
          null,
          null,
          planTemplates(),
          null,
          null,
          CLOSINGS,
          STREETS,
        ]),
      );
      const written = await db.execute(positionalSql(INSERT_EXCEPTIONS, [options.now]));
      exceptions += (written as unknown as { rowCount: number }).rowCount;
      const stored = await db.execute(
        positionalSql(INSERT_PHOTOS, [
          shared.covers,
          shared.extras,
          shared.formats,
          shared.width,
          shared.height,
        ]),
      );
      photos += (stored as unknown as { rowCount: number }).rowCount;
      options.onProgress?.(to, options.listings);
    }
    // The search's free time of every published listing, computed once per distinct plan, rules
    // and exceptions (a few thousand groups for a hundred thousand listings). No bookings yet.
    await freeTimeRefresher({ clock: { now: () => options.now }, bookings: seatBookingsReader(tx) }).refresh(
      tx,
    );
  });
  return { listings: options.listings, hosts, exceptions, photos, milliseconds: performance.now() - started };
}
