import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.ts';
import { browser, logIn, nextAddress, signUp, tokenFromLatestEmail } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildTestApp>>;

const EMAIL = 'registro-secreto-7731@example.com';
const PASSWORD = 'Contraseña-muy-secreta-9876';
const VALUE_IN_QUERY = 'Valor-de-consulta-5521';

beforeAll(async () => {
  // Everything at trace level, as an operator debugging a problem would run it.
  const logger = createLogger(
    { env: 'development', logLevel: 'trace' },
    { write: (line) => lines.push(line) },
  );
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha, logger });
  app.get('/api/test/failed-query', async () => {
    await database.db.execute(sql`select ${VALUE_IN_QUERY}::uuid`);
    return { ok: true };
  });
});

function log(): string {
  return lines.join('');
}

describe('the server log', () => {
  it('holds neither the email nor the password of a sign-up, log-ins and a password reset', async () => {
    const person = await signUp(app, {
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Nombre',
      lastName: 'Apellido',
    });
    expect((await logIn(app, EMAIL, PASSWORD)).statusCode).toBe(200);
    expect((await logIn(app, EMAIL, `${PASSWORD}-wrong`)).statusCode).toBe(401);
    expect((await logIn(app, `nadie-${EMAIL}`, PASSWORD)).statusCode).toBe(401);
    const recovery = await app.inject({
      method: 'POST',
      url: '/api/auth/password-recovery',
      headers: browser(),
      remoteAddress: nextAddress(),
      payload: { email: EMAIL },
    });
    expect(recovery.statusCode).toBe(200);
    const token = await tokenFromLatestEmail(database.db, EMAIL, 'reset-password');
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      headers: browser(),
      payload: { token, newPassword: `${PASSWORD}-nueva` },
    });
    expect(reset.statusCode).toBe(200);
    const page = await app.inject({
      method: 'GET',
      url: `/api/session?t=${token}`,
      headers: { cookie: person.cookie },
    });
    expect(page.statusCode).toBe(200);

    const written = log();
    expect(written).toContain('incoming request');
    expect(written).toContain('/api/auth/login');
    for (const secret of [EMAIL, PASSWORD, token, person.cookie.split('=')[1]!, 'Apellido']) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('/api/session?t=[redacted]');
  });

  it('logs a failed query with its SQL but without the values bound to it', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/failed-query' });
    expect(response.statusCode).toBe(500);
    const entry = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'unexpected error');
    expect(entry?.err?.message).toContain('Failed query: select $1::uuid');
    expect(entry?.err?.cause?.code).toBe('22P02');
    expect(log()).not.toContain(VALUE_IN_QUERY);
  });
});
