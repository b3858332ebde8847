export {
  AVATAR_VARIANT_SIZES,
  AVATAR_VARIANTS,
  type AvatarVariant,
  type AvatarVariantUrls,
  avatarKey,
  avatarPrefix,
  avatarVariants,
  STORED_AVATAR_VARIANT,
} from './avatar-variants.ts';
export { renderInitialsAvatar } from './initials-avatar.ts';
export {
  type AvatarVariantImage,
  MAX_INPUT_PIXELS,
  type ProcessedAvatar,
  processAvatar,
  uploadOverLimit,
} from './process-avatar.ts';
export { replaceUserAvatar } from './repository.ts';
export { type AvatarRoutesOptions, avatarRoutes } from './routes.ts';
export { type SaveAvatarInput, type SavedAvatar, saveAvatar } from './service.ts';
