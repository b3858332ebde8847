import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, users } from '../src/db/schema/index.ts';
import {
  browser,
  cookieOf,
  errorCode,
  logIn,
  nextAddress,
  resetPasswordByEmail,
  signUp,
  tokenFromLatestEmail,
} from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha });
});

async function session(cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  return response.json().user;
}

describe('sign-up', () => {
  it('creates the person, logs them in, gives them a referral code and emails a verification link', async () => {
    const person = await signUp(app, { firstName: 'Jordi', lastName: 'Puig' });
    expect(person.cookie).toMatch(/^hora\.session_token=/);
    const user = await session(person.cookie);
    expect(user).toMatchObject({
      id: person.id,
      email: person.email,
      emailVerified: false,
      firstName: 'Jordi',
      lastName: 'Puig',
      displayName: 'Jordi P.',
      abbreviatedName: 'JP',
    });
    expect(user.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const emails = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, person.email));
    expect(emails.map((email) => email.template)).toEqual(['verify-email']);
    const [row] = await database.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
  });

  it('refuses a failed captcha before anything else (400 captcha-failed)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      payload: {
        email: 'bot@example.com',
        password: 'tortilla-de-patatas-42',
        firstName: 'B',
        lastName: 'O',
        captcha: 'wrong',
        termsAccepted: true,
        referralCode: 'NOPE',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('captcha-failed');
    expect(response.json().errors[0].title).toBe('reCAPTCHA verification failed');
  });

  it('refuses an unknown referral code (404 Invalid referral code) and records a valid one', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      payload: {
        email: 'invited@example.com',
        password: 'tortilla-de-patatas-42',
        firstName: 'I',
        lastName: 'N',
        captcha: 'solved',
        termsAccepted: true,
        referralCode: 'ZZZZZZZZ',
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({
      code: 'invalid-referral-code',
      title: 'Invalid referral code',
    });

    const host = await signUp(app);
    const code = (await session(host.cookie)).referralCode;
    const guest = await signUp(app, { referralCode: code.toLowerCase() });
    const [row] = await database.db.select().from(users).where(eq(users.id, guest.id));
    expect(row?.referredById).toBe(host.id);
  });

  it('refuses an email that is already taken (409 email-taken), whatever its case', async () => {
    const person = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      payload: {
        email: person.email.toUpperCase(),
        password: 'another-long-password',
        firstName: 'X',
        lastName: 'Y',
        captcha: 'solved',
        termsAccepted: true,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('email-taken');
  });

  it('refuses one of the most common passwords, and passwords outside 8–256 characters', async () => {
    const base = { firstName: 'A', lastName: 'B', captcha: 'solved', termsAccepted: true };
    const common = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      payload: { ...base, email: 'common@example.com', password: 'password123' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors[0]).toMatchObject({
      code: 'validation-invalid-value',
      meta: { reason: 'common-password' },
    });
    for (const password of ['short', 'x'.repeat(257)]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: browser(),
        payload: { ...base, email: 'length@example.com', password },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].meta.issues[0].path).toBe('password');
    }
  });

  it('requires the terms to be accepted', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: browser(),
      payload: {
        email: 'terms@example.com',
        password: 'tortilla-de-patatas-42',
        firstName: 'A',
        lastName: 'B',
        captcha: 'solved',
        termsAccepted: false,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].meta.issues[0]).toEqual({
      path: 'termsAccepted',
      message: 'validation.termsRequired',
    });
  });
});

describe('log in and log out', () => {
  it('starts a new session on each login and ends it on logout', async () => {
    const person = await signUp(app);
    const wrong = await logIn(app, person.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(errorCode(wrong)).toBe('unauthorized');

    const login = await logIn(app, person.email, person.password);
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login);
    expect(cookie).not.toBe(person.cookie);
    expect((await session(cookie)).id).toBe(person.id);
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: browser(cookie) });
    expect(logout.statusCode).toBe(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/hora\.session_token=;|Max-Age=0/);
    expect(await session(cookie)).toBeNull();
  });
});

