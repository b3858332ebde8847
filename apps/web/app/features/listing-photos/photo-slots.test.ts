import type { ListingImageView } from '@hora/core/listing';
import { describe, expect, it } from 'vitest';
import { apiErrorKey } from '../forms/api-error-key.ts';
import {
  type ChosenFile,
  canSubmit,
  initialPhotos,
  isUploading,
  nextToSend,
  type PhotosAction,
  type PhotosState,
  percentSent,
  photoFileError,
  photosOf,
  photosReducer,
} from './photo-slots.ts';

const image = (id: string): ListingImageView => {
  const variant = { width: 1, height: 1, webp: `/${id}.webp`, jpeg: `/${id}.jpg` };
  return {
    id,
    width: 800,
    height: 600,
    variants: {
      'landscape-crop': variant,
      'landscape-crop2x': variant,
      'square-small': variant,
      'square-small2x': variant,
    },
  };
};

const file = (key: string, error: string | null = null): ChosenFile => ({
  key,
  fileName: `${key}.jpg`,
  size: 1000,
  error,
});

const run = (state: PhotosState, ...actions: PhotosAction[]) => actions.reduce(photosReducer, state);
const ids = (state: PhotosState) => photosOf(state).map((photo) => photo.id);
const kinds = (state: PhotosState) => state.slots.map((slot) => `${slot.kind}:${slot.key}`);

