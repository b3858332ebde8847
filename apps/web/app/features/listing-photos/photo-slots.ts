import { LIMITS } from '@hora/core/config';
import type { ListingImageView } from '@hora/core/listing';
import { apiErrorKey } from '../forms/api-error-key.ts';

/**
 * The photos tab's state, as pure data: one slot per photo or chosen file, in the order the host
 * sees them. A file keeps the slot it was chosen in while it uploads, and its photo takes that
 * slot when it is done, so photos land in the order they were chosen, whichever upload ends first.
 */
export type PhotoSlot =
  | { kind: 'photo'; key: string; image: ListingImageView }
  | {
      kind: 'upload';
      key: string;
      fileName: string;
      /** Waiting for a free connection, or sending (bytes sent of the total). */
      status: 'waiting' | 'sending';
      loaded: number;
      total: number;
    }
  | { kind: 'failed'; key: string; fileName: string; size: number; error: string; retry: boolean };

export interface PhotosState {
  slots: PhotoSlot[];
}

/** A chosen file, checked in the browser: `error` is the message key of the problem, or null. */
export interface ChosenFile {
  key: string;
  fileName: string;
  size: number;
  error: string | null;
}

export type PhotosAction =
  | { type: 'chosen'; files: ChosenFile[] }
  | { type: 'sending'; key: string }
  | { type: 'progress'; key: string; loaded: number; total: number }
  | { type: 'uploaded'; key: string; image: ListingImageView }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retried'; key: string }
  | { type: 'dismissed'; key: string }
  | { type: 'removed'; imageId: string }
  | { type: 'moved'; activeKey: string; overKey: string };

export function initialPhotos(images: readonly ListingImageView[]): PhotosState {
  return { slots: images.map((image) => ({ kind: 'photo', key: image.id, image })) };
}

/** Photos and uploads under way count against the listing's limit; failed files do not. */
function slotsTaken(state: PhotosState): number {
  return state.slots.filter((slot) => slot.kind !== 'failed').length;
}

export function photosReducer(state: PhotosState, action: PhotosAction): PhotosState {
  const replace = (key: string, make: (slot: PhotoSlot) => PhotoSlot | null): PhotosState => ({
    slots: state.slots.flatMap((slot) => {
      if (slot.key !== key) return [slot];
      const next = make(slot);
      return next ? [next] : [];
    }),
  });

  switch (action.type) {
    case 'chosen': {
      let room = LIMITS.listingImagesMax - slotsTaken(state);
      const added = action.files.map((file): PhotoSlot => {
        const error = file.error ?? (room > 0 ? null : 'photos.errors.tooMany');
        if (error)
          return {
            kind: 'failed',
            key: file.key,
            fileName: file.fileName,
            size: file.size,
            error,
            retry: false,
          };
        room -= 1;
        return {
          kind: 'upload',
          key: file.key,
          fileName: file.fileName,
          status: 'waiting',
          loaded: 0,
          total: file.size,
        };
      });
      return { slots: [...state.slots, ...added] };
    }
    case 'sending':
      return replace(action.key, (slot) => (slot.kind === 'upload' ? { ...slot, status: 'sending' } : slot));
    case 'progress':
      return replace(action.key, (slot) =>
        slot.kind === 'upload'
          ? { ...slot, status: 'sending', loaded: action.loaded, total: action.total }
          : slot,
      );
    case 'uploaded':
      return replace(action.key, (slot) =>
        slot.kind === 'upload' ? { kind: 'photo', key: action.image.id, image: action.image } : slot,
      );
    case 'failed':
      return replace(action.key, (slot) =>
        slot.kind === 'upload'
          ? {
              kind: 'failed',
              key: slot.key,
              fileName: slot.fileName,
              size: slot.total,
              error: action.error,
              retry: isWorthRetrying(action.error),
            }
          : slot,
      );
    case 'retried':
      if (slotsTaken(state) >= LIMITS.listingImagesMax) return state;
      return replace(action.key, (slot) =>
        slot.kind === 'failed' && slot.retry
          ? {
              kind: 'upload',
              key: slot.key,
              fileName: slot.fileName,
              status: 'waiting',
              loaded: 0,
              total: slot.size,
            }
          : slot,
      );
    case 'dismissed':
      return replace(action.key, (slot) => (slot.kind === 'failed' ? null : slot));
    case 'removed':
      return replace(action.imageId, (slot) => (slot.kind === 'photo' ? null : slot));
    case 'moved':
      return movePhoto(state, action.activeKey, action.overKey);
  }
}

