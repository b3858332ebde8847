import { LIMITS } from '@hora/core/config';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { browser, errorCode, nextAddress, signUp, type TestUser } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;
let person: TestUser;

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
  person = await signUp(app, { firstName: 'Lucía', lastName: 'García' });
});

type Method = 'POST' | 'PATCH';

function send(method: Method, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method,
    url,
    headers: browser(cookie),
    // Each request from its own address, clear of the per-IP limits.
    remoteAddress: nextAddress(),
    payload: payload as Record<string, unknown>,
  });
}

async function storedUser(id: string) {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** A 400 naming the field and a message of the catalogue, never a 500. */
function expectRefused(response: LightMyRequestResponse, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorCode(response)).toBe('validation-invalid-params');
  expect(response.json().errors[0].meta.issues).toContainEqual({ path: field, message });
}

const NUL = '\u0000';
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the point
const TEXT_AREA_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const RANDOM_LETTERS = Array.from({ length: 10_000 }, (_, i) =>
  String.fromCharCode(97 + ((i * 7919) % 26)),
).join('');

describe('input that used to break things (issue 7, finding 7)', () => {
  it('refuses a NUL byte in the profile (was 500)', async () => {
    const response = await send(
      'PATCH',
      '/api/account/profile',
      { firstName: `Ana${NUL}`, lastName: 'P' },
      person.cookie,
    );
    expectRefused(response, 'firstName', 'validation.text.charactersInvalid');
  });

  it('refuses a NUL byte in the contact details (was 500)', async () => {
    const response = await send(
      'PATCH',
      '/api/account/contact-details',
      { email: person.email, phoneNumber: `612${NUL}345678` },
      person.cookie,
    );
    expectRefused(response, 'phoneNumber', 'validation.phone.invalid');
  });

  it('refuses a NUL byte when confirming an external sign-up (was 500)', async () => {
    const response = await send(
      'POST',
      '/api/auth/confirm',
      { email: person.email, firstName: `Ana${NUL}`, lastName: 'P', termsAccepted: true },
      person.cookie,
    );
    expectRefused(response, 'firstName', 'validation.text.charactersInvalid');
  });

  it('refuses a NUL byte in password recovery, reset and log-in (was 500)', async () => {
    expectRefused(
      await send('POST', '/api/auth/password-recovery', { email: `a${NUL}b@example.com` }),
      'email',
      'validation.text.charactersInvalid',
    );
    expectRefused(
      await send('POST', '/api/auth/password-reset', {
        token: `abc${NUL}`,
        newPassword: 'tortilla-de-patatas',
      }),
      'token',
      'validation.text.charactersInvalid',
    );
    expectRefused(
      await send('POST', '/api/auth/login', { email: `a${NUL}@example.com`, password: 'x' }),
      'email',
      'validation.text.charactersInvalid',
    );
    expectRefused(
      await send('POST', '/api/auth/login', { email: person.email, password: `x${NUL}` }),
      'password',
      'validation.text.charactersInvalid',
    );
  });

  it('refuses a 10 KB log-in or recovery email (was 500: index row too large)', async () => {
    const email = `${RANDOM_LETTERS}@example.com`;
    expectRefused(
      await send('POST', '/api/auth/login', { email, password: 'x' }),
      'email',
      'validation.email.invalid',
    );
    expectRefused(
      await send('POST', '/api/auth/password-recovery', { email }),
      'email',
      'validation.email.invalid',
    );
  });

  it('stores no first name of 900 KB and no name of zero-width characters (both were stored)', async () => {
    expectRefused(
      await send(
        'PATCH',
        '/api/account/profile',
        { firstName: 'a'.repeat(900_000), lastName: 'P' },
        person.cookie,
      ),
      'firstName',
      'validation.name.tooLong',
    );
    expectRefused(
      await send(
        'PATCH',
        '/api/account/profile',
        { firstName: '\u200B\u200C\u200D', lastName: 'P' },
        person.cookie,
      ),
      'firstName',
      'validation.required',
    );
    expect((await storedUser(person.id)).firstName).toBe('Lucía');
  });

  it('stores phone numbers as E.164 and refuses text or 900 KB of digits (both were stored)', async () => {
    expectRefused(
      await send(
        'PATCH',
        '/api/account/contact-details',
        { email: person.email, phoneNumber: 'hello' },
        person.cookie,
      ),
      'phoneNumber',
      'validation.phone.invalid',
    );
    expectRefused(
      await send(
        'PATCH',
        '/api/account/contact-details',
        { email: person.email, phoneNumber: '1'.repeat(900_000) },
        person.cookie,
      ),
      'phoneNumber',
      'validation.phone.invalid',
    );
    expect((await storedUser(person.id)).phoneNumber).toBeNull();
    const saved = await send(
      'PATCH',
      '/api/account/contact-details',
      { email: person.email, phoneNumber: '612 345 678' },
      person.cookie,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().phoneNumber).toBe('+34612345678');
    expect((await storedUser(person.id)).phoneNumber).toBe('+34612345678');
  });
});

