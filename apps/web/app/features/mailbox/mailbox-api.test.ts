import { describe, expect, it } from 'vitest';
import type { ApiResult, WebContext } from '../../context.ts';
import { loadMailbox, loadMailboxMessage, type MailboxMessage } from './mailbox-api.ts';

const EMAIL: MailboxMessage = {
  id: '6f1c9a52-8a51-4c3b-9f3e-0b8f4a1d2c3e',
  to: 'lucia@example.com',
  subject: 'Confirma tu dirección de correo en Hora',
  template: 'verify-email',
  status: 'kept',
  createdAt: '2025-03-30T01:30:00.000Z',
  locale: 'es',
  html: '<p>Hola</p>',
  text: 'Hola',
};

const COOKIE = 'hora.dev_mailbox=k3y; Path=/dev; HttpOnly; SameSite=Strict';

/** A stand-in for `context.api` that answers one status and records the paths it was asked for. */
function fakeApi(
  status: number,
  data: unknown,
  cookies: string[] = [],
  sms: { status: number; data: unknown } = NO_SMS,
) {
  const paths: string[] = [];
  const api = (async (path: string) => {
    paths.push(path);
    if (path === '/api/dev/mailbox/sms') return { ...sms, cookies: [] } as unknown as ApiResult<never>;
    return { status, data, cookies } as ApiResult<never>;
  }) as WebContext['api'];
  return { api, paths };
}

const NO_SMS = { status: 200, data: { data: [] } };
const SMS = {
  id: '1e2d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b',
  to: '+34600111222',
  body: 'Hora: nueva reserva',
  status: 'kept',
  createdAt: '2025-03-30T01:31:00.000Z',
};

const page = (path: string) => new URL(path, 'http://hora.test');

describe('loadMailbox', () => {
  it('asks for every email, or for one address, and returns the list', async () => {
    const all = fakeApi(200, { data: [EMAIL] }, [], { status: 200, data: { data: [SMS] } });
    expect(await loadMailbox(all.api, page('/dev/mailbox'))).toEqual({ to: '', emails: [EMAIL], sms: [SMS] });
    const filtered = fakeApi(200, { data: [] }, [], { status: 500, data: null });
    expect(await loadMailbox(filtered.api, page('/dev/mailbox?to=+ana%2Btest%40example.com'))).toEqual({
      to: 'ana+test@example.com',
      emails: [],
      sms: [],
    });
    expect([...all.paths, ...filtered.paths]).toEqual([
      '/api/dev/mailbox',
      '/api/dev/mailbox/sms',
      '/api/dev/mailbox?to=ana%2Btest%40example.com',
      '/api/dev/mailbox/sms',
    ]);
  });

  it('passes the key of the printed link on, then reloads the page without it, with the cookie', async () => {
    const { api, paths } = fakeApi(200, { data: [EMAIL] }, [COOKIE]);
    const thrown = await loadMailbox(api, page('/dev/mailbox?key=k3y&to=ana%40example.com')).catch(
      (error: unknown) => error,
    );
    expect(paths).toEqual(['/api/dev/mailbox?to=ana%40example.com&key=k3y']);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dev/mailbox?to=ana%40example.com');
    expect(response.headers.get('set-cookie')).toBe(COOKIE);
  });

  it('turns the API 404 (no mailbox, or no key) into a 404 page, without setting anything', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox?key=wrong']) {
      await expect(loadMailbox(fakeApi(404, null).api, page(path))).rejects.toMatchObject({
        data: null,
        init: { status: 404 },
      });
    }
  });

  it('leaves any other failure to the error page', async () => {
    await expect(loadMailbox(fakeApi(500, null).api, page('/dev/mailbox'))).rejects.toThrow('HTTP 500');
  });
});

describe('loadMailboxMessage', () => {
  it('returns one email', async () => {
    const { api, paths } = fakeApi(200, { data: EMAIL });
    expect(await loadMailboxMessage(api, EMAIL.id, page(`/dev/mailbox/${EMAIL.id}`))).toEqual(EMAIL);
    expect(paths).toEqual([`/api/dev/mailbox/${EMAIL.id}`]);
  });

  it('exchanges a key in the address for the cookie too', async () => {
    const { api, paths } = fakeApi(200, { data: EMAIL }, [COOKIE]);
    const thrown = await loadMailboxMessage(api, EMAIL.id, page(`/dev/mailbox/${EMAIL.id}?key=k3y`)).catch(
      (error: unknown) => error,
    );
    expect(paths).toEqual([`/api/dev/mailbox/${EMAIL.id}?key=k3y`]);
    expect((thrown as Response).headers.get('location')).toBe(`/dev/mailbox/${EMAIL.id}`);
    expect((thrown as Response).headers.get('set-cookie')).toBe(COOKIE);
  });

  it.each([404, 400])('answers a 404 page when the API says %i', async (status) => {
    await expect(
      loadMailboxMessage(fakeApi(status, null).api, 'x', page('/dev/mailbox/x')),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
