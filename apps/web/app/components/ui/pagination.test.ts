import { describe, expect, it } from 'vitest';
import { pageParamHref } from './pagination.tsx';

describe('pageParamHref', () => {
  const at = { pathname: '/u/abc', search: '?hostReviews=3&tab=x' };

  it('sets the list’s page, keeps the rest of the query and comes back to the list', () => {
    expect(pageParamHref(at, 'hostListings', 2, 'host-listings')).toBe(
      '/u/abc?hostReviews=3&tab=x&hostListings=2#host-listings',
    );
    expect(pageParamHref(at, 'hostReviews', 4, 'reviews')).toBe('/u/abc?hostReviews=4&tab=x#reviews');
  });

  it('gives the first page without the parameter, and no empty query', () => {
    expect(pageParamHref(at, 'hostReviews', 1, 'reviews')).toBe('/u/abc?tab=x#reviews');
    expect(pageParamHref({ pathname: '/l/a/b', search: '?reviews=2' }, 'reviews', 1, 'r')).toBe('/l/a/b#r');
  });
});
