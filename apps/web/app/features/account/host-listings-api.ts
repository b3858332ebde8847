import type { ListingCardView, PaginationMeta } from '@hora/core/listing';
import type { WebContext } from '../../context.ts';

type Api = WebContext['api'];

/** The query parameter of the host section's page (`/u/:id?hostListings=2`), beside the review lists'. */
export const HOST_LISTINGS_PAGE_PARAM = 'hostListings';

/** The host section's page from the address: a positive whole number, else the first. */
export function hostListingsPage(url: URL): number {
  const page = Number(url.searchParams.get(HOST_LISTINGS_PAGE_PARAM));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export interface HostListingsPage {
  listings: ListingCardView[];
  meta: PaginationMeta;
}

/**
 * `GET /api/users/:id/listings?page=N`: the person's published listings (12 a page, newest first),
 * or null when they could not be read (the section then says so; the profile itself still shows).
 */
export async function fetchHostListings(
  api: Api,
  userId: string,
  page: number,
): Promise<HostListingsPage | null> {
  const result = await api<{ data: ListingCardView[]; meta: PaginationMeta }>(
    `/api/users/${encodeURIComponent(userId)}/listings?page=${page}`,
  );
  return result.status === 200 ? { listings: result.data.data, meta: result.data.meta } : null;
}
