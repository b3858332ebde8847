import type { AppConfig } from '../../config.ts';
import type { ImageStorage } from './image-storage.ts';
import { createLocalImageStorage } from './local-image-storage.ts';
import { createS3ImageStorage } from './s3-image-storage.ts';

export {
  assertSafeKey,
  assertSafePrefix,
  type ImageStorage,
  isSafeKey,
  UPLOADS_CACHE_CONTROL,
} from './image-storage.ts';
export { createLocalImageStorage, type LocalImageStorageOptions } from './local-image-storage.ts';
export { createS3ImageStorage, defaultS3PublicUrl, type S3ImageStorageOptions } from './s3-image-storage.ts';
export { registerUploads, type UploadsOptions } from './uploads.ts';

/** The image storage the configuration selects: the local folder unless IMAGE_STORAGE=s3. */
export function createImageStorage(config: Pick<AppConfig, 'imageStorage' | 'uploadsDir'>): ImageStorage {
  const { imageStorage } = config;
  if (imageStorage.kind === 's3') return createS3ImageStorage(imageStorage);
  return createLocalImageStorage({ uploadsDir: config.uploadsDir });
}
