import { beforeAll, describe, expect, it } from 'vitest';
import { browser, errorCode } from './accounts.ts';
import { buildTestApp, fakeCaptcha } from './app.ts';
import { createTestDatabase } from './database.ts';
import { fakeWebBuild } from './fake-web-build.ts';

const database = await createTestDatabase();
let app: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  app = await buildTestApp(
    database.db,
    {},
    { captcha: fakeCaptcha, web: { mode: 'production', buildDir: fakeWebBuild() } },
  );
});

describe('page form posts', () => {
  it('reach the page action when they are forms', async () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=UTF-8',
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/echo',
        headers: { ...browser(), 'content-type': contentType },
        payload: 'locale=en',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ locale: 'en' });
    }
  });

  it.each([
    ['no content type', undefined],
    ['a text body', 'text/plain'],
    ['JSON', 'application/json'],
    ['XML', 'application/xml'],
    ['a look-alike type', 'application/x-www-form-urlencodedx'],
  ])('answer 415 unsupported-media-type to %s, unread', async (_name, contentType) => {
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { ...browser(), ...(contentType ? { 'content-type': contentType } : {}) },
      payload: Buffer.from('locale=en'),
    });
    expect(response.statusCode).toBe(415);
    expect(errorCode(response)).toBe('unsupported-media-type');
  });
});