/**
 * Moves a photo to where another photo is (as a drag or the keyboard drops it there), among the
 * photos only: uploads and failed files keep their slots.
 */
function movePhoto(state: PhotosState, activeKey: string, overKey: string): PhotosState {
  const places = state.slots.flatMap((slot, index) => (slot.kind === 'photo' ? [index] : []));
  const photos = places.map((index) => state.slots[index]!);
  const from = photos.findIndex((slot) => slot.key === activeKey);
  const to = photos.findIndex((slot) => slot.key === overKey);
  if (from < 0 || to < 0 || from === to) return state;
  const [moving] = photos.splice(from, 1);
  photos.splice(to, 0, moving!);
  const slots = [...state.slots];
  places.forEach((index, order) => {
    slots[index] = photos[order]!;
  });
  return { slots };
}

/**
 * Failures that sending the same file again may get past (the connection, a stopped upload, the
 * server's trouble); a refusal of the file itself would only come back.
 */
const WORTH_RETRYING = new Set<string>([
  'photos.errors.network',
  'photos.errors.cancelled',
  'errors.api.generic',
  apiErrorKey('internal-error'),
  apiErrorKey('rate-limited'),
  apiErrorKey('request-timeout'),
]);

export function isWorthRetrying(error: string): boolean {
  return WORTH_RETRYING.has(error);
}

/** The listing's photos in the host's order: the first is the cover. */
export function photosOf(state: PhotosState): ListingImageView[] {
  return state.slots.flatMap((slot) => (slot.kind === 'photo' ? [slot.image] : []));
}

export function isUploading(state: PhotosState): boolean {
  return state.slots.some((slot) => slot.kind === 'upload');
}

/** The spec's rule (at least one photo), and nothing half-sent: the order saved must be complete. */
export function canSubmit(state: PhotosState): boolean {
  return photosOf(state).length > 0 && !isUploading(state);
}

/** The files that may start sending now, at most `parallel` being sent at once, in the order chosen. */
export function nextToSend(state: PhotosState, parallel: number): string[] {
  const sending = state.slots.filter((slot) => slot.kind === 'upload' && slot.status === 'sending').length;
  return state.slots
    .filter((slot) => slot.kind === 'upload' && slot.status === 'waiting')
    .slice(0, Math.max(0, parallel - sending))
    .map((slot) => slot.key);
}

/** Whole percent sent, for the progress bar and its label. */
export function percentSent(slot: { loaded: number; total: number }): number {
  if (slot.total <= 0) return 0;
  return Math.min(100, Math.floor((slot.loaded / slot.total) * 100));
}

/**
 * The check before sending (JPG, PNG, GIF or WebP of at most 20 MB), so a wrong file is refused at
 * once, not after 20 MB. The server checks the content again; a file the browser cannot type (an
 * empty type) is left to it. Returns the message key of the problem, or null.
 */
export function photoFileError(file: { name: string; type: string; size: number }): string | null {
  if (file.size > LIMITS.imageMaxBytes) return 'photos.errors.tooBig';
  if (/^image\/hei[cf]/.test(file.type) || /\.hei[cf]$/i.test(file.name)) return 'photos.errors.heic';
  if (file.type === '') return null;
  return (LIMITS.listingImageTypes as readonly string[]).includes(file.type)
    ? null
    : 'photos.errors.wrongType';
}
