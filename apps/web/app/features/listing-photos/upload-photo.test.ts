import { describe, expect, it } from 'vitest';
import { type UploadRequest, uploadErrorKey, uploadPhoto } from './upload-photo.ts';

/** A stand-in for XMLHttpRequest that the test drives: progress, then an answer or a failure. */
class FakeRequest implements UploadRequest {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  aborted = false;
  upload: UploadRequest['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number, lengthComputable = true) {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const photo = new File([new Uint8Array(2000)], 'salon.jpg', { type: 'image/jpeg' });
const image = { id: 'i1', width: 10, height: 10, variants: {} };

function start(file: Blob = photo) {
  const request = new FakeRequest();
  const progress: [number, number][] = [];
  const upload = uploadPhoto('4d2f…/x', file, {
    onProgress: (loaded, total) => progress.push([loaded, total]),
    createRequest: () => request,
  });
  return { request, progress, upload };
}

const apiError = (status: number, code: string, meta: Record<string, unknown> = {}) => ({
  errors: [{ id: 'x', status, code, title: code, meta }],
});

describe('uploadPhoto', () => {
  it('posts the file in the field "image" and reports progress as it goes', async () => {
    const { request, progress, upload } = start();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/own-listings/4d2f%E2%80%A6%2Fx/images');
    expect((request.body!.get('image') as File).size).toBe(2000);
    request.progress(500, 2100);
    request.progress(2100, 2100);
    // Without a known length, the file's size stands in for the total.
    request.progress(700, 0, false);
    request.answer(201, { data: image });
    expect(progress).toEqual([
      [500, 2100],
      [2100, 2100],
      [700, 2000],
    ]);
    expect(await upload.result).toEqual({ ok: true, image });
  });

  it.each([
    [413, apiError(413, 'request-upload-over-limit', { maxBytes: 1 }), 'photos.errors.tooBig'],
    [413, 'Payload Too Large', 'photos.errors.tooBig'],
    [
      400,
      apiError(400, 'validation-invalid-value', { reason: 'unsupported-type' }),
      'photos.errors.wrongType',
    ],
    [400, apiError(400, 'validation-invalid-value', { reason: 'heic-unsupported' }), 'photos.errors.heic'],
    [
      400,
      apiError(400, 'validation-invalid-value', { reason: 'too-many-pixels' }),
      'photos.errors.tooManyPixels',
    ],
    [400, apiError(400, 'validation-invalid-value', { reason: 'unreadable' }), 'photos.errors.unreadable'],
    [409, apiError(409, 'listing-images-over-limit', { max: 30 }), 'photos.errors.tooMany'],
    [401, apiError(401, 'unauthorized'), 'photos.errors.sessionExpired'],
    [403, apiError(403, 'forbidden'), 'errors.api.forbidden'],
    [500, 'oops', 'errors.api.generic'],
    [201, { unexpected: true }, 'errors.api.generic'],
  ])('turns a %i answer into a message: %j → %s', async (status, body, expected) => {
    const { request, upload } = start();
    request.answer(status, body);
    expect(await upload.result).toEqual({ ok: false, error: expected });
  });

  it('says the network failed when no answer came, and that the upload stopped when aborted', async () => {
    const failed = start();
    failed.request.onerror?.();
    expect(await failed.upload.result).toEqual({ ok: false, error: 'photos.errors.network' });

    const stopped = start();
    stopped.upload.abort();
    expect(stopped.request.aborted).toBe(true);
    expect(await stopped.upload.result).toEqual({ ok: false, error: 'photos.errors.cancelled' });
  });

  it('maps a status alone when there is no body', () => {
    expect(uploadErrorKey(0, null)).toBe('photos.errors.network');
    expect(uploadErrorKey(502, null)).toBe('errors.api.generic');
  });
});
