import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../src/db/executor.ts';
import { accounts, emailOutbox, sessions, users } from '../src/db/schema/index.ts';
import { accountRepository } from '../src/modules/account/repository.ts';
import { enqueueEmail } from '../src/modules/email/index.ts';
import { browser, errorCode, nextAddress, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { signInWithGoogle } from './external-sign-in.ts';
import { startFakeOpenIdProvider } from './fake-openid-provider.ts';

const database = await createTestDatabase();
const { db } = database;
const provider = await startFakeOpenIdProvider('hora-client');
afterAll(() => provider.close());
let app: Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Failures planted in the database, as a crash or a lost connection would strike, for the addresses
 * of these tests only (`fail-…`): the second step of each use case fails after the first succeeded.
 */
beforeAll(async () => {
  await db.execute(sql`
    create function fail_for_planted_addresses() returns trigger language plpgsql as $$
    begin
      raise exception 'planted failure on %', tg_table_name;
    end $$`);
  // Sign-up, step 2: saving the terms of a new account.
  await db.execute(sql`
    create trigger fail_completing_signup before update of terms_accepted_at on users
    for each row when (new.email like 'fail-signup-%' and old.terms_accepted_at is null and new.terms_accepted_at is not null)
    execute function fail_for_planted_addresses()`);
  // Email change: the notice to the current address, the last write of the request.
  await db.execute(sql`
    create trigger fail_email_change_notice before insert on email_outbox
    for each row when (new.template = 'email-change-requested' and new.to_address like 'fail-%')
    execute function fail_for_planted_addresses()`);
  app = await buildTestApp(
    db,
    {
      GOOGLE_CLIENT_ID: 'hora-client',
      GOOGLE_CLIENT_SECRET: 'hora-secret',
      GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
    },
    { captcha: fakeCaptcha },
  );
});

async function storedUser(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** How many rows each table of an identity holds. */
async function rowCounts() {
  const result = await db.execute(sql`
    select (select count(*)::int from ${users}) as users, (select count(*)::int from ${accounts}) as accounts,
      (select count(*)::int from ${sessions}) as sessions, (select count(*)::int from ${emailOutbox}) as emails`);
  return result.rows[0];
}

async function outboxTo(address: string) {
  return db
    .select({ template: emailOutbox.template })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address));
}

describe('withTransaction', () => {
  it('commits the writes of several repositories together, or none of them', async () => {
    const person = await signUp(app);
    const write = (tx: Parameters<Parameters<typeof withTransaction>[1]>[0], phone: string) =>
      Promise.all([
        accountRepository(tx).updateUser(person.id, { phoneNumber: phone }),
        enqueueEmail(tx, {
          template: 'reset-password',
          to: `unit-${phone}@example.com`,
          userId: person.id,
          locale: 'es',
          marketplaceName: 'Hora',
          createdAt: new Date(),
          data: { firstName: 'Lucía', url: 'https://hora.test/reset-password?t=1' },
        }),
      ]);

    await expect(
      withTransaction(db, async (tx) => {
        await write(tx, '600000001');
        throw new Error('the use case failed after both writes');
      }),
    ).rejects.toThrow('after both writes');
    expect((await storedUser(person.id)).phoneNumber).toBeNull();
    expect(await outboxTo('unit-600000001@example.com')).toEqual([]);

    await withTransaction(db, (tx) => write(tx, '600000002'));
    expect((await storedUser(person.id)).phoneNumber).toBe('600000002');
    expect(await outboxTo('unit-600000002@example.com')).toEqual([{ template: 'reset-password' }]);
  });

  it('nests as a savepoint: an inner failure the caller handles undoes only the inner work', async () => {
    const person = await signUp(app);
    await withTransaction(db, async (tx) => {
      await accountRepository(tx).updateUser(person.id, { bio: 'outer' });
      await withTransaction(tx, async (inner) => {
        await accountRepository(inner).updateUser(person.id, { instagram: '@inner' });
        throw new Error('inner step failed');
      }).catch(() => undefined);
    });
    const stored = await storedUser(person.id);
    expect([stored.bio, stored.instagram]).toEqual(['outer', null]);
  });
});

