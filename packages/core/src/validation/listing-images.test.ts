import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listingImageFileSchema, listingImageOrderSchema } from './listing-images.ts';
import { MESSAGES as M } from './messages.ts';
import { validate } from './shared.ts';

const errors = (schema: z.ZodType, input: unknown) => {
  const result = validate(schema, input);
  return result.ok ? {} : result.errors;
};
const A = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const B = '0b6c2f57-1d55-4d6e-9a57-2c8f3c1c5b7e';

describe('listing photos', () => {
  it.each([
    [{ type: 'image/jpeg', size: 20 * 1024 * 1024 }, {}],
    [{ type: 'image/webp', size: 1 }, {}],
    [{ type: 'image/gif', size: 0 }, {}],
    [{ type: 'image/heic', size: 1 }, { type: M.listingImageTypeInvalid }],
    [{ type: 'image/svg+xml', size: 1 }, { type: M.listingImageTypeInvalid }],
    [{ type: 'image/png', size: 20 * 1024 * 1024 + 1 }, { size: M.imageTooLarge }],
  ])('check a file before upload: %j', (input, expected) => {
    expect(errors(listingImageFileSchema, input)).toEqual(expected);
  });

  it.each([
    [{ imageIds: [A, B] }, {}],
    [{ imageIds: [] }, {}],
    [{ imageIds: [A, A] }, { imageIds: M.imageIdsDuplicated }],
    [{ imageIds: ['not-a-uuid'] }, { 'imageIds.0': M.uuidInvalid }],
    [{}, { imageIds: M.required }],
    [
      { imageIds: Array.from({ length: 31 }, (_, i) => `${A.slice(0, -2)}${String(i).padStart(2, '0')}`) },
      { imageIds: M.invalid },
    ],
  ])('order every image once: %j', (input, expected) => {
    expect(errors(listingImageOrderSchema, input)).toEqual(expected);
  });
});
