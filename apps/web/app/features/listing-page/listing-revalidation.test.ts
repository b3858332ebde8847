import { describe, expect, it } from 'vitest';
import { shouldRevalidateListing } from './listing-revalidation.ts';

const page = 'http://hora.test/l/sala/0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f';
const args = (from: string, to: string, formMethod?: string, formAction?: string) => ({
  currentUrl: new URL(`${page}${from}`),
  nextUrl: new URL(`${page}${to}`),
  formMethod: formMethod as never,
  formAction,
  defaultShouldRevalidate: true,
});

describe('shouldRevalidateListing', () => {
  it.each([
    ['', '?book=true'],
    ['?book=true', ''],
    ['?days=14', '?days=14&book=true'],
    ['', '?contact=true'],
  ])('keeps the loaded listing when only the page’s flags change (%s → %s)', (from, to) => {
    expect(shouldRevalidateListing(args(from, to))).toBe(false);
  });

  it.each([
    ['', '?days=14'],
    ['?book=true', '?book=true'],
  ])('loads again when what the page shows may change (%s → %s)', (from, to) => {
    expect(shouldRevalidateListing(args(from, to))).toBe(true);
  });

  it('loads again after a form was sent', () => {
    expect(shouldRevalidateListing(args('', '?book=true', 'post'))).toBe(true);
  });

  it('keeps the listing and its free time after the favourite heart was sent (the heart knows)', () => {
    const heart = '/favourites/0f6e8d52-1b7a-4c4e-9f5e-3c2d1a0b9e8f';
    expect(shouldRevalidateListing(args('', '', 'post', heart))).toBe(false);
  });
});
