import { describe, expect, it } from 'vitest';
import { AVATAR_VARIANT_SIZES, avatarKey, avatarPrefix, avatarVariants } from './avatar-variants.ts';

const ID = '0b6c2f57-1d55-4d6e-9a57-2c8f3c1c5b7e';

describe('avatar variants', () => {
  it('are the four squares of the spec, largest last', () => {
    expect(AVATAR_VARIANT_SIZES).toEqual({
      'square-xsmall': 40,
      'square-xsmall2x': 80,
      'square-small': 240,
      'square-small2x': 480,
    });
  });

  it('live under one prefix per image', () => {
    expect(avatarKey(ID, 'square-small')).toBe(`avatars/${ID}/square-small.webp`);
    expect(avatarKey(ID, 'square-small').startsWith(avatarPrefix(ID))).toBe(true);
  });

  it('are made by the storage from the key prefix users.image holds', () => {
    const local = { url: (key: string) => `/uploads/${key}` };
    expect(avatarVariants(`avatars/${ID}/`, local)).toEqual({
      'square-xsmall': `/uploads/avatars/${ID}/square-xsmall.webp`,
      'square-xsmall2x': `/uploads/avatars/${ID}/square-xsmall2x.webp`,
      'square-small': `/uploads/avatars/${ID}/square-small.webp`,
      'square-small2x': `/uploads/avatars/${ID}/square-small2x.webp`,
    });
    // The same row, once the files have moved behind a CDN: a configuration change, not a data one.
    const cdn = { url: (key: string) => `https://cdn.example.com/${key}` };
    expect(avatarVariants(`avatars/${ID}/`, cdn)?.['square-xsmall']).toBe(
      `https://cdn.example.com/avatars/${ID}/square-xsmall.webp`,
    );
  });

  it('are absent without an avatar, or for a value that is neither a key nor an https URL', () => {
    const storage = { url: (key: string) => `/uploads/${key}` };
    expect(avatarVariants(null, storage)).toBeNull();
    for (const value of [
      `/uploads/avatars/${ID}/square-small2x.webp`,
      'avatars/../',
      'javascript:alert(1)',
      '',
    ]) {
      expect(avatarVariants(value, storage), value).toBeNull();
    }
  });

  it('all point at a picture Hora did not make (an identity provider photo)', () => {
    const storage = { url: (key: string) => `/uploads/${key}` };
    const photo = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    expect(Object.values(avatarVariants(photo, storage)!)).toEqual([photo, photo, photo, photo]);
  });
});
