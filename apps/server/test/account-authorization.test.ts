import { beforeAll, describe, expect, it } from 'vitest';
import { browser, cookieOf, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;
let owner: TestUser;
let other: TestUser;

const PRIVATE_FIELDS = ['email', 'phoneNumber', 'pendingEmail', 'referralCode', 'scopes', 'locale'];

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
  owner = await signUp(app, { firstName: 'Owner', lastName: 'Person', password: 'owner-secret-pass-1' });
  other = await signUp(app, { firstName: 'Other', lastName: 'Person', password: 'other-secret-pass-2' });
  await app.inject({
    method: 'PATCH',
    url: '/api/account/contact-details',
    headers: browser(owner.cookie),
    payload: { email: owner.email, phoneNumber: '600111222' },
  });
});

type Actor = 'visitor' | 'owner' | 'other';

/** Every account endpoint, with what a visitor, the owner and another signed-in person get. */
const MATRIX: {
  name: string;
  request: () => { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };
  expected: Record<Actor, number>;
}[] = [
  {
    name: 'GET /api/session',
    request: () => ({ method: 'GET', url: '/api/session' }),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    name: 'PATCH /api/account/profile',
    request: () => ({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { firstName: 'Changed', lastName: 'Name' },
    }),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: 'PATCH /api/account/contact-details',
    request: () => ({
      method: 'PATCH',
      url: '/api/account/contact-details',
      payload: { email: owner.email },
    }),
    // Another person naming the owner's email is asking to take it: refused.
    expected: { visitor: 401, owner: 200, other: 403 },
  },
  {
    name: 'POST /api/account/password',
    request: () => ({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: owner.password, newPassword: owner.password },
    }),
    // The owner's current password is not the other person's password.
    expected: { visitor: 401, owner: 200, other: 403 },
  },
  {
    name: 'POST /api/account/avatar',
    request: () => ({ method: 'POST', url: '/api/account/avatar' }),
    expected: { visitor: 401, owner: 400, other: 400 },
  },
  {
    name: 'POST /api/auth/verification-email',
    request: () => ({ method: 'POST', url: '/api/auth/verification-email' }),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: 'POST /api/auth/confirm',
    request: () => ({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { email: owner.email, firstName: 'A', lastName: 'B', termsAccepted: true },
    }),
    // Another person naming the owner's email needs their own password before anything is said.
    expected: { visitor: 401, owner: 200, other: 403 },
  },
  {
    name: 'GET /api/users/:owner',
    request: () => ({ method: 'GET', url: `/api/users/${owner.id}` }),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
];

function cookieFor(actor: Actor): string | undefined {
  return actor === 'owner' ? owner.cookie : actor === 'other' ? other.cookie : undefined;
}

describe('authorization of account endpoints', () => {
  for (const entry of MATRIX) {
    for (const actor of ['visitor', 'owner', 'other'] as const) {
      it(`${entry.name} as ${actor} → ${entry.expected[actor]}`, async () => {
        const { method, url, payload } = entry.request();
        const response = await app.inject({
          method,
          url,
          headers: browser(cookieFor(actor)),
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, response.body).toBe(entry.expected[actor]);
        // A password change replaces the session: keep using the new one.
        const renewed = cookieOf(response);
        if (renewed.includes('session_token') && actor === 'owner') owner.cookie = renewed;
        if (renewed.includes('session_token') && actor === 'other') other.cookie = renewed;
        if (actor !== 'owner') {
          // Whatever the answer, nothing private of the owner's leaks to anyone else.
          expect(response.body).not.toContain(owner.email);
          expect(response.body).not.toContain('600111222');
        }
      });
    }
  }

  it('a public profile never carries private fields', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: browser(other.cookie),
    });
    for (const field of PRIVATE_FIELDS) expect(response.json()).not.toHaveProperty(field);
  });

  it('changes made by another person land on their own account, never on the owner’s', async () => {
    await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: browser(other.cookie),
      payload: { firstName: 'Intruder', lastName: 'Attempt' },
    });
    const ownerProfile = await app.inject({ method: 'GET', url: `/api/users/${owner.id}` });
    expect(ownerProfile.json().displayName).not.toContain('Intruder');
    const otherProfile = await app.inject({ method: 'GET', url: `/api/users/${other.id}` });
    expect(otherProfile.json().displayName).toBe('Intruder A.');
  });
});
