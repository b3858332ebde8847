import { maskEmail } from '@hora/core/user';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../src/db/schema/index.ts';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { createTestDatabase } from './database.ts';
import { buildAppWithGoogle, signInWithGoogle } from './external-sign-in.ts';

const database = await createTestDatabase();
const { app, provider } = await buildAppWithGoogle(database.db);

let clients = 0;
/** Each test from its own address, clear of the per-client limits of the others. */
function nextClient(): string {
  clients += 1;
  return `203.0.113.${clients}`;
}

async function storedUser(id: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function emailsTo(address: string, template: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));
}

function confirm(cookie: string, payload: Record<string, unknown>, ip: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/confirm',
    headers: browser(cookie),
    remoteAddress: ip,
    payload: { firstName: 'Elena', lastName: 'Vidal', termsAccepted: true, ...payload },
  });
}

function contactDetails(person: TestUser, payload: Record<string, unknown>, ip: string) {
  return app.inject({
    method: 'PATCH',
    url: '/api/account/contact-details',
    headers: browser(person.cookie),
    remoteAddress: ip,
    payload,
  });
}

describe('the confirm step of a sign-up', () => {
  it('refuses a new email without the current password on an account that has one, storing nothing', async () => {
    const person = await signUp(app);
    const ip = nextClient();
    const target = `taken-over-${person.id.slice(0, 8)}@example.com`;

    const noPassword = await confirm(person.cookie, { email: target }, ip);
    expect(noPassword.statusCode).toBe(403);
    expect(noPassword.json().errors[0]).toMatchObject({
      code: 'forbidden',
      meta: { field: 'email', reason: 'password-required' },
    });
    const wrongPassword = await confirm(
      person.cookie,
      { email: target, currentPassword: 'not-mine-at-all' },
      ip,
    );
    expect(wrongPassword.statusCode).toBe(403);
    expect(errorCode(wrongPassword)).toBe('wrong-password');

    const stored = await storedUser(person.id);
    expect(stored.pendingEmail).toBeNull();
    expect(stored.profileConfirmedAt).toBeNull();
    expect(await emailsTo(target, 'verify-new-email')).toEqual([]);
    expect(await emailsTo(person.email, 'email-change-requested')).toEqual([]);

    const withPassword = await confirm(
      person.cookie,
      { email: target, currentPassword: person.password },
      ip,
    );
    expect(withPassword.statusCode, withPassword.body).toBe(200);
    expect(withPassword.json()).toMatchObject({ email: person.email, pendingEmail: target });
    expect(await emailsTo(target, 'verify-new-email')).toHaveLength(1);
  });

  it('lets a Google sign-up choose another address right away, and tells the provider’s address', async () => {
    provider.state.profile = {
      sub: 'google-fresh',
      email: 'fresh.person@example.com',
      given_name: 'Elena',
      family_name: 'Vidal',
    };
    const { cookie } = await signInWithGoogle(app, provider, '/');
    const confirmed = await confirm(cookie, { email: 'Elena.Work@Example.com' }, nextClient());
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      email: 'fresh.person@example.com',
      pendingEmail: 'elena.work@example.com',
      profileConfirmed: true,
    });
    const [notice] = await emailsTo('fresh.person@example.com', 'email-change-requested');
    expect(notice?.text).toContain(maskEmail('elena.work@example.com'));
  });

  it('refuses it later: another session, an old sign-up, or a confirmed profile', async () => {
    provider.state.profile = {
      sub: 'google-later',
      email: 'later.person@example.com',
      given_name: 'Pau',
      family_name: 'Soler',
    };
    const first = await signInWithGoogle(app, provider, '/');
    const [account] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, 'later.person@example.com'));
    const ip = nextClient();
    const refused = async (cookie: string) => {
      const response = await confirm(cookie, { email: 'someone.else@example.com' }, ip);
      expect(response.statusCode, response.body).toBe(403);
      expect(errorCode(response)).toBe('forbidden');
      expect((await storedUser(account!.id)).pendingEmail).toBeNull();
    };

    // The sign-up's own session, but half an hour later.
    await database.db.execute(
      sql`update sessions set created_at = created_at - interval '31 minutes' where user_id = ${account!.id}`,
    );
    await database.db.execute(
      sql`update users set created_at = created_at - interval '31 minutes' where id = ${account!.id}`,
    );
    await refused(first.cookie);

    // A new session of the same, still unconfirmed, account: not the one the sign-up started.
    const second = await signInWithGoogle(app, provider, '/');
    await refused(second.cookie);

    // Once confirmed, never again without a password.
    await database.db.execute(sql`update users set created_at = now() where id = ${account!.id}`);
    const third = await signInWithGoogle(app, provider, '/');
    expect((await confirm(third.cookie, { email: 'later.person@example.com' }, ip)).statusCode).toBe(200);
    await refused(third.cookie);
    expect(await emailsTo('someone.else@example.com', 'verify-new-email')).toEqual([]);
  });
});