/** Opens an emailed verification link's token, signed in with `cookie` or not. */
const verifyEmail = (token: string, cookie?: string) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email', headers: browser(cookie), payload: { token } });

describe('email verification', () => {
  it('verifies the address with the emailed token', async () => {
    const person = await signUp(app);
    const token = await tokenFromLatestEmail(database.db, person.email, 'verify-email');
    const response = await verifyEmail(token, person.cookie);
    expect(response.statusCode).toBe(200);
    expect((await session(person.cookie)).emailVerified).toBe(true);
  });

  it('refuses, signed in, another account’s link rather than switch accounts (login CSRF)', async () => {
    const attacker = await signUp(app);
    const victim = await signUp(app);
    const token = await tokenFromLatestEmail(database.db, attacker.email, 'verify-email');
    const refused = await verifyEmail(token, victim.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].meta.reason).toBe('other-account');
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await session(victim.cookie)).email).toBe(victim.email);
    expect((await session(attacker.cookie)).emailVerified).toBe(false);
    // Its owner opens it.
    const own = await verifyEmail(token, attacker.cookie);
    expect(own.statusCode).toBe(200);
    expect((await session(attacker.cookie)).emailVerified).toBe(true);
  });

  it('refuses a broken token', async () => {
    const response = await verifyEmail('broken');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].meta.reason).toBe('invalid-token');
  });

  it('sends at most 5 verification emails a day (429 email-too-many-verification-requests)', async () => {
    const person = await signUp(app); // the sign-up sent the first one
    for (let i = 0; i < 4; i += 1) {
      const resend = await app.inject({
        method: 'POST',
        url: '/api/auth/verification-email',
        headers: browser(person.cookie),
      });
      expect(resend.statusCode, resend.body).toBe(200);
    }
    const sixth = await app.inject({
      method: 'POST',
      url: '/api/auth/verification-email',
      headers: browser(person.cookie),
    });
    expect(sixth.statusCode).toBe(429);
    expect(errorCode(sixth)).toBe('email-too-many-verification-requests');
    const sent = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(sent).toHaveLength(5);
  });
});

describe('password recovery and reset', () => {
  it('reports an unknown address on the email field (404 email-not-found)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password-recovery',
      headers: browser(),
      payload: { email: 'nobody@example.com' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0]).toMatchObject({ code: 'email-not-found', meta: { field: 'email' } });
  });

  it('resets the password from the emailed link; the old one stops working and sessions end', async () => {
    const person = await signUp(app);
    const { recovery, reset, token } = await resetPasswordByEmail(
      app,
      database.db,
      person.email,
      'gazpacho-andaluz-99',
    );
    expect(recovery.statusCode).toBe(200);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await logIn(app, person.email, person.password)).statusCode).toBe(401);
    expect((await logIn(app, person.email, 'gazpacho-andaluz-99')).statusCode).toBe(200);
    expect(await session(person.cookie)).toBeNull();

    const reused = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: browser(),
      payload: { token, newPassword: 'another-good-password' },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors[0].meta.reason).toBe('invalid-token');
  });
});

