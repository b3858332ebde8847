import type { OwnListingView, PaginationMeta } from '@hora/core/listing';
import type { ApiResult, WebContext } from '../../context.ts';

type Api = WebContext['api'];

export interface OwnListingsPage {
  listings: OwnListingView[];
  meta: PaginationMeta;
}

/** `GET /api/own-listings?page=N` (42 a page, newest first), or null when the query failed. */
export async function fetchOwnListings(api: Api, page: number): Promise<OwnListingsPage | null> {
  const result = await api<{ data: OwnListingView[]; meta: PaginationMeta }>(
    `/api/own-listings?page=${page}`,
  );
  if (result.status !== 200) return null;
  return { listings: result.data.data, meta: result.data.meta };
}

export const LISTING_ACTIONS = ['open', 'close'] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

export function isListingAction(value: unknown): value is ListingAction {
  return (LISTING_ACTIONS as readonly unknown[]).includes(value);
}

/** `POST /api/own-listings/:id/open|close`. */
export function runListingAction(api: Api, id: string, action: ListingAction): Promise<ApiResult<unknown>> {
  return api(`/api/own-listings/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}
