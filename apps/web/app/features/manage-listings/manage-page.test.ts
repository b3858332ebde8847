import { describe, expect, it } from 'vitest';
import { managePagePath, requestedPage } from './manage-page.ts';

const url = (search: string) => new URL(`http://hora.test/listings${search}`);

describe('requestedPage', () => {
  it.each([
    ['', 1],
    ['?page=1', 1],
    ['?page=2', 2],
    ['?page=42', 42],
    ['?page=0', 1],
    ['?page=-3', 1],
    ['?page=02', 1],
    ['?page=2.5', 1],
    ['?page=dos', 1],
    ['?page=', 1],
  ])('%s is page %i', (search, page) => {
    expect(requestedPage(url(search))).toBe(page);
  });
});

describe('managePagePath', () => {
  it('keeps the first page’s address plain and puts the others in the query', () => {
    expect(managePagePath(1)).toBe('/listings');
    expect(managePagePath(3)).toBe('/listings?page=3');
  });
});
