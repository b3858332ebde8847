import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { payoutAccountBodySchema } from '@hora/core/validation';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, cookieOf, logIn } from '../../test/accounts.ts';
import { buildTestApp, testConfig } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { createPayments } from '../adapters/payments/index.ts';
import { createImageStorage } from '../adapters/storage/index.ts';
import { TestClock } from '../clock.ts';
import type { AppConfig } from '../config.ts';
import type { Executor } from '../db/executor.ts';
import { listings, users } from '../db/schema/index.ts';
import { createPayoutReadiness, payoutsService } from '../modules/payouts/index.ts';
import { createDemoAccounts, DEMO_PASSWORD } from './demo-accounts.ts';
import { DEMO_HOSTS } from './demo-hosts.ts';
import { demoPayoutsStep } from './demo-payouts-step.ts';
import { demoUsersStep } from './demo-users.ts';
import { type SeedContext, type SeedStep, seedDemoData } from './index.ts';

const database = await createTestDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), 'hora-seed-payouts-'));
const config = testConfig({ DATA_DIR: dataDir });
const clock = new TestClock('2026-11-22T10:00:00Z');
const context: SeedContext = { db: database.db, logger: pino({ level: 'silent' }), config, clock };
const payments = createPayments(config, { db: database.db, clock });

// Stripe's keys with an API nobody answers at: any call the step made would fail.
const stripeConfig: AppConfig = {
  ...config,
  payments: {
    kind: 'stripe',
    secretKey: 'sk_test_x',
    publishableKey: 'pk_test_x',
    apiBase: 'http://127.0.0.1:9',
    webhookSecret: 'whsec_x',
  },
};

const [draftOnlyHost, handMadeHost] = DEMO_HOSTS;
const OUTSIDER = { email: 'someone@example.es', firstName: 'Rosa', lastName: 'Vidal', bio: '' };

const idOf = async (email: string, db: Executor = database.db) => {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`No user ${email}`);
  return row.id;
};

/**
 * Stands for the demo listings, small: Lucía published, Jordi closed, Marta pending approval; a demo
 * host with only a draft; a demo host who made their payout account by hand (not verified yet) and
 * published; and someone who is no demo host at all, with a published listing.
 */
const listingsFixture: SeedStep = {
  name: 'fixture-listings',
  async run(seed) {
    await createDemoAccounts(seed, createImageStorage(config), [draftOnlyHost!, handMadeHost!, OUTSIDER]);
    const states: [string, string][] = [
      ['lucia@demo.hora.es', 'published'],
      ['lucia@demo.hora.es', 'draft'],
      ['jordi@demo.hora.es', 'closed'],
      ['marta@demo.hora.es', 'pendingApproval'],
      [draftOnlyHost!.email, 'draft'],
      [handMadeHost!.email, 'published'],
      [OUTSIDER.email, 'published'],
    ];
    for (const [email, state] of states) {
      const authorId = await idOf(email, seed.db);
      await seed.db.insert(listings).values({ authorId, state, title: 'Sala', description: 'Una sala.' });
    }
    const sandbox = createPayments(config, { db: seed.db, clock });
    if (sandbox.kind !== 'sandbox') throw new Error('sandbox expected');
    const service = payoutsService({ db: seed.db, payments: sandbox, clock, publicUrl: config.publicUrl });
    const viewer = {
      id: await idOf(handMadeHost!.email, seed.db),
      email: handMadeHost!.email,
      emailVerified: true,
      firstName: handMadeHost!.firstName,
      lastName: handMadeHost!.lastName,
      locale: 'es',
      banned: false,
      scopes: ['user' as const],
      sessionId: 'test',
    };
    const token = await service.createBankToken({
      country: 'ES',
      bankAccount: { iban: 'ES9121000418450200051332' },
    });
    await service.create(
      viewer,
      payoutAccountBodySchema.parse({
        country: 'ES',
        accountType: 'individual',
        businessProfileURL: 'https://hora.example/u/x',
        individual: {
          firstName: viewer.firstName,
          lastName: viewer.lastName,
          birthDate: { day: 3, month: 4, year: 1980 },
          email: viewer.email,
          phone: '+34600112233',
          address: { streetAddress: 'Calle Mayor 1', postalCode: '28013', city: 'Madrid' },
        },
        bankAccountToken: token.id,
      }),
      { ip: '203.0.113.7' },
    );
  },
};

