/**
 * The page of `/listings?page=N` (the page number lives in the query): a whole number from 1;
 * anything else is page 1. The API checks it again (core's `ownListingsQuerySchema`); the web does
 * not load the schemas for a number in its own address.
 */
export function requestedPage(url: URL): number {
  const value = url.searchParams.get('page');
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return 1;
  return Number(value);
}

export function managePagePath(page: number): string {
  return page > 1 ? `/listings?page=${page}` : '/listings';
}
