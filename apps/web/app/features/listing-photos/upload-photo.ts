import { type ErrorCode, isErrorCode } from '@hora/core/errors';
import type { ListingImageView } from '@hora/core/listing';
import { apiErrorKey } from '../forms/api-error-key.ts';

export type UploadResult = { ok: true; image: ListingImageView } | { ok: false; error: string };

export function listingImagesPath(listingId: string): string {
  return `/api/own-listings/${encodeURIComponent(listingId)}/images`;
}

/** The message keys of the refusals the host can act on; anything else is the API's own text. */
const REASONS: Record<string, string> = {
  'unsupported-type': 'photos.errors.wrongType',
  'heic-unsupported': 'photos.errors.heic',
  'too-many-pixels': 'photos.errors.tooManyPixels',
  unreadable: 'photos.errors.unreadable',
};

const CODES: Partial<Record<ErrorCode, string>> = {
  'request-upload-over-limit': 'photos.errors.tooBig',
  'listing-images-over-limit': 'photos.errors.tooMany',
};

/** The message key for a failed upload's answer (status 0: the request never got an answer). */
export function uploadErrorKey(status: number, body: unknown): string {
  if (status === 0) return 'photos.errors.network';
  // The API's 401 text is the log-in failure; here it means the session ended in another tab.
  if (status === 401) return 'photos.errors.sessionExpired';
  const error = (body as { errors?: { code?: unknown; meta?: { reason?: unknown } }[] } | null)?.errors?.[0];
  const reason = typeof error?.meta?.reason === 'string' ? REASONS[error.meta.reason] : undefined;
  if (reason) return reason;
  const code = isErrorCode(error?.code) ? error.code : undefined;
  if (code) return CODES[code] ?? apiErrorKey(code);
  if (status === 413) return 'photos.errors.tooBig';
  return 'errors.api.generic';
}

/** The part of XMLHttpRequest an upload uses (tests pass a fake). */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  withCredentials: boolean;
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadOptions {
  onProgress: (loaded: number, total: number) => void;
  createRequest?: () => UploadRequest;
}

/**
 * Sends one photo in the multipart field `image`. XMLHttpRequest, not fetch: only it reports upload
 * progress. Same origin, so the session cookie goes along and the API's cross-site check passes.
 * Never rejects: a failure is a message key. `abort` stops the upload (the tab was left).
 */
export function uploadPhoto(
  listingId: string,
  file: Blob,
  { onProgress, createRequest = () => new XMLHttpRequest() as unknown as UploadRequest }: UploadOptions,
): { result: Promise<UploadResult>; abort: () => void } {
  const request = createRequest();
  const result = new Promise<UploadResult>((resolve) => {
    request.open('POST', listingImagesPath(listingId));
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      const image = (body as { data?: ListingImageView } | null)?.data;
      if (request.status === 201 && image) resolve({ ok: true, image });
      else resolve({ ok: false, error: uploadErrorKey(request.status, body) });
    };
    request.onerror = () => resolve({ ok: false, error: uploadErrorKey(0, null) });
    request.onabort = () => resolve({ ok: false, error: 'photos.errors.cancelled' });
    const body = new FormData();
    body.append('image', file);
    request.send(body);
  });
  return { result, abort: () => request.abort() };
}
