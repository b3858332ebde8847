import { beforeAll, describe, expect, it } from 'vitest';
import { browser, errorCode, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;

const PRIVATE_FIELDS = ['email', 'phoneNumber', 'pendingEmail', 'referralCode', 'scopes', 'locale'];
const OWNER_PHONE = '600111222';

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
});

interface Actors {
  owner: TestUser;
  other: TestUser;
}

/**
 * An owner (with a phone number on file) and another person, new for each test: a test that
 * changes a password or a name never changes what another test starts from, in any order.
 */
async function newActors(): Promise<Actors> {
  const owner = await signUp(app, {
    firstName: 'Owner',
    lastName: 'Person',
    password: 'owner-secret-pass-1',
  });
  const other = await signUp(app, {
    firstName: 'Other',
    lastName: 'Person',
    password: 'other-secret-pass-2',
  });
  const phone = await app.inject({
    method: 'PATCH',
    url: '/api/account/contact-details',
    headers: browser(owner.cookie),
    payload: { email: owner.email, phoneNumber: OWNER_PHONE },
  });
  expect(phone.statusCode, phone.body).toBe(200);
  return { owner, other };
}

type Actor = 'visitor' | 'owner' | 'other';
/** The status, and for a refusal the catalogue code that must explain it. */
type Outcome = [status: number, code?: string];

/** Every account endpoint, with what a visitor, the owner and another signed-in person get. */
const MATRIX: {
  name: string;
  request: (
    actors: Actors,
    actor: Actor,
  ) => { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object };
  expected: Record<Actor, Outcome>;
}[] = [
  {
    name: 'GET /api/session',
    request: () => ({ method: 'GET', url: '/api/session' }),
    expected: { visitor: [200], owner: [200], other: [200] },
  },
  {
    name: 'PATCH /api/account/profile',
    request: () => ({
      method: 'PATCH',
      url: '/api/account/profile',
      payload: { firstName: 'Changed', lastName: 'Name' },
    }),
    expected: { visitor: [401, 'unauthorized'], owner: [200], other: [200] },
  },
  {
    name: 'PATCH /api/account/contact-details',
    // Each signed-in person gives their own, right, password: only the owner's email is at stake.
    request: ({ owner, other }, actor) => ({
      method: 'PATCH',
      url: '/api/account/contact-details',
      payload: { email: owner.email, ...(actor === 'other' ? { currentPassword: other.password } : {}) },
    }),
    // Another person naming the owner's email is asking to take it: refused because it is taken.
    expected: { visitor: [401, 'unauthorized'], owner: [200], other: [409, 'email-taken'] },
  },
  {
    name: 'POST /api/account/password',
    request: ({ owner }) => ({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: owner.password, newPassword: owner.password },
    }),
    // The owner's current password is not the other person's password.
    expected: { visitor: [401, 'unauthorized'], owner: [200], other: [403, 'wrong-password'] },
  },
  {
    name: 'POST /api/account/avatar',
    request: () => ({ method: 'POST', url: '/api/account/avatar' }),
    expected: {
      visitor: [401, 'unauthorized'],
      owner: [400, 'validation-invalid-params'],
      other: [400, 'validation-invalid-params'],
    },
  },
  {
    name: 'POST /api/auth/verification-email',
    request: () => ({ method: 'POST', url: '/api/auth/verification-email' }),
    expected: { visitor: [401, 'unauthorized'], owner: [200], other: [200] },
  },
  {
    name: 'POST /api/auth/confirm',
    request: ({ owner }) => ({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { email: owner.email, firstName: 'A', lastName: 'B', termsAccepted: true },
    }),
    // Another person naming the owner's email needs their own password before anything is said.
    expected: { visitor: [401, 'unauthorized'], owner: [200], other: [403, 'forbidden'] },
  },
  {
    name: 'GET /api/users/:owner',
    request: ({ owner }) => ({ method: 'GET', url: `/api/users/${owner.id}` }),
    expected: { visitor: [200], owner: [200], other: [200] },
  },
];

describe('authorization of account endpoints', () => {
  for (const entry of MATRIX) {
    for (const actor of ['visitor', 'owner', 'other'] as const) {
      const [status, code] = entry.expected[actor];
      it(`${entry.name} as ${actor} → ${status}${code ? ` ${code}` : ''}`, async () => {
        const actors = await newActors();
        const { method, url, payload } = entry.request(actors, actor);
        const cookie = actor === 'visitor' ? undefined : actors[actor].cookie;
        const response = await app.inject({
          method,
          url,
          headers: browser(cookie),
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, response.body).toBe(status);
        if (code) expect(errorCode(response)).toBe(code);
        if (actor !== 'owner') {
          // Whatever the answer, nothing private of the owner's leaks to anyone else.
          expect(response.body).not.toContain(actors.owner.email);
          expect(response.body).not.toContain(OWNER_PHONE);
        }
      });
    }
  }

  it('a public profile never carries private fields', async () => {
    const { owner, other } = await newActors();
    const response = await app.inject({
      method: 'GET',
      url: `/api/users/${owner.id}`,
      headers: browser(other.cookie),
    });
    expect(response.statusCode).toBe(200);
    for (const field of PRIVATE_FIELDS) expect(response.json()).not.toHaveProperty(field);
  });

  it('changes made by another person land on their own account, never on the owner’s', async () => {
    const { owner, other } = await newActors();
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: browser(other.cookie),
      payload: { firstName: 'Intruder', lastName: 'Attempt' },
    });
    expect(changed.statusCode).toBe(200);
    const ownerProfile = await app.inject({ method: 'GET', url: `/api/users/${owner.id}` });
    expect(ownerProfile.json().displayName).toBe('Owner P.');
    const otherProfile = await app.inject({ method: 'GET', url: `/api/users/${other.id}` });
    expect(otherProfile.json().displayName).toBe('Intruder A.');
  });
});
