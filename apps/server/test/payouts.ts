import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { browser, type TestUser } from './accounts.ts';

/** A Spanish individual's payout form, as the web app sends it (the bank fields already a token). */
export const SPANISH_INDIVIDUAL = {
  country: 'ES',
  accountType: 'individual',
  businessProfileURL: 'https://hora.example/u/lucia',
  individual: {
    firstName: 'Lucía',
    lastName: 'García',
    birthDate: { day: 14, month: 2, year: 1988 },
    email: 'lucia@example.es',
    phone: '+34600112233',
    address: { streetAddress: 'Calle de Alcalá 21', postalCode: '28014', city: 'Madrid' },
  },
};

export const SPANISH_IBAN = 'ES91 2100 0418 4502 0005 1332';

/** A sandbox bank token for a person, from the bank fields of a country. */
export async function bankToken(
  app: FastifyInstance,
  user: TestUser,
  country = 'ES',
  bankAccount: Record<string, string> = { iban: SPANISH_IBAN },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payouts/bank-tokens',
    headers: browser(user.cookie),
    payload: { country, bankAccount },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

/** Creates the person's payout account in the sandbox; the answer is the API's. */
export async function createPayoutAccount(
  app: FastifyInstance,
  user: TestUser,
  overrides: Record<string, unknown> = {},
) {
  const bankAccountToken = await bankToken(app, user);
  return app.inject({
    method: 'POST',
    url: '/api/payouts/account',
    headers: browser(user.cookie),
    payload: { ...SPANISH_INDIVIDUAL, bankAccountToken, ...overrides },
  });
}

export async function accountLink(
  app: FastifyInstance,
  user: TestUser,
  returnPath = '/account/payments',
  type = 'account_onboarding',
) {
  return app.inject({
    method: 'POST',
    url: '/api/payouts/account-links',
    headers: browser(user.cookie),
    payload: { type, returnPath },
  });
}

/** Goes through the sandbox's hosted onboarding as the host would: open the link, complete it. */
export async function completeSandboxOnboarding(app: FastifyInstance, user: TestUser, returnPath?: string) {
  const link = await accountLink(app, user, returnPath);
  expect(link.statusCode, link.body).toBe(200);
  const id = new URL(link.json().data.url).pathname.split('/').pop();
  const done = await app.inject({
    method: 'POST',
    url: `/api/payouts/sandbox/account-links/${id}/complete`,
    headers: browser(user.cookie),
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data.redirectUrl as string;
}
