import { GEOCODER, MAP } from '@hora/core/config';
import type { Place } from '@hora/core/geo';
import type { SearchQuery } from '@hora/core/search';
import type { WebContext } from '../../context.ts';
import type { Locale } from '../../i18n/locales.ts';
import { PREDICTIONS_PATH } from './places-api.ts';

export type AddressResolution =
  /** Nothing to resolve: no address, or the address came with its bounds (a picked place). */
  | { status: 'unchanged'; query: SearchQuery }
  /** The geocoder's best place for the text: its name, bounds (and point when sorting by distance). */
  | { status: 'resolved'; query: SearchQuery; place: Place }
  /** The geocoder knows no such place. */
  | { status: 'not-found'; query: SearchQuery }
  /** The geocoder did not answer (or refused the text): the search runs without a place. */
  | { status: 'unavailable'; query: SearchQuery };

/**
 * A search URL with an `address` but no `bounds` comes from a search box used without JavaScript
 * (or Enter pressed before picking a suggestion): the typed text is resolved on the server to the
 * geocoder's first prediction, as if the visitor had picked it (docs/decisions/0028). The search
 * page's loader calls this before searching and may redirect to the resolved URL.
 */
export async function resolveSearchAddress(
  api: WebContext['api'],
  query: SearchQuery,
  locale: Locale,
): Promise<AddressResolution> {
  if (!query.address || query.bounds) return { status: 'unchanged', query };
  const params = new URLSearchParams({ q: query.address.slice(0, GEOCODER.queryMaxLength), locale });
  const result = await api<{ data: Place[] }>(`${PREDICTIONS_PATH}?${params}`).catch(() => null);
  if (result?.status !== 200 || !Array.isArray(result.data?.data)) {
    return { status: 'unavailable', query };
  }
  const place = result.data.data[0];
  if (!place) return { status: 'not-found', query };
  const { origin: _origin, page: _page, ...kept } = query;
  return {
    status: 'resolved',
    place,
    query: {
      ...kept,
      address: place.address,
      bounds: place.bounds,
      ...(MAP.sortByDistance ? { origin: place.origin } : {}),
    },
  };
}
