import { boundsAround, defaultBoundingSize } from '@hora/core/geo';
import { z } from 'zod';
import { getJson, type HttpGeocoderOptions, serviceUrl, unavailable } from './http-client.ts';
import type { Geocoder, Place, PredictOptions } from './port.ts';
import { requestSpacing } from './request-spacing.ts';

export const NOMINATIM_PUBLIC_URL = 'https://nominatim.openstreetmap.org';

const coordinate = z.coerce.number().refine(Number.isFinite);

/** One result of `/search?format=jsonv2&addressdetails=1`, as far as a Place needs it. */
const resultSchema = z.object({
  osm_type: z.string().optional(),
  osm_id: z.union([z.number(), z.string()]).optional(),
  place_id: z.union([z.number(), z.string()]).optional(),
  lat: coordinate.pipe(z.number().min(-90).max(90)),
  lon: coordinate.pipe(z.number().min(-180).max(180)),
  display_name: z.string().min(1),
  /** [south, north, west, east] as strings. */
  boundingbox: z.tuple([coordinate, coordinate, coordinate, coordinate]).optional(),
  addresstype: z.string().optional(),
  type: z.string().optional(),
  address: z.object({ country_code: z.string().optional() }).optional(),
});

/** Nominatim's kinds of result that are one building or street: an address, with the smaller default bounds. */
const ADDRESS_TYPES = new Set(['house', 'building', 'road', 'house_number', 'amenity', 'shop', 'office']);

export function placeFromNominatim(raw: unknown): Place | null {
  const parsed = resultSchema.safeParse(raw);
  if (!parsed.success) return null;
  const result = parsed.data;
  const origin = { lat: result.lat, lng: result.lon };
  const kind = result.addresstype ?? result.type ?? 'place';
  const type = ADDRESS_TYPES.has(kind) ? 'address' : kind;
  const box = result.boundingbox;
  return {
    id: `osm:${(result.osm_type ?? 'place').charAt(0)}${result.osm_id ?? result.place_id ?? ''}`,
    address: result.display_name,
    origin,
    bounds: box
      ? { ne: { lat: box[1], lng: box[3] }, sw: { lat: box[0], lng: box[2] } }
      : boundsAround(origin, defaultBoundingSize(type)),
    type,
    countryCode: (result.address?.country_code ?? '').toUpperCase(),
  };
}

/** The public instance's usage policy: at most one request a second. */
const PUBLIC_INTERVAL_MS = 1_000;
/** How long a request may wait for its turn there before it is refused (a typing visitor moves on). */
const PUBLIC_MAX_WAIT_MS = 2_000;

/**
 * Nominatim (OpenStreetMap's geocoder; `GEOCODER=nominatim`). The public instance allows one request
 * a second and asks for a user agent naming the application: requests to it are spaced a second
 * apart (`requestSpacing`); a busy marketplace runs its own (`GEOCODER_URL`), which is not spaced.
 */
export function createNominatimGeocoder(
  options: HttpGeocoderOptions & { spacing?: () => Promise<void> },
): Geocoder {
  const isPublic = new URL(options.baseUrl).origin === new URL(NOMINATIM_PUBLIC_URL).origin;
  const spacing =
    options.spacing ??
    (isPublic ? requestSpacing({ intervalMs: PUBLIC_INTERVAL_MS, maxWaitMs: PUBLIC_MAX_WAIT_MS }) : null);
  async function search(query: string, { locale, limit }: Pick<PredictOptions, 'locale' | 'limit'>) {
    const url = serviceUrl(options.baseUrl, '/search', {
      q: query,
      format: 'jsonv2',
      addressdetails: '1',
      limit: String(limit),
      'accept-language': locale,
      countrycodes: options.countries?.join(',').toLowerCase(),
    });
    await spacing?.();
    const body = await getJson(url, options);
    if (!Array.isArray(body)) throw unavailable(new Error('Nominatim answered something other than a list'));
    return body.map(placeFromNominatim).filter((place): place is Place => place !== null);
  }
  return {
    kind: 'nominatim',
    predict: (query, predictOptions) => search(query, predictOptions),
    resolve: async (address, { locale }) => (await search(address, { locale, limit: 1 }))[0] ?? null,
  };
}
