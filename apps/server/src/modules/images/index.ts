export {
  AVATAR_VARIANT_SIZES,
  AVATAR_VARIANTS,
  type AvatarVariant,
  type AvatarVariantUrls,
  avatarKey,
  avatarPrefix,
  avatarVariants,
} from './avatar-variants.ts';
export { MAX_INPUT_PIXELS, uploadOverLimit } from './image-input.ts';
export { renderInitialsAvatar } from './initials-avatar.ts';
export {
  type ListingImageRoutesOptions,
  listingImageRoutes,
  listingImageViewSchema,
} from './listing-image-routes.ts';
export {
  LISTING_IMAGE_FORMAT_NAMES,
  LISTING_IMAGE_FORMATS,
  LISTING_IMAGE_VARIANT_NAMES,
  type ListingImageFormat,
  type ListingImageRow,
  listingImageKey,
  listingImagePrefix,
  listingImagesPrefix,
  listingImageView,
} from './listing-image-variants.ts';
export {
  countListingImages,
  listingCoverColumn,
  listingImageRowsColumn,
} from './listing-images-repository.ts';
export {
  createListingImagesReader,
  type ListingImagesReader,
  type ListingImagesService,
  listingImagesService,
} from './listing-images-service.ts';
export { type AvatarVariantImage, type ProcessedAvatar, processAvatar } from './process-avatar.ts';
export {
  type ListingImageFile,
  type ProcessedListingImage,
  processListingImage,
} from './process-listing-image.ts';
export { replaceUserAvatar } from './repository.ts';
export { type AvatarRoutesOptions, avatarRoutes } from './routes.ts';
export { type SaveAvatarInput, type SavedAvatar, saveAvatar } from './service.ts';
