export { assertSafeKey, assertSafePrefix, type ImageStorage, isSafeKey } from './image-storage.ts';
export { createLocalImageStorage, type LocalImageStorageOptions } from './local-image-storage.ts';
export { registerUploads, UPLOADS_CACHE_CONTROL, type UploadsOptions } from './uploads.ts';
