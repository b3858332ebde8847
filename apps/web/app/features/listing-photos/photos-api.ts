import type { ListingImageView } from '@hora/core/listing';
import { formErrorsFrom } from '../forms/api-errors.ts';
import { listingImagesPath } from './upload-photo.ts';

export type PhotosResult = { ok: true; images: ListingImageView[] } | { ok: false; error: string };

/** Sends JSON (or nothing) and reads `{data: ListingImageView[]}`. Never throws: a failure is a message key. */
async function send(path: string, init: RequestInit, fetcher: typeof fetch): Promise<PhotosResult> {
  let response: Response;
  try {
    response = await fetcher(path, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    return { ok: false, error: 'photos.errors.network' };
  }
  const data: unknown = await response.json().catch(() => null);
  const images = (data as { data?: ListingImageView[] } | null)?.data;
  if (response.ok && Array.isArray(images)) return { ok: true, images };
  if (response.status === 401) return { ok: false, error: 'photos.errors.sessionExpired' };
  // The photos changed elsewhere (another tab added or removed one): this page's list is out of date.
  const reason = (data as { errors?: { meta?: { reason?: unknown } }[] } | null)?.errors?.[0]?.meta?.reason;
  if (reason === 'image-set-mismatch') return { ok: false, error: 'photos.errors.outdated' };
  const errors = formErrorsFrom({ status: response.status, data });
  return { ok: false, error: errors.form ?? Object.values(errors.fields)[0] ?? 'errors.api.generic' };
}

export function removePhoto(listingId: string, imageId: string, fetcher: typeof fetch = fetch) {
  return send(
    `${listingImagesPath(listingId)}/${encodeURIComponent(imageId)}`,
    { method: 'DELETE' },
    fetcher,
  );
}

/** Saves the host's order, cover first; the API answers the photos in that order. */
export function savePhotoOrder(listingId: string, imageIds: string[], fetcher: typeof fetch = fetch) {
  return send(
    `${listingImagesPath(listingId)}/order`,
    { method: 'PUT', body: JSON.stringify({ imageIds }) },
    fetcher,
  );
}