describe('contact details', () => {
  it('changes the email only with the right password, and warns the old address with the new one masked', async () => {
    const person = await signUp(app);
    const ip = nextClient();
    const target = `new-${person.id.slice(0, 8)}@example.org`;
    const wrong = await contactDetails(person, { email: target, currentPassword: 'not-mine-at-all' }, ip);
    expect(wrong.statusCode).toBe(403);
    expect(errorCode(wrong)).toBe('wrong-password');
    expect((await storedUser(person.id)).pendingEmail).toBeNull();
    expect(await emailsTo(person.email, 'email-change-requested')).toEqual([]);

    await database.db.update(users).set({ locale: 'en' }).where(eq(users.id, person.id));
    const changed = await contactDetails(person, { email: target, currentPassword: person.password }, ip);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().pendingEmail).toBe(target);
    const notices = await emailsTo(person.email, 'email-change-requested');
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.locale).toBe('en');
    expect(notice!.text).toContain(`to ${maskEmail(target)}.`);
    expect(notice!.text).not.toContain(target);
    expect(notice!.html).not.toContain(target);
    expect(notice!.text).toContain('http://hora.test/recover-password');
  });

  it('limits probing which addresses are taken, per account and per client, before answering', async () => {
    const prober = await signUp(app);
    const others = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
    const ip = nextClient();
    const probe = (person: TestUser, email: string) =>
      contactDetails(person, { email, currentPassword: person.password }, ip);

    const answers = [];
    for (const other of others) answers.push(await probe(prober, other.email));
    expect(answers.slice(0, 5).map((answer) => errorCode(answer))).toEqual(Array(5).fill('email-taken'));
    expect(answers[5]!.statusCode).toBe(429);
    expect(errorCode(answers[5]!)).toBe('rate-limited');
    expect(answers[5]!.json().errors[0].meta.limit).toBe('email-change:account');
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);

    // A second account from the same client gets what is left of the client's 10 an hour.
    const accomplice = await signUp(app);
    const more = [];
    for (const other of others) more.push(await probe(accomplice, other.email));
    expect(more.slice(0, 4).map((answer) => errorCode(answer))).toEqual(Array(4).fill('email-taken'));
    expect(more[4]!.json().errors[0].meta.limit).toBe('email-change:ip');
  });
});

describe('better-auth’s own email change', () => {
  it('cannot be reached over HTTP, however the path is written', async () => {
    const person = await signUp(app);
    for (const url of [
      '/api/auth/change-email',
      '/api/auth/update-user',
      '/api/auth/callback/..%2Fchange-email',
      '/api/auth/callback/%2E%2E%2Fchange-email',
      '/api/auth/callback/google%2F..%2F..%2Fchange-email',
      '/api/auth/callback/%2e%2e/change-email',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { ...browser(person.cookie), 'content-type': 'application/json' },
        payload: JSON.stringify({ newEmail: 'hijack@example.com', email: 'hijack@example.com' }),
      });
      expect(response.statusCode, url).not.toBe(200);
    }
    const stored = await storedUser(person.id);
    expect([stored.email, stored.pendingEmail]).toEqual([person.email, null]);
    expect(await emailsTo('hijack@example.com', 'verify-new-email')).toEqual([]);
  });
});
