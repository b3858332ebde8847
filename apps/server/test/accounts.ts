import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { emailOutbox } from '../src/db/schema/index.ts';

/** The public origin of `testConfig()`: state-changing browser requests come from it. */
export const ORIGIN = 'http://hora.test';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** `name=value` pairs of the response's Set-Cookie headers, ready for a Cookie header. */
export function cookieOf(response: LightMyRequestResponse): string {
  const setCookie = response.headers['set-cookie'];
  const values = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  return values
    .map((value) => value.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** A browser request from our own site, with the person's cookie when given. */
export function browser(cookie?: string): Record<string, string> {
  return { origin: ORIGIN, ...(cookie ? { cookie } : {}) };
}

let addresses = 0;
export function nextAddress(): string {
  addresses += 1;
  return `198.51.100.${addresses % 250}`;
}

export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    referralCode: string;
  }> = {},
): Promise<TestUser> {
  const email = overrides.email ?? `person-${randomUUID().slice(0, 8)}@example.com`;
  const password = overrides.password ?? 'tortilla-de-patatas-42';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: browser(),
    // Each sign-up from its own (documentation-range) address, clear of the per-IP limit.
    remoteAddress: nextAddress(),
    payload: {
      email,
      password,
      firstName: overrides.firstName ?? 'Lucía',
      lastName: overrides.lastName ?? 'García',
      captcha: 'solved',
      termsAccepted: true,
      ...(overrides.referralCode ? { referralCode: overrides.referralCode } : {}),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().userId, email, password, cookie: cookieOf(response) };
}

export async function logIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: browser(),
    payload: { email, password },
  });
}

/** The token `t` of the link in the latest email of a template sent to an address. */
/**
 * Recovers a password as a person would: asks for the link, reads its token from the outbox and sets
 * `newPassword` with it. Returns the recovery and reset answers and the token used.
 */
export async function resetPasswordByEmail(
  app: FastifyInstance,
  db: Database,
  email: string,
  newPassword: string,
  remoteAddress?: string,
) {
  const recovery = await app.inject({
    method: 'POST',
    url: '/api/auth/password-recovery',
    headers: browser(),
    ...(remoteAddress ? { remoteAddress } : {}),
    payload: { email },
  });
  const token = await tokenFromLatestEmail(db, email, 'reset-password');
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    headers: browser(),
    payload: { token, newPassword },
  });
  return { recovery, reset, token };
}

export async function tokenFromLatestEmail(db: Database, to: string, template: string): Promise<string> {
  const [email] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  expect(email, `no ${template} email to ${to}`).toBeDefined();
  const token = /[?&]t=([^"&\s<]+)/.exec(email!.text)?.[1];
  expect(token).toBeDefined();
  return decodeURIComponent(token!);
}

export function errorCode(response: LightMyRequestResponse): string {
  return response.json().errors?.[0]?.code;
}