const steps = [demoUsersStep, listingsFixture, demoPayoutsStep];
const counts = async () =>
  (
    await database.db.execute(sql`
      select (select count(*)::int from payout_accounts) as accounts,
        (select count(*)::int from sandbox_connected_accounts) as sandbox_accounts,
        (select count(*)::int from sandbox_bank_tokens) as tokens,
        (select count(*)::int from sandbox_account_links) as links`)
  ).rows[0];
const recorded = async () =>
  (await database.db.execute(sql`select name from seed_history order by name`)).rows.map((row) => row.name);

let withStripe: { applied: string[]; recorded: unknown[]; counts: unknown };
let firstRun: string[];

beforeAll(async () => {
  const applied = await seedDemoData({ ...context, config: stripeConfig }, steps);
  withStripe = { applied, recorded: await recorded(), counts: await counts() };
  firstRun = await seedDemoData(context, steps);
}, 120_000);

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo payouts step', () => {
  it('waits while Stripe is configured: it calls nothing, makes nothing and is not recorded', () => {
    expect(withStripe.applied).toEqual(['demo-users', 'fixture-listings']);
    expect(withStripe.recorded).toEqual(['demo-users', 'fixture-listings']);
    // Only the hand-made account of the fixture.
    expect(withStripe.counts).toEqual({ accounts: 1, sandbox_accounts: 1, tokens: 1, links: 0 });
  });

  it('runs once with the sandbox, after the listings; a second seeding adds nothing', async () => {
    expect(firstRun).toEqual(['demo-payouts']);
    const before = await counts();
    expect(before).toEqual({ accounts: 4, sandbox_accounts: 4, tokens: 4, links: 3 });
    expect(await seedDemoData(context, steps)).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('gives each demo host with a published, closed or pending listing a ready account in Spain', async () => {
    const readiness = createPayoutReadiness(database.db, payments.payouts);
    for (const email of ['lucia@demo.hora.es', 'jordi@demo.hora.es', 'marta@demo.hora.es']) {
      const userId = await idOf(email);
      expect(await readiness.isReady(userId), email).toBe(true);
      const [row] = (
        await database.db.execute(sql`
          select p.provider, p.currently_due, s.country, s.business_type, s.individual, s.verification
          from payout_accounts p join sandbox_connected_accounts s on s.id = p.provider_account_id where p.user_id = ${userId}`)
      ).rows;
      expect(row).toMatchObject({
        provider: 'sandbox',
        currently_due: [],
        country: 'ES',
        business_type: 'individual',
        verification: 'verified',
      });
      const [user] = await database.db.select().from(users).where(eq(users.id, userId));
      expect(row?.individual).toMatchObject({ firstName: user?.firstName, lastName: user?.lastName, email });
    }
  });

  it('leaves out hosts with drafts only, guests, people who are no demo hosts, and hand-made accounts', async () => {
    const readiness = createPayoutReadiness(database.db, payments.payouts);
    for (const email of [draftOnlyHost!.email, 'carlos@demo.hora.es', 'ana@demo.hora.es', OUTSIDER.email]) {
      const rows = await database.db.execute(
        sql`select 1 from payout_accounts where user_id = ${await idOf(email)}`,
      );
      expect(rows.rows, email).toEqual([]);
    }
    // The host who started onboarding themselves keeps their account, still waiting for them.
    expect(await readiness.isReady(await idOf(handMadeHost!.email))).toBe(false);
  });

  it('lets a demo host sign in connected, with a verified payout account; a guest is not connected', async () => {
    const app = await buildTestApp(database.db, { DATA_DIR: dataDir }, { clock });
    const sessionOf = async (email: string) => {
      const login = await logIn(app, email, DEMO_PASSWORD);
      expect(login.statusCode, login.body).toBe(200);
      const cookie = cookieOf(login);
      const session = await app.inject({ method: 'GET', url: '/api/session', headers: browser(cookie) });
      return { cookie, user: session.json().user };
    };
    const jordi = await sessionOf('jordi@demo.hora.es');
    expect(jordi.user.stripeConnected).toBe(true);
    const account = await app.inject({
      method: 'GET',
      url: '/api/payouts/account',
      headers: browser(jordi.cookie),
    });
    expect(account.json().data).toMatchObject({
      provider: 'sandbox',
      country: 'ES',
      accountType: 'individual',
      requirements: { currently_due: [], past_due: [] },
      capabilities: { card_payments: 'active', transfers: 'active' },
      status: 'verificationSuccess',
    });
    expect((await sessionOf('carlos@demo.hora.es')).user.stripeConnected).toBe(false);
  });
});
