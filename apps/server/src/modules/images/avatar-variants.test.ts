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

  it('are derived from the URL stored in users.image', () => {
    expect(avatarVariants(`/uploads/avatars/${ID}/square-small2x.webp`)).toEqual({
      'square-xsmall': `/uploads/avatars/${ID}/square-xsmall.webp`,
      'square-xsmall2x': `/uploads/avatars/${ID}/square-xsmall2x.webp`,
      'square-small': `/uploads/avatars/${ID}/square-small.webp`,
      'square-small2x': `/uploads/avatars/${ID}/square-small2x.webp`,
    });
    expect(
      avatarVariants(`https://cdn.example.com/avatars/${ID}/square-small2x.webp`)?.['square-xsmall'],
    ).toBe(`https://cdn.example.com/avatars/${ID}/square-xsmall.webp`);
  });

  it('are absent without an avatar', () => {
    expect(avatarVariants(null)).toBeNull();
  });

  it('all point at a picture Hora did not make (an identity provider photo)', () => {
    const photo = 'https://lh3.googleusercontent.com/a/photo=s96-c';
    expect(Object.values(avatarVariants(photo)!)).toEqual([photo, photo, photo, photo]);
    const lookalike = 'https://example.com/my-square-small2x.webp';
    expect(avatarVariants(lookalike)?.['square-xsmall']).toBe(lookalike);
  });
});
