/** The square avatar variants of spec part 2 §6 (current user show), by side in pixels. */
export const AVATAR_VARIANT_SIZES = {
  'square-xsmall': 40,
  'square-xsmall2x': 80,
  'square-small': 240,
  'square-small2x': 480,
} as const;

export type AvatarVariant = keyof typeof AVATAR_VARIANT_SIZES;

export const AVATAR_VARIANTS = Object.keys(AVATAR_VARIANT_SIZES) as AvatarVariant[];

/** The variant whose URL `users.image` stores; the others sit beside it. */
export const STORED_AVATAR_VARIANT = 'square-small2x' satisfies AvatarVariant;

export type AvatarVariantUrls = Record<AvatarVariant, string>;

/** Every file of one avatar lives under this prefix, so removing the avatar removes the prefix. */
export function avatarPrefix(imageId: string): string {
  return `avatars/${imageId}/`;
}

export function avatarKey(imageId: string, variant: AvatarVariant): string {
  return `${avatarPrefix(imageId)}${variant}.webp`;
}

const STORED_FILE = `${STORED_AVATAR_VARIANT}.webp`;

/**
 * All variant URLs from the one stored in `users.image`. A picture that Hora did not make (an
 * identity provider's photo) has no variants, so every size points at it.
 */
export function avatarVariants(imageUrl: string | null): AvatarVariantUrls | null {
  if (imageUrl === null) return null;
  const base = imageUrl.endsWith(`/${STORED_FILE}`)
    ? imageUrl.slice(0, imageUrl.length - STORED_FILE.length)
    : null;
  return Object.fromEntries(
    AVATAR_VARIANTS.map((variant) => [variant, base === null ? imageUrl : `${base}${variant}.webp`]),
  ) as AvatarVariantUrls;
}
