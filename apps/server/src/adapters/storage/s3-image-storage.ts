import {
  DeleteObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import {
  assertSafeKey,
  assertSafePrefix,
  type ImageStorage,
  UPLOADS_CACHE_CONTROL,
} from './image-storage.ts';

export interface S3ImageStorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); AWS itself when undefined. */
  endpoint?: string | undefined;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>` (MinIO needs it). */
  forcePathStyle?: boolean;
  /** Static keys; when undefined, the SDK's own chain (environment, instance role, ...) provides them. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /**
   * Where browsers read the objects: a CDN or the bucket's public domain (R2 serves none on its S3
   * endpoint). By default the bucket's own address at the endpoint.
   */
  publicUrl?: string | undefined;
  /** Keys per listing page when removing a prefix (S3's maximum, 1000, unless a test needs pages). */
  listPageSize?: number;
}

/** The address of the bucket's objects when no public URL is configured. */
export function defaultS3PublicUrl({
  bucket,
  region,
  endpoint,
  forcePathStyle = false,
}: Pick<S3ImageStorageOptions, 'bucket' | 'region' | 'endpoint' | 'forcePathStyle'>): string {
  if (!endpoint) return `https://${bucket}.s3.${region}.amazonaws.com`;
  const url = new URL(endpoint);
  const base = `${url.origin}${url.pathname.replace(/\/$/, '')}`;
  return forcePathStyle ? `${base}/${bucket}` : `${url.protocol}//${bucket}.${url.host}`;
}

/**
 * Images in an S3-compatible bucket. Objects are written whole by `PutObject` (a reader never sees
 * half of one) with the year-long immutable Cache-Control, which S3 and CDNs send back as stored.
 * The bucket (or the CDN) must let anyone read; nothing here lists or writes for browsers.
 */
export function createS3ImageStorage(options: S3ImageStorageOptions): ImageStorage {
  const { bucket, listPageSize = 1000 } = options;
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? false,
    // Checksums only where S3 requires them: several S3-compatible services refuse the newer
    // default (CRC32 trailers on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  };
  const client = new S3Client(config);
  const base = (options.publicUrl ?? defaultS3PublicUrl(options)).replace(/\/$/, '');

  async function keysStartingWith(prefix: string, after: string | undefined) {
    const page = await client.send(
      new ListObjectsV2Command({
        Bucket: bucket,
        Prefix: prefix,
        MaxKeys: listPageSize,
        ContinuationToken: after,
      }),
    );
    return {
      keys: (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])),
      next: page.IsTruncated ? page.NextContinuationToken : undefined,
    };
  }

  return {
    contentSecurity: { images: [`${base}/`] },

    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: UPLOADS_CACHE_CONTROL,
        }),
      );
    },

    async removePrefix(prefix) {
      assertSafePrefix(prefix);
      let after: string | undefined;
      do {
        const page = await keysStartingWith(prefix, after);
        if (page.keys.length > 0) {
          const result = await client.send(
            new DeleteObjectsCommand({
              Bucket: bucket,
              Delete: { Objects: page.keys.map((Key) => ({ Key })), Quiet: true },
            }),
          );
          const failed = result.Errors ?? [];
          if (failed.length > 0) {
            throw new Error(
              `S3 kept ${failed.length} object(s) under ${prefix}: ${failed[0]?.Code ?? 'unknown'} ${failed[0]?.Message ?? ''}`.trim(),
            );
          }
        }
        after = page.next;
      } while (after !== undefined);
    },

    url(key) {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
  };
}
