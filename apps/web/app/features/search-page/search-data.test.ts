import { parseQueryString, parseSearchQuery } from '@hora/core/search';
import { searchRequestSchema } from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { apiSearchPath } from './search-data.ts';

const requestOf = (path: string) => parseQueryString(path.slice(path.indexOf('?')));

describe('the API query of a page URL', () => {
  it.each([
    `?keywords=${'a'.repeat(201)}`,
    `?address=${'M'.repeat(501)}`,
    '?keywords=sala%0Agrande',
    '?address=Madrid%07',
    '?page=10001',
    '?minDuration=1441',
    '?people=100000&perPage=1000',
    '?page=0&people=0&price=5,1&dates=2026-13-01,2026-13-02&times=25:00,26:00&bounds=1,2&origin=x&sort=x',
  ])('%s: only what the strict API reader accepts', (search) => {
    const path = apiSearchPath(parseSearchQuery(search));
    expect(searchRequestSchema.safeParse(requestOf(path)).success).toBe(true);
  });

  it('keeps everything the API accepts', () => {
    const search =
      '?address=Madrid&bounds=40.56,-3.52,40.31,-3.83&origin=40.4,-3.7&mapSearch=true&keywords=sala&pub_category=sala&price=0,50&dates=2026-03-28,2026-03-28&minDuration=1440&times=00:00,24:00&people=500&sort=price&page=10000&perPage=100';
    const path = apiSearchPath(parseSearchQuery(search));
    const checked = searchRequestSchema.safeParse(requestOf(path));
    expect(checked.success).toBe(true);
    expect(Object.keys(requestOf(path)).sort()).toEqual(Object.keys(requestOf(search)).sort());
  });
});
