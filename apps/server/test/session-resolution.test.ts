import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { browser, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

// The session read of every signed-in request (decision 0052): one prepared read for a live session,
// better-auth for the rest. These pin that both give the answers better-auth gave alone.
const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
});

async function viewerOf(cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().user as { id: string; scopes: string[] } | null;
}

const DAY_MS = 86_400_000;

async function setExpiry(userId: string, expiresAt: Date) {
  await database.db.update(sessions).set({ expiresAt }).where(eq(sessions.userId, userId));
}

async function sessionRows(userId: string) {
  return database.db.select().from(sessions).where(eq(sessions.userId, userId));
}

describe('session resolution', () => {
  it('resolves a live session and gives visitors a forged or unknown cookie', async () => {
    const person = await signUp(app);
    expect((await viewerOf(person.cookie))?.id).toBe(person.id);
    const value = decodeURIComponent(person.cookie.slice(person.cookie.indexOf('=') + 1));
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    const signature = value.slice(dot + 1);
    // Another token under the same signature, the same token under another signature, no signature
    // (the genuine value above is now remembered as checked: these are each checked).
    const forged = [
      `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`,
      `${token}.${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`,
      token,
    ];
    for (const cookieValue of forged) {
      expect(await viewerOf(`hora.session_token=${encodeURIComponent(cookieValue)}`)).toBeNull();
    }
    // A correctly signed token no session has any more (logged out): a visitor too.
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: browser(person.cookie),
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect(await viewerOf(person.cookie)).toBeNull();
  });

  it('leaves a session due for its daily extension to better-auth, which extends it', async () => {
    const person = await signUp(app);
    // Last extended two days ago: 28 days left of 30.
    await setExpiry(person.id, new Date(Date.now() + 28 * DAY_MS));
    expect((await viewerOf(person.cookie))?.id).toBe(person.id);
    const [row] = await sessionRows(person.id);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('does not extend a session used within a day of its last extension', async () => {
    const person = await signUp(app);
    const expiresAt = new Date(Date.now() + 30 * DAY_MS - 3_600_000);
    await setExpiry(person.id, expiresAt);
    expect((await viewerOf(person.cookie))?.id).toBe(person.id);
    const [row] = await sessionRows(person.id);
    expect(row?.expiresAt.getTime()).toBe(expiresAt.getTime());
  });

  it('ends an expired session: a visitor, and the session row is deleted (better-auth)', async () => {
    const person = await signUp(app);
    await setExpiry(person.id, new Date(Date.now() - 1000));
    expect(await viewerOf(person.cookie)).toBeNull();
    expect(await sessionRows(person.id)).toEqual([]);
  });

  it('gives a banned person no session, and an operator acting as a person the limited scope', async () => {
    const person = await signUp(app);
    const operator = await signUp(app);
    await database.db
      .update(sessions)
      .set({ impersonatedBy: operator.id })
      .where(eq(sessions.userId, person.id));
    expect((await viewerOf(person.cookie))?.scopes).toEqual(['user:limited']);
    await database.db.update(users).set({ banned: true }).where(eq(users.id, person.id));
    expect(await viewerOf(person.cookie)).toBeNull();
  });
});