describe('the photos tab state', () => {
  it('starts from the listing’s photos, cover first', () => {
    const state = initialPhotos([image('a'), image('b')]);
    expect(ids(state)).toEqual(['a', 'b']);
    expect(canSubmit(state)).toBe(true);
    expect(canSubmit(initialPhotos([]))).toBe(false);
  });

  it('gives each chosen file a slot; files refused in the browser fail at once, the rest wait', () => {
    const state = run(initialPhotos([image('a')]), {
      type: 'chosen',
      files: [file('f1'), file('f2', 'photos.errors.tooBig'), file('f3')],
    });
    expect(kinds(state)).toEqual(['photo:a', 'upload:f1', 'failed:f2', 'upload:f3']);
    expect(state.slots[2]).toMatchObject({ error: 'photos.errors.tooBig', retry: false });
    expect(isUploading(state)).toBe(true);
    expect(canSubmit(state)).toBe(false);
  });

  it('sends at most a few at once, in the order chosen', () => {
    let state = run(initialPhotos([]), {
      type: 'chosen',
      files: ['f1', 'f2', 'f3', 'f4'].map((key) => file(key)),
    });
    expect(nextToSend(state, 3)).toEqual(['f1', 'f2', 'f3']);
    state = run(state, { type: 'sending', key: 'f1' }, { type: 'sending', key: 'f2' });
    expect(nextToSend(state, 3)).toEqual(['f3']);
    state = run(state, { type: 'sending', key: 'f3' });
    expect(nextToSend(state, 3)).toEqual([]);
    state = run(state, { type: 'uploaded', key: 'f2', image: image('b') });
    expect(nextToSend(state, 3)).toEqual(['f4']);
  });

  it('tracks each file’s progress on its own', () => {
    const state = run(
      initialPhotos([]),
      { type: 'chosen', files: [file('f1'), file('f2')] },
      { type: 'progress', key: 'f1', loaded: 250, total: 1000 },
      { type: 'progress', key: 'f2', loaded: 999, total: 1000 },
    );
    expect(
      state.slots.map((slot) => (slot.kind === 'upload' ? [slot.status, percentSent(slot)] : null)),
    ).toEqual([
      ['sending', 25],
      ['sending', 99],
    ]);
    expect(percentSent({ loaded: 5, total: 0 })).toBe(0);
    expect(percentSent({ loaded: 2000, total: 1000 })).toBe(100);
  });

  it('puts photos in the order they were chosen, whichever upload ends first', () => {
    const state = run(
      initialPhotos([image('a')]),
      { type: 'chosen', files: [file('f1'), file('f2'), file('f3')] },
      { type: 'uploaded', key: 'f3', image: image('c') },
      { type: 'uploaded', key: 'f1', image: image('x') },
      { type: 'uploaded', key: 'f2', image: image('y') },
    );
    expect(ids(state)).toEqual(['a', 'x', 'y', 'c']);
    expect(canSubmit(state)).toBe(true);
  });

  it('keeps the other files and photos when one upload fails, and can try it again', () => {
    let state = run(
      initialPhotos([image('a')]),
      { type: 'chosen', files: [file('f1'), file('f2')] },
      { type: 'failed', key: 'f1', error: 'photos.errors.network' },
      { type: 'uploaded', key: 'f2', image: image('b') },
    );
    expect(kinds(state)).toEqual(['photo:a', 'failed:f1', 'photo:b']);
    expect(state.slots[1]).toMatchObject({ error: 'photos.errors.network', retry: true });
    // A failure does not hold the tab back: the photos that arrived can be saved.
    expect(canSubmit(state)).toBe(true);

    state = run(state, { type: 'retried', key: 'f1' });
    expect(state.slots[1]).toMatchObject({ kind: 'upload', status: 'waiting', loaded: 0, total: 1000 });
    state = run(state, { type: 'uploaded', key: 'f1', image: image('c') });
    expect(ids(state)).toEqual(['a', 'c', 'b']);
  });

  it('offers a retry only where sending again may help', () => {
    const state = run(
      initialPhotos([]),
      { type: 'chosen', files: [file('f1'), file('f2')] },
      { type: 'failed', key: 'f1', error: 'photos.errors.wrongType' },
      { type: 'failed', key: 'f2', error: apiErrorKey('internal-error') },
    );
    expect(state.slots.map((slot) => slot.kind === 'failed' && slot.retry)).toEqual([false, true]);
    expect(run(state, { type: 'retried', key: 'f1' })).toEqual(state);
  });

  it('dismisses a failure and removes a photo, the next photo becoming the cover', () => {
    const state = run(
      initialPhotos([image('a'), image('b')]),
      { type: 'chosen', files: [file('f1', 'photos.errors.wrongType')] },
      { type: 'dismissed', key: 'f1' },
      { type: 'removed', imageId: 'a' },
    );
    expect(kinds(state)).toEqual(['photo:b']);
  });

  it('moves a photo onto another’s place, leaving uploads where they are', () => {
    const start = run(initialPhotos([image('a'), image('b'), image('c')]), {
      type: 'chosen',
      files: [file('f1')],
    });
    expect(ids(run(start, { type: 'moved', activeKey: 'c', overKey: 'a' }))).toEqual(['c', 'a', 'b']);
    expect(ids(run(start, { type: 'moved', activeKey: 'a', overKey: 'b' }))).toEqual(['b', 'a', 'c']);
    expect(kinds(run(start, { type: 'moved', activeKey: 'a', overKey: 'c' })).at(-1)).toBe('upload:f1');
    expect(run(start, { type: 'moved', activeKey: 'a', overKey: 'f1' })).toBe(start);
    expect(run(start, { type: 'moved', activeKey: 'a', overKey: 'a' })).toBe(start);
  });

  it('refuses files past 30 photos with a clear error, counting uploads under way', () => {
    const photos = Array.from({ length: 28 }, (_, index) => image(`p${index}`));
    let state = run(initialPhotos(photos), { type: 'chosen', files: [file('f1'), file('f2'), file('f3')] });
    expect(kinds(state).slice(-3)).toEqual(['upload:f1', 'upload:f2', 'failed:f3']);
    expect(state.slots.at(-1)).toMatchObject({ error: 'photos.errors.tooMany', retry: false });
    // A failed upload frees its place; retrying waits for one.
    state = run(state, { type: 'failed', key: 'f1', error: 'photos.errors.network' });
    state = run(state, { type: 'chosen', files: [file('f4')] }, { type: 'retried', key: 'f1' });
    expect(kinds(state).slice(-4)).toEqual(['failed:f1', 'upload:f2', 'failed:f3', 'upload:f4']);
  });
});

describe('photoFileError', () => {
  it.each([
    [{ name: 'salon.jpg', type: 'image/jpeg', size: 20 * 1024 * 1024 }, null],
    [{ name: 'salon.webp', type: 'image/webp', size: 1 }, null],
    [{ name: 'salon.png', type: 'image/png', size: 20 * 1024 * 1024 + 1 }, 'photos.errors.tooBig'],
    [{ name: 'IMG_0001.HEIC', type: 'image/heic', size: 1 }, 'photos.errors.heic'],
    [{ name: 'IMG_0001.heic', type: '', size: 1 }, 'photos.errors.heic'],
    [{ name: 'plano.svg', type: 'image/svg+xml', size: 1 }, 'photos.errors.wrongType'],
    [{ name: 'notas.txt', type: 'text/plain', size: 1 }, 'photos.errors.wrongType'],
    // The browser could not tell: the server reads the content.
    [{ name: 'foto', type: '', size: 1 }, null],
  ])('%j → %s', (input, expected) => {
    expect(photoFileError(input)).toBe(expected);
  });
});
