import { describe, expect, it, vi } from 'vitest';
import { removePhoto, savePhotoOrder } from './photos-api.ts';

const answer = (status: number, body: unknown) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('photos API calls', () => {
  it('saves the order as JSON and reads the photos back', async () => {
    const send = answer(200, { data: [{ id: 'b' }, { id: 'a' }] });
    expect(await savePhotoOrder('l1', ['b', 'a'], send)).toEqual({
      ok: true,
      images: [{ id: 'b' }, { id: 'a' }],
    });
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('/api/own-listings/l1/images/order');
    expect(init).toMatchObject({ method: 'PUT', body: '{"imageIds":["b","a"]}', credentials: 'same-origin' });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it('removes a photo with DELETE', async () => {
    const send = answer(200, { data: [] });
    expect(await removePhoto('l1', 'a', send)).toEqual({ ok: true, images: [] });
    expect(send.mock.calls[0]![0]).toBe('/api/own-listings/l1/images/a');
    expect(send.mock.calls[0]![1]).toMatchObject({ method: 'DELETE' });
  });

  it('turns failures into message keys and never throws', async () => {
    const refused = answer(400, {
      errors: [
        {
          id: 'x',
          status: 400,
          code: 'validation-invalid-value',
          title: 't',
          meta: { reason: 'image-set-mismatch' },
        },
      ],
    });
    expect(await savePhotoOrder('l1', ['a'], refused)).toEqual({
      ok: false,
      error: 'photos.errors.outdated',
    });
    expect(await removePhoto('l1', 'a', answer(401, {}))).toEqual({
      ok: false,
      error: 'photos.errors.sessionExpired',
    });
    expect(
      await removePhoto('l1', 'a', answer(403, { errors: [{ code: 'forbidden', status: 403 }] })),
    ).toEqual({
      ok: false,
      error: 'errors.api.forbidden',
    });
    const offline = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await removePhoto('l1', 'a', offline)).toEqual({ ok: false, error: 'photos.errors.network' });
  });
});
