import { describe, expect, it, vi } from 'vitest';
import { AVATAR_UPLOAD_PATH, uploadAvatar } from './avatar-upload.ts';

const variants = {
  'square-xsmall': '/images/avatars/1/square-xsmall.webp',
  'square-xsmall2x': '/images/avatars/1/square-xsmall2x.webp',
  'square-small': '/images/avatars/1/square-small.webp',
  'square-small2x': '/images/avatars/1/square-small2x.webp',
};

const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

function answer(status: number, body: unknown) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));
}

function apiError(status: number, code: string, meta: Record<string, unknown> = {}) {
  return { errors: [{ id: 'x', status, code, title: code, meta }] };
}

describe('uploadAvatar', () => {
  it('posts the file as the multipart field "image" to the avatar endpoint', async () => {
    const send = answer(200, { image: { id: 'b4c1', variants } });
    await uploadAvatar(file, send);
    const [path, init] = send.mock.calls[0]!;
    expect(path).toBe(AVATAR_UPLOAD_PATH);
    expect(init?.method).toBe('POST');
    const body = init?.body as FormData;
    expect((body.get('image') as File).size).toBe(3);
  });

  it('returns the variants of the new picture', async () => {
    expect(await uploadAvatar(file, answer(200, { image: { id: 'b4c1', variants } }))).toEqual({
      ok: true,
      avatar: variants,
    });
  });

  it.each([
    [413, apiError(413, 'request-upload-over-limit'), 'errors.api.request-upload-over-limit'],
    [
      400,
      apiError(400, 'validation-invalid-value', { reason: 'unsupported-type', field: 'image' }),
      'validation.image.typeInvalid',
    ],
    [
      400,
      apiError(400, 'validation-invalid-value', { reason: 'unsupported-type' }),
      'validation.image.typeInvalid',
    ],
    [401, apiError(401, 'unauthorized'), 'account.sessionExpired'],
    [500, apiError(500, 'internal-error'), 'errors.api.internal-error'],
    [502, 'Bad gateway', 'errors.api.generic'],
  ])('turns a %i answer into a message key', async (status, body, key) => {
    expect(await uploadAvatar(file, answer(status, body))).toEqual({ ok: false, error: key });
  });

  it('reports a network failure without throwing', async () => {
    const send = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await uploadAvatar(file, send)).toEqual({
      ok: false,
      error: 'account.profileSettings.avatar.networkError',
    });
  });

  it('treats a success without variants as a failure', async () => {
    expect(await uploadAvatar(file, answer(200, { image: {} }))).toEqual({
      ok: false,
      error: 'errors.api.generic',
    });
  });
});
