import { LIMITS } from '@hora/core/config';
import * as validation from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { imageFileError } from './image-file.ts';

const MB = 1024 * 1024;

describe('imageFileError', () => {
  it.each([
    ['image/jpeg', 1 * MB],
    ['image/png', 0],
    ['image/gif', 20 * MB],
  ])('accepts %s of %i bytes', (type, size) => {
    expect(imageFileError({ type, size }, validation)).toBeNull();
  });

  it.each([['image/webp'], ['image/svg+xml'], ['application/pdf'], ['']])('refuses the type %j', (type) => {
    expect(imageFileError({ type, size: MB }, validation)).toBe('validation.image.typeInvalid');
  });

  it('refuses a file one byte over 20 MB', () => {
    expect(LIMITS.imageMaxBytes).toBe(20 * MB);
    expect(imageFileError({ type: 'image/png', size: 20 * MB + 1 }, validation)).toBe(
      'validation.image.tooLarge',
    );
  });

  it('reports the type first when both are wrong', () => {
    expect(imageFileError({ type: 'image/tiff', size: 30 * MB }, validation)).toBe(
      'validation.image.typeInvalid',
    );
  });
});