describe('sign-up', () => {
  it('undoes the created identity when completing the account fails: nothing of it remains', async () => {
    const email = `fail-signup-${randomUUID().slice(0, 8)}@example.com`;
    const before = await rowCounts();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      remoteAddress: nextAddress(),
      payload: {
        email,
        password: 'tortilla-de-patatas-42',
        firstName: 'Lucía',
        lastName: 'García',
        captcha: 'solved',
        termsAccepted: true,
      },
    });
    expect(response.statusCode).toBe(500);
    expect(errorCode(response)).toBe('internal-error');
    expect(response.headers['set-cookie']).toBeUndefined();

    expect(await db.select().from(users).where(sql`lower(${users.email}) = ${email}`)).toEqual([]);
    // No sign-in method, no session, and no verification email linking to a missing account.
    expect(await rowCounts()).toEqual(before);
    expect(await outboxTo(email)).toEqual([]);

    // The address is free: signing up again works once nothing fails.
    await db.execute(sql`alter table users disable trigger fail_completing_signup`);
    try {
      const again = await signUp(app, { email });
      expect((await storedUser(again.id)).termsAcceptedAt).not.toBeNull();
    } finally {
      await db.execute(sql`alter table users enable trigger fail_completing_signup`);
    }
  });
});

describe('contact details', () => {
  it('saves nothing, phone included, when the email change fails at its last write', async () => {
    const person = await signUp(app, { email: `fail-contact-${randomUUID().slice(0, 8)}@example.com` });
    const target = `new-${person.id.slice(0, 8)}@example.org`;
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/account/contact-details',
      headers: browser(person.cookie),
      remoteAddress: nextAddress(),
      payload: { email: target, phoneNumber: '612345678', currentPassword: person.password },
    });
    expect(response.statusCode).toBe(500);

    const stored = await storedUser(person.id);
    expect([stored.phoneNumber, stored.pendingEmail]).toEqual([null, null]);
    expect(await outboxTo(target)).toEqual([]);
    expect(await outboxTo(person.email)).toEqual([{ template: 'verify-email' }]);
  });

  it('saves nothing, phone included, when the new email is taken', async () => {
    const person = await signUp(app);
    const other = await signUp(app);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/account/contact-details',
      headers: browser(person.cookie),
      remoteAddress: nextAddress(),
      payload: { email: other.email, phoneNumber: '612345678', currentPassword: person.password },
    });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('email-taken');
    const stored = await storedUser(person.id);
    expect([stored.phoneNumber, stored.pendingEmail]).toEqual([null, null]);
  });
});

describe('the confirm step of an external sign-up', () => {
  it('saves neither names nor terms when the email change fails at its last write', async () => {
    const providerEmail = `fail-google-${randomUUID().slice(0, 8)}@example.com`;
    provider.state.profile = {
      sub: `google-${providerEmail}`,
      email: providerEmail,
      given_name: 'Elena',
      family_name: 'Vidal',
    };
    const { cookie } = await signInWithGoogle(app, provider, '/');
    const [account] = await db.select().from(users).where(eq(users.email, providerEmail));

    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      headers: browser(cookie),
      remoteAddress: nextAddress(),
      payload: {
        email: 'elena.elsewhere@example.com',
        firstName: 'Changed',
        lastName: 'Name',
        termsAccepted: true,
      },
    });
    expect(response.statusCode).toBe(500);

    const stored = await storedUser(account!.id);
    expect(stored).toMatchObject({
      firstName: 'Elena',
      lastName: 'Vidal',
      pendingEmail: null,
      profileConfirmedAt: null,
      termsAcceptedAt: null,
    });
    expect(await outboxTo('elena.elsewhere@example.com')).toEqual([]);
  });
});
