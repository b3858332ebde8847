import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const MINIO = {
  IMAGE_STORAGE: 's3',
  S3_BUCKET: 'hora-images',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'minio',
  S3_SECRET_ACCESS_KEY: 'not-real',
};

describe('image storage configuration', () => {
  it('keeps images in the local folder by default', () => {
    expect(loadConfig({}).imageStorage).toEqual({ kind: 'local' });
    expect(loadConfig({ IMAGE_STORAGE: 'local', S3_BUCKET: '' }).imageStorage).toEqual({ kind: 'local' });
  });

  it('selects an S3-compatible bucket with its endpoint, path style and keys', () => {
    expect(loadConfig(MINIO).imageStorage).toEqual({
      kind: 's3',
      bucket: 'hora-images',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'not-real' },
      publicUrl: undefined,
    });
  });

  it('selects AWS S3 with a region, a CDN and the SDK’s own credentials', () => {
    expect(
      loadConfig({
        IMAGE_STORAGE: 's3',
        S3_BUCKET: 'hora-images',
        S3_REGION: 'eu-west-3',
        S3_PUBLIC_URL: 'https://img.hora.es',
      }).imageStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'hora-images',
      region: 'eu-west-3',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: 'https://img.hora.es',
    });
  });

  it('says what is missing, naming each variable', () => {
    expect(problemsOf({ IMAGE_STORAGE: 's3' })).toEqual([
      'S3_BUCKET: is required when IMAGE_STORAGE is s3',
      'S3_REGION: is required for AWS S3 (set S3_ENDPOINT for another S3-compatible service)',
    ]);
    expect(problemsOf({ ...MINIO, S3_SECRET_ACCESS_KEY: '' })).toEqual([
      'S3_SECRET_ACCESS_KEY: is required when S3_ACCESS_KEY_ID is set',
    ]);
    expect(problemsOf({ ...MINIO, S3_ACCESS_KEY_ID: '' })).toEqual([
      'S3_ACCESS_KEY_ID: is required when S3_SECRET_ACCESS_KEY is set',
    ]);
    expect(problemsOf({ IMAGE_STORAGE: 'disk' })).toEqual(['IMAGE_STORAGE: must be local or s3']);
    expect(problemsOf({ IMAGE_STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket', S3_REGION: 'x' })).toEqual([
      'S3_BUCKET: must be an S3 bucket name',
    ]);
  });

  it('refuses S3 settings that would be ignored', () => {
    expect(problemsOf({ S3_BUCKET: 'hora-images', S3_REGION: 'eu-west-3' })).toEqual([
      'IMAGE_STORAGE: must be s3 when S3_BUCKET, S3_REGION is set',
    ]);
  });

  it('needs an address pages may load images from: https, or http on localhost outside production', () => {
    expect(problemsOf({ ...MINIO, S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      'S3_ENDPOINT: must be an https URL (or http on localhost): pages load the images from it',
    ]);
    expect(
      problemsOf({
        ...MINIO,
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_PUBLIC_URL: 'https://img.hora.es',
      }),
    ).toEqual([]);
    expect(
      problemsOf({ ...MINIO, NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).filter((problem) =>
        problem.startsWith('S3_'),
      ),
    ).toEqual(['S3_ENDPOINT: must be an https URL: pages load the images from it']);
  });
});