describe('account settings', () => {
  it('changes the password only with the current one (403 wrong password)', async () => {
    const person = await signUp(app);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: browser(person.cookie),
      payload: { currentPassword: 'not-my-password', newPassword: 'paella-valenciana-7' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(errorCode(wrong)).toBe('wrong-password');
    const right = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: browser(person.cookie),
      payload: { currentPassword: person.password, newPassword: 'paella-valenciana-7' },
    });
    expect(right.statusCode).toBe(200);
    expect((await logIn(app, person.email, 'paella-valenciana-7')).statusCode).toBe(200);
  });

  it('changes the email after the current password and a verification of the new address', async () => {
    const person = await signUp(app);
    const other = await signUp(app);
    const contact = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: '/api/account/contact-details',
        headers: browser(person.cookie),
        payload,
      });

    const noPassword = await contact({ email: 'new@example.com' });
    expect(noPassword.statusCode).toBe(403);
    expect(errorCode(noPassword)).toBe('wrong-password');
    const taken = await contact({ email: other.email, currentPassword: person.password });
    expect(taken.statusCode).toBe(409);
    expect(errorCode(taken)).toBe('email-taken');

    const phone = await contact({ email: person.email, phoneNumber: '612 345 678' });
    expect(phone.json().phoneNumber).toBe('+34612345678');

    const changed = await contact({ email: 'Nuevo@Example.com', currentPassword: person.password });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: person.email, pendingEmail: 'nuevo@example.com' });
    const token = await tokenFromLatestEmail(database.db, 'nuevo@example.com', 'verify-new-email');
    const verified = await verifyEmail(token, person.cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    const after = await session(person.cookie);
    expect(after).toMatchObject({ email: 'nuevo@example.com', emailVerified: true, pendingEmail: null });
  });

  it('updates the profile and shows it publicly', async () => {
    const person = await signUp(app);
    const updated = await app.inject({
      method: 'PATCH',
      url: '/api/account/profile',
      headers: browser(person.cookie),
      payload: { firstName: 'Marta', lastName: 'Soler', bio: 'Terraza <en> Valencia', instagram: '@marta' },
    });
    expect(updated.statusCode).toBe(200);
    const profile = await app.inject({ method: 'GET', url: `/api/users/${person.id}` });
    expect(profile.json()).toMatchObject({
      displayName: 'Marta S.',
      bio: 'Terraza <en> Valencia',
      instagram: '@marta',
      banned: false,
    });
    expect(profile.json()).not.toHaveProperty('email');
  });

  it('shows banned and deleted people as placeholders', async () => {
    const banned = await signUp(app);
    await database.db.update(users).set({ banned: true }).where(eq(users.id, banned.id));
    const profile = await app.inject({ method: 'GET', url: `/api/users/${banned.id}` });
    expect(profile.json()).toMatchObject({ banned: true, displayName: null, bio: null, avatar: null });
    expect(await session(banned.cookie)).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/users/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('emails in the person’s language', () => {
  it('greets by first name in Spanish or English, for verification and password reset alike', async () => {
    const signupIn = async (locale: 'es' | 'en', firstName: string) => {
      const email = `${firstName.toLowerCase()}-${locale}@example.com`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: browser(),
        remoteAddress: nextAddress(),
        payload: {
          email,
          password: 'tortilla-de-patatas-42',
          firstName,
          lastName: 'X',
          captcha: 'solved',
          termsAccepted: true,
          locale,
        },
      });
      expect(response.statusCode).toBe(201);
      await app.inject({
        method: 'POST',
        url: '/api/auth/password-recovery',
        headers: browser(),
        payload: { email },
      });
      return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    };
    const spanish = await signupIn('es', 'Nerea');
    expect(spanish.map((email) => [email.template, email.locale]).sort()).toEqual([
      ['reset-password', 'es'],
      ['verify-email', 'es'],
    ]);
    for (const email of spanish) expect(email.text).toContain('Hola, Nerea:');
    const english = await signupIn('en', 'Oliver');
    // Both emails must exist: a loop over none would pass.
    expect(english.map((email) => [email.template, email.locale]).sort()).toEqual([
      ['reset-password', 'en'],
      ['verify-email', 'en'],
    ]);
    for (const email of english) {
      expect(email.locale).toBe('en');
      expect(email.text).toContain('Hi Oliver,');
    }
  });
});

describe('limited access', () => {
  it('gives a session started by an operator acting as the person only the user:limited scope', async () => {
    const person = await signUp(app);
    const operator = await signUp(app);
    expect((await session(person.cookie)).scopes).toEqual(['user']);
    await database.db
      .update(sessions)
      .set({ impersonatedBy: operator.id })
      .where(eq(sessions.userId, person.id));
    expect((await session(person.cookie)).scopes).toEqual(['user:limited']);
  });
});
