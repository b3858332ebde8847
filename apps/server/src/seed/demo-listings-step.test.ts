import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CATEGORIES } from '@hora/core/config';
import { isPinNearPlace, isTabCompleted, type ListingLike, WIZARD_TABS } from '@hora/core/listing';
import { money } from '@hora/core/money';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, cookieOf, logIn } from '../../test/accounts.ts';
import { buildTestApp, testConfig } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createGeocoder } from '../adapters/geocoding/index.ts';
import { createPayments } from '../adapters/payments/index.ts';
import { TestClock } from '../clock.ts';
import {
  LISTING_IMAGE_VARIANT_NAMES,
  type ListingImageFormat,
  listingImageKey,
} from '../modules/images/index.ts';
import { createPayoutReadiness } from '../modules/payouts/index.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { DEMO_HOSTS } from './demo-hosts.ts';
import { DEMO_LISTING_COUNTS, planDemoListings } from './demo-listings.ts';
import { seedDemoData } from './index.ts';

const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-seed-'));
const config = testConfig({ DATA_DIR: dataDir });
const clock = new TestClock('2026-11-22T10:00:00Z');
// The steps' log lines, kept to read what they measured.
const logLines: { msg: string; totalMs?: number; hosts?: number }[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
const context = { db: database.db, logger, config, clock };
let firstRun: string[];

interface ListingRecord {
  id: string;
  state: string;
  title: string;
  description: string;
  categories: string[];
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  price_amount: number | null;
  price_currency: string | null;
  availability_plan: ListingLike['availabilityPlan'];
  photos: number;
}

const query = async <T>(statement: ReturnType<typeof sql>) =>
  (await database.db.execute(statement)).rows as T[];
const listingRecords = () =>
  query<ListingRecord>(sql`
    select l.*, (select count(*)::int from images i where i.listing_id = l.id) as photos from listings l`);

function asListingLike(row: ListingRecord): ListingLike {
  return {
    title: row.title,
    description: row.description,
    geolocation:
      row.latitude === null || row.longitude === null ? null : { lat: row.latitude, lng: row.longitude },
    price: row.price_amount === null ? null : money(row.price_amount, row.price_currency ?? ''),
    availabilityPlan: row.availability_plan,
    publicData: { category: row.categories, location: { address: row.address } },
    images: Array(row.photos).fill(null),
  };
}

beforeAll(async () => {
  firstRun = await seedDemoData(context);
}, 180_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo listings step', () => {
  it('runs once: a second seeding adds nothing', async () => {
    expect(firstRun).toEqual(['demo-users', 'demo-listings', 'demo-payouts', 'demo-bookings']);
    const before = await query<{ listings: number; images: number; users: number }>(sql`
      select (select count(*)::int from listings) as listings, (select count(*)::int from images) as images,
        (select count(*)::int from users) as users`);
    expect(await seedDemoData(context)).toEqual([]);
    const after = await query(sql`
      select (select count(*)::int from listings) as listings, (select count(*)::int from images) as images,
        (select count(*)::int from users) as users`);
    expect(after).toEqual(before);
  });

  it('creates each city’s listings in each state, as planned', async () => {
    const planned = planDemoListings(clock.now());
    const cityOf = new Map(planned.map((listing) => [listing.description, listing.city]));
    const counts: Record<string, number> = {};
    for (const row of await listingRecords()) {
      const key = `${cityOf.get(row.description)}/${row.state}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    const expected = Object.fromEntries(
      Object.entries(DEMO_LISTING_COUNTS).flatMap(([city, states]) =>
        Object.entries(states).map(([state, count]) => [`${city}/${state}`, count]),
      ),
    );
    expect(counts).toEqual(expected);
  });

  it('makes every published listing complete by the wizard’s rules, with at least one photo', async () => {
    const published = (await listingRecords()).filter((row) => row.state === 'published');
    expect(published.length).toBe(300);
    for (const row of published) {
      for (const tab of WIZARD_TABS)
        expect(isTabCompleted(tab, asListingLike(row)), `${row.title}: ${tab}`).toBe(true);
      expect(row.photos).toBeGreaterThanOrEqual(1);
    }
    const categories = new Set(published.flatMap((row) => row.categories));
    expect(categories).toEqual(new Set(CATEGORIES));
  });

  it('stores every variant of every photo, each photo under its own keys, cover at position 0', async () => {
    const photos = await query<{
      key_prefix: string;
      formats: ListingImageFormat[];
      position: number;
      listing_id: string;
    }>(sql`select key_prefix, formats, position, listing_id from images where kind = 'listing'`);
    expect(photos.length).toBeGreaterThan(600);
    expect(new Set(photos.map((photo) => photo.key_prefix)).size).toBe(photos.length);
    const covers = new Set(photos.filter((photo) => photo.position === 0).map((photo) => photo.listing_id));
    expect(covers.size).toBe(new Set(photos.map((photo) => photo.listing_id)).size);
    for (const photo of photos) {
      expect(photo.formats).toEqual(expect.arrayContaining(['webp', 'jpeg']));
      for (const variant of LISTING_IMAGE_VARIANT_NAMES) {
        for (const format of photo.formats) {
          const file = path.join(config.uploadsDir, listingImageKey(photo.key_prefix, variant, format));
          expect(existsSync(file), file).toBe(true);
        }
      }
    }
    const [sample] = photos;
    const cover = await sharp(
      path.join(config.uploadsDir, listingImageKey(sample!.key_prefix, 'landscape-crop2x', 'webp')),
    ).metadata();
    expect({ width: cover.width, height: cover.height, format: cover.format }).toEqual({
      width: 800,
      height: 533,
      format: 'webp',
    });
  });

  it('puts the exceptions ahead of the clock', async () => {
    const [row] = await query<{ count: number; ahead: boolean }>(sql`
      select count(*)::int as count, bool_and(starts_at > ${clock.now()}) as ahead from availability_exceptions`);
    expect(row?.count).toBeGreaterThan(300);
    expect(row?.ahead).toBe(true);
  });

  it('creates the hosts verified, with the demo password’s credential', async () => {
    const emails = DEMO_HOSTS.map((host) => host.email);
    const hosts = await query<{ email: string; verified: boolean; credentials: number }>(sql`
      select u.email, u.email_verified as verified,
        (select count(*)::int from accounts a where a.user_id = u.id and a.provider_id = 'credential') as credentials
      from users u where u.email in ${emails}`);
    expect(hosts).toHaveLength(DEMO_HOSTS.length);
    for (const host of hosts) expect(host).toMatchObject({ verified: true, credentials: 1 });
  });
});

describe('the demo payout accounts', () => {
  it('make every demo host with a published or closed listing ready for payouts, in a few seconds', async () => {
    const hosts = await query<{ id: string; email: string }>(sql`
      select distinct u.id, u.email from users u join listings l on l.author_id = u.id
      where l.state in ('published', 'closed', 'pendingApproval')`);
    expect(hosts).toHaveLength(DEMO_HOSTS.length + 3);
    const readiness = createPayoutReadiness(
      database.db,
      createPayments(config, { db: database.db, clock }).payouts,
    );
    for (const host of hosts) expect(await readiness.isReady(host.id), host.email).toBe(true);
    const [accounts] = await query<{ count: number }>(
      sql`select count(*)::int as count from payout_accounts`,
    );
    expect(accounts?.count).toBe(hosts.length);
    const done = logLines.find((line) => line.msg === 'demo payout accounts created');
    expect(done?.hosts).toBe(hosts.length);
    expect(done?.totalMs).toBeLessThan(5_000);
  });
});

describe('the demo marketplace through the API', () => {
  const published = async () =>
    (await listingRecords())
      .filter((row) => row.state === 'published')
      .sort((a, b) => a.id.localeCompare(b.id));

  it('shows a published listing with its photos, whose files are there, and free time slots', async () => {
    const app = await buildTestApp(database.db, { DATA_DIR: dataDir }, { clock });
    for (const row of (await published()).slice(0, 5)) {
      const page = await app.inject({ method: 'GET', url: `/api/listings/${row.id}` });
      expect(page.statusCode, page.body).toBe(200);
      const { images: photos } = page.json().data as {
        images: { variants: Record<string, { webp: string }> }[];
      };
      expect(photos.length).toBe(row.photos);
      const cover = photos[0]?.variants['landscape-crop']?.webp ?? '';
      expect(cover).toMatch(/^\/uploads\/listings\//);
      expect(existsSync(path.join(config.uploadsDir, cover.slice('/uploads/'.length)))).toBe(true);
      const start = clock.now();
      const end = new Date(start.getTime() + 14 * 86_400_000);
      const slots = await app.inject({
        method: 'GET',
        url: `/api/listings/${row.id}/time-slots?start=${start.toISOString()}&end=${end.toISOString()}`,
      });
      expect(slots.statusCode, slots.body).toBe(200);
      expect(slots.json().data.length, row.title).toBeGreaterThan(0);
    }
  });

  it('lets a demo host sign in connected to payouts, find their listings and save a location tab unchanged', async () => {
    const app = await buildTestApp(database.db, { DATA_DIR: dataDir }, { clock });
    const login = await logIn(app, 'lucia@demo.hora.es', DEMO_PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    const cookie = cookieOf(login);
    const session = await app.inject({ method: 'GET', url: '/api/session', headers: browser(cookie) });
    expect(session.json().user).toMatchObject({ stripeConnected: true, hasListings: true });
    const own = await app.inject({ method: 'GET', url: '/api/own-listings', headers: browser(cookie) });
    expect(own.statusCode, own.body).toBe(200);
    const listings = own.json().data as { id: string; state: string; location: { address: string } | null }[];
    expect(listings.map((listing) => listing.state).sort()).toEqual([
      'closed',
      'draft',
      'draft',
      'published',
      'published',
      'published',
      'published',
    ]);
    const [row] = await query<ListingRecord & { building: string | null }>(sql`
      select l.* from listings l join users u on u.id = l.author_id
      where u.email = 'lucia@demo.hora.es' and l.state = 'published' order by l.id limit 1`);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/own-listings/${row?.id}/location`,
      headers: browser(cookie),
      payload: {
        address: row?.address,
        origin: { lat: row?.latitude, lng: row?.longitude },
        ...(row?.building ? { building: row.building } : {}),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('gives every listing an address the built-in geocoder recognises, near its pin', async () => {
    const geocoder = createGeocoder(config);
    for (const row of (await listingRecords()).filter((listing) => listing.address !== null)) {
      const place = await geocoder.resolve(row.address as string, { locale: 'es' });
      expect(place, row.address as string).not.toBeNull();
      const pin = { lat: row.latitude as number, lng: row.longitude as number };
      expect(isPinNearPlace(pin, place!.origin), row.address as string).toBe(true);
    }
  });
});
