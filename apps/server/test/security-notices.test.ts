import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../src/clock.ts';
import { emailOutbox, users } from '../src/db/schema/index.ts';
import { browser, resetPasswordByEmail, signUp } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;
const NOW = new Date('2031-03-04T05:06:00Z');

beforeAll(async () => {
  app = await buildTestApp(database.db, {}, { captcha: fakeCaptcha, clock: new TestClock(NOW) });
});

async function notices(address: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, 'password-changed')));
}

describe('notice after a password change', () => {
  it('is sent to the account’s address after a change in the settings, in the person’s language', async () => {
    const person = await signUp(app);
    await database.db.update(users).set({ locale: 'en' }).where(eq(users.id, person.id));
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: browser(person.cookie),
      payload: { currentPassword: 'not-my-password', newPassword: 'paella-valenciana-7' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(await notices(person.email)).toEqual([]);

    const changed = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: browser(person.cookie),
      payload: { currentPassword: person.password, newPassword: 'paella-valenciana-7' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [notice, ...others] = await notices(person.email);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ userId: person.id, locale: 'en' });
    expect(notice!.text).toContain('was changed in the account settings on');
    expect(notice!.text).toContain('If it was not you');
    expect(notice!.text).toContain('http://hora.test/recover-password');
  });

  it('is sent after a reset through the emailed link, saying when', async () => {
    const person = await signUp(app);
    const { reset } = await resetPasswordByEmail(app, database.db, person.email, 'gazpacho-andaluz-99');
    expect(reset.statusCode, reset.body).toBe(200);
    const [notice, ...others] = await notices(person.email);
    expect(others).toEqual([]);
    expect(notice).toMatchObject({ userId: person.id, locale: 'es' });
    expect(notice!.subject).toBe('Tu contraseña de Hora ha cambiado');
    expect(notice!.text).toContain(
      'se restableció con un enlace enviado a este correo el 4 de marzo de 2031 a las 5:06 UTC.',
    );
    expect(notice!.text).toContain('http://hora.test/recover-password');
  });
});
