import type { ListingView } from '@hora/core/listing';
import { data } from 'react-router';
import type { WebContext } from '../../context.ts';
import type { TimeSlotJson } from './slot-days.ts';

type Api = WebContext['api'];

/**
 * `GET /api/listings/:id`: the listing, or the not-found page when the API knows no such listing
 * for this viewer (an unknown id, someone else's draft) or refuses the id. Anything else is a
 * failure the error page reports.
 */
export async function fetchListing(api: Api, id: string): Promise<ListingView> {
  const result = await api<{ data: ListingView }>(`/api/listings/${encodeURIComponent(id)}`);
  if (result.status === 404 || result.status === 400) throw data(null, { status: 404 });
  if (result.status !== 200) throw new Error(`GET /api/listings/:id answered HTTP ${result.status}`);
  return result.data.data;
}

/**
 * `GET /api/listings/:id/time-slots`: the free slots of a range, or null when they could not be
 * loaded (the panel then says so; the rest of the page still shows).
 */
export async function fetchTimeSlots(
  api: Api,
  id: string,
  range: { start: string; end: string },
): Promise<TimeSlotJson[] | null> {
  const query = new URLSearchParams(range);
  const result = await api<{ data: TimeSlotJson[] }>(
    `/api/listings/${encodeURIComponent(id)}/time-slots?${query}`,
  );
  return result.status === 200 ? result.data.data : null;
}
