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

/** A stand-in for `context.api` that answers one status and records the paths it was asked for. */
function fakeApi(status: number, data: unknown) {
  const paths: string[] = [];
  const api = (async (path: string) => {
    paths.push(path);
    return { status, data } as ApiResult<never>;
  }) as WebContext['api'];
  return { api, paths };
}

describe('loadMailbox', () => {
  it('asks for every email, or for one address, and returns the list', async () => {
    const all = fakeApi(200, { data: [EMAIL] });
    expect(await loadMailbox(all.api, '')).toEqual([EMAIL]);
    const filtered = fakeApi(200, { data: [] });
    await loadMailbox(filtered.api, 'ana+test@example.com');
    expect([...all.paths, ...filtered.paths]).toEqual([
      '/api/dev/mailbox',
      '/api/dev/mailbox?to=ana%2Btest%40example.com',
    ]);
  });

  it('turns the API 404 of production into a 404 page', async () => {
    await expect(loadMailbox(fakeApi(404, null).api, '')).rejects.toMatchObject({
      data: null,
      init: { status: 404 },
    });
  });

  it('leaves any other failure to the error page', async () => {
    await expect(loadMailbox(fakeApi(500, null).api, '')).rejects.toThrow('HTTP 500');
  });
});

describe('loadMailboxMessage', () => {
  it('returns one email', async () => {
    const { api, paths } = fakeApi(200, { data: EMAIL });
    expect(await loadMailboxMessage(api, EMAIL.id)).toEqual(EMAIL);
    expect(paths).toEqual([`/api/dev/mailbox/${EMAIL.id}`]);
  });

  it.each([404, 400])('answers a 404 page when the API says %i', async (status) => {
    await expect(loadMailboxMessage(fakeApi(status, null).api, 'x')).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
