import type { ImageStorage } from '../../adapters/storage/index.ts';

/** The square avatar variants of spec part 2 §6 (current user show), by side in pixels. */
export const AVATAR_VARIANT_SIZES = {
  'square-xsmall': 40,
  'square-xsmall2x': 80,
  'square-small': 240,
  'square-small2x': 480,
} as const;

export type AvatarVariant = keyof typeof AVATAR_VARIANT_SIZES;

export const AVATAR_VARIANTS = Object.keys(AVATAR_VARIANT_SIZES) as AvatarVariant[];

export type AvatarVariantUrls = Record<AvatarVariant, string>;

/** Every file of one avatar lives under this prefix, which `users.image` and the image row keep. */
export function avatarPrefix(imageId: string): string {
  return `avatars/${imageId}/`;
}

export function avatarKey(imageId: string, variant: AvatarVariant): string {
  return avatarKeyOf(avatarPrefix(imageId), variant);
}

function avatarKeyOf(prefix: string, variant: AvatarVariant): string {
  return `${prefix}${variant}.webp`;
}

const AVATAR_PREFIX = /^avatars\/[0-9a-f-]{36}\/$/;

/**
 * All variant URLs of the avatar `users.image` names, made by the storage in use. It holds the key
 * prefix of an avatar Hora made, or the https URL of a picture it did not (an identity provider's
 * photo), which has no variants: every size points at it. Anything else shows no picture.
 */
export function avatarVariants(
  image: string | null,
  storage: Pick<ImageStorage, 'url'>,
): AvatarVariantUrls | null {
  if (image === null) return null;
  const url = AVATAR_PREFIX.test(image)
    ? (variant: AvatarVariant) => storage.url(avatarKeyOf(image, variant))
    : image.startsWith('https://')
      ? () => image
      : null;
  if (url === null) return null;
  return Object.fromEntries(AVATAR_VARIANTS.map((variant) => [variant, url(variant)])) as AvatarVariantUrls;
}