describe('the database refusing a value (safety net under the schemas)', () => {
  let net: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    net = await buildTestApp(database.db);
    net.get('/api/test/nul', async () => {
      await database.db.execute(sql`select ${'a\u0000b'}::text`);
      return { ok: true };
    });
    net.get('/api/test/too-long', async () => {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table short_text (value varchar(2)) on commit drop`);
        await tx.execute(sql`insert into short_text values (${'abc'})`);
      });
      return { ok: true };
    });
    net.get('/api/test/redirect', async (request, reply) =>
      reply.redirect(`/back${(request.query as { to: string }).to}`, 302),
    );
  });

  it.each([
    ['a NUL byte (22021)', '/api/test/nul'],
    ['a value too long for its column (22001)', '/api/test/too-long'],
    ['a redirect target with a line break', '/api/test/redirect?to=%0D%0ASet-Cookie:%20x=1'],
  ])('answers 400 validation-invalid-value to %s', async (_name, url) => {
    const response = await net.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(400);
    expect(errorCode(response)).toBe('validation-invalid-value');
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

/** Text of every sort a client could send, and values that are not text at all. */
const badValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\n', '\u200B', '\uD800', 'a', ' ', '😀', '\u0085'),
    maxLength: 80,
  }),
  fc.integer({ min: 101, max: 300_000 }).map((length) => 'x'.repeat(length)),
  fc.string({ unit: 'binary', maxLength: 30 }).map((text) => `${text}@example.com`),
  fc.constantFrom(null, 0, true, [], {}, ['a'], { a: 1 }),
);

interface TextRoute {
  method: Method;
  url: string;
  signedIn: boolean;
  valid: Record<string, unknown>;
  fields: string[];
}

const ROUTES: TextRoute[] = [
  {
    method: 'PATCH',
    url: '/api/account/profile',
    signedIn: true,
    valid: { firstName: 'Lucía', lastName: 'García', bio: 'Hola', instagram: 'lucia', tiktok: 'lucia' },
    fields: ['firstName', 'lastName', 'bio', 'instagram', 'tiktok'],
  },
  {
    method: 'PATCH',
    url: '/api/account/contact-details',
    signedIn: true,
    valid: { phoneNumber: '612345678' },
    fields: ['email', 'phoneNumber', 'currentPassword'],
  },
  {
    method: 'POST',
    url: '/api/auth/confirm',
    signedIn: true,
    valid: { firstName: 'Lucía', lastName: 'García', termsAccepted: true },
    fields: ['email', 'firstName', 'lastName'],
  },
  {
    method: 'POST',
    url: '/api/account/password',
    signedIn: true,
    valid: { currentPassword: 'wrong-password-1', newPassword: 'tortilla-nueva-1' },
    fields: ['currentPassword', 'newPassword'],
  },
  { method: 'POST', url: '/api/auth/password-recovery', signedIn: false, valid: {}, fields: ['email'] },
  {
    method: 'POST',
    url: '/api/auth/password-reset',
    signedIn: false,
    valid: { token: 'bad-link', newPassword: 'tortilla-nueva-1' },
    fields: ['token', 'newPassword'],
  },
  {
    method: 'POST',
    url: '/api/auth/verify-email',
    signedIn: false,
    valid: { token: 'x' },
    fields: ['token'],
  },
  {
    method: 'POST',
    url: '/api/auth/login',
    signedIn: false,
    valid: { password: 'tortilla-de-patatas-42' },
    fields: ['email', 'password'],
  },
  {
    method: 'POST',
    url: '/api/auth/signup',
    signedIn: false,
    valid: {
      password: 'tortilla-de-patatas-42',
      firstName: 'Jordi',
      lastName: 'Puig',
      captcha: 'solved',
      termsAccepted: true,
    },
    fields: ['email', 'password', 'firstName', 'lastName', 'referralCode', 'captcha'],
  },
];

describe.each(ROUTES)('$method $url with random values', (route) => {
  it('answers 4xx, never 5xx', async () => {
    const owner = route.signedIn ? await signUp(app) : undefined;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...route.fields), badValue, async (field, value) => {
        const email = owner?.email ?? `${nextAddress().replaceAll('.', '-')}@example.com`;
        const payload = { email, ...route.valid, [field]: value };
        const response = await send(route.method, route.url, payload, owner?.cookie);
        expect(
          response.statusCode,
          `${field}=${JSON.stringify(value)?.slice(0, 80)}: ${response.body}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });
});

describe('after every random request', () => {
  it('no stored text is past its limit, holds a control character or is blank', async () => {
    const rows = await database.db.select().from(users);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      for (const [name, max] of [
        ['firstName', LIMITS.nameMax],
        ['lastName', LIMITS.nameMax],
        ['email', LIMITS.emailMax],
        ['bio', LIMITS.textAreaMax],
        ['instagram', LIMITS.lineMax],
        ['tiktok', LIMITS.lineMax],
      ] as const) {
        const value = row[name];
        if (value === null) continue;
        expect([...value].length, `${name} of ${row.id}`).toBeLessThanOrEqual(max);
        expect(value.trim(), `${name} of ${row.id}`).not.toBe('');
        expect(value, `${name} of ${row.id}`).not.toMatch(name === 'bio' ? TEXT_AREA_CONTROL : CONTROL);
      }
      if (row.phoneNumber !== null) expect(row.phoneNumber).toMatch(/^\+[1-9]\d{6,14}$/);
    }
  });
});
