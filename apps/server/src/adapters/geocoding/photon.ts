import { boundsAround, defaultBoundingSize } from '@hora/core/geo';
import { z } from 'zod';
import { getJson, type HttpGeocoderOptions, httpStatusOf, serviceUrl, unavailable } from './http-client.ts';
import type { Geocoder, Place, PredictOptions } from './port.ts';

export const PHOTON_PUBLIC_URL = 'https://photon.komoot.io';

const featureSchema = z.object({
  geometry: z.object({
    coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
  }),
  properties: z.object({
    osm_id: z.union([z.number(), z.string()]).optional(),
    osm_type: z.string().optional(),
    name: z.string().optional(),
    street: z.string().optional(),
    housenumber: z.string().optional(),
    postcode: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    country: z.string().optional(),
    countrycode: z.string().optional(),
    type: z.string().optional(),
    /** [west, north, east, south]. */
    extent: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  }),
});

export function placeFromPhoton(raw: unknown): Place | null {
  const parsed = featureSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { geometry, properties: p } = parsed.data;
  const origin = { lat: geometry.coordinates[1], lng: geometry.coordinates[0] };
  const type = p.type === 'house' || p.housenumber ? 'address' : (p.type ?? 'place');
  const street = p.street ? [p.street, p.housenumber].filter(Boolean).join(' ') : undefined;
  const parts = [p.name, street, p.city, p.state, p.country].filter((part): part is string => Boolean(part));
  const address = parts.filter((part, i) => parts.indexOf(part) === i).join(', ');
  if (address === '') return null;
  const extent = p.extent;
  return {
    id: `osm:${(p.osm_type ?? 'p').charAt(0).toLowerCase()}${p.osm_id ?? `${origin.lat},${origin.lng}`}`,
    address,
    origin,
    bounds: extent
      ? { ne: { lat: extent[1], lng: extent[2] }, sw: { lat: extent[3], lng: extent[0] } }
      : boundsAround(origin, defaultBoundingSize(type)),
    type,
    countryCode: (p.countrycode ?? '').toUpperCase(),
  };
}

/**
 * Photon (komoot's search-as-you-type geocoder over OpenStreetMap; `GEOCODER=photon`). It has no
 * country filter, so answers outside GEOCODER_COUNTRIES are dropped here (after asking for more), and
 * an instance that was not built with the visitor's language answers 400 to `lang`: then the names
 * come in each place's own language.
 */
export function createPhotonGeocoder(options: HttpGeocoderOptions): Geocoder {
  const countries = options.countries?.map((code) => code.toUpperCase());
  async function features(query: string, limit: number, lang: string | undefined): Promise<unknown[]> {
    const url = serviceUrl(options.baseUrl, '/api', { q: query, limit: String(limit), lang });
    const body = (await getJson(url, options)) as { features?: unknown } | null;
    if (!Array.isArray(body?.features)) throw unavailable(new Error('Photon answered no feature list'));
    return body.features;
  }
  async function search(query: string, { locale, limit }: Pick<PredictOptions, 'locale' | 'limit'>) {
    const asked = countries ? limit * 3 : limit;
    let found: unknown[];
    try {
      found = await features(query, asked, locale);
    } catch (error) {
      if (httpStatusOf(error) !== 400) throw error;
      found = await features(query, asked, undefined);
    }
    return found
      .map(placeFromPhoton)
      .filter((place): place is Place => place !== null)
      .filter((place) => !countries || countries.includes(place.countryCode))
      .slice(0, limit);
  }
  return {
    kind: 'photon',
    predict: (query, predictOptions) => search(query, predictOptions),
    resolve: async (address, { locale }) => (await search(address, { locale, limit: 1 }))[0] ?? null,
  };
}
