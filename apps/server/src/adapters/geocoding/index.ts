import type { AppConfig } from '../../config.ts';
import { createGazetteerGeocoder } from './gazetteer.ts';
import type { HttpGeocoderOptions } from './http-client.ts';
import { createNominatimGeocoder, NOMINATIM_PUBLIC_URL } from './nominatim.ts';
import { createPhotonGeocoder, PHOTON_PUBLIC_URL } from './photon.ts';
import type { Geocoder } from './port.ts';

export type { Bounds, Geocoder, LatLng, Place, PredictOptions } from './port.ts';

type GeocodingConfig = Pick<AppConfig, 'geocoding' | 'marketplace' | 'publicUrl'>;

/**
 * The geocoder the configuration selects: the offline gazetteer by default, Nominatim or Photon
 * with GEOCODER (and GEOCODER_URL for a self-hosted instance). The server calls them, never the
 * browser, so the Content-Security-Policy needs no geocoder origin.
 */
export function createGeocoder(config: GeocodingConfig, overrides: { fetch?: typeof fetch } = {}): Geocoder {
  const { kind, url, countries } = config.geocoding;
  if (kind === 'gazetteer') return createGazetteerGeocoder();
  const options: HttpGeocoderOptions = {
    baseUrl: url ?? (kind === 'nominatim' ? NOMINATIM_PUBLIC_URL : PHOTON_PUBLIC_URL),
    userAgent: geocoderUserAgent(config),
    ...(countries ? { countries } : {}),
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
  };
  return kind === 'nominatim' ? createNominatimGeocoder(options) : createPhotonGeocoder(options);
}

/** "Hora (+https://hora.example)": the application and where to reach whoever runs it. */
export function geocoderUserAgent(config: Pick<AppConfig, 'marketplace' | 'publicUrl'>): string {
  const name = config.marketplace.name.replace(/[^\x20-\x7E]/g, '').trim() || 'Hora';
  return `${name} (+${config.publicUrl})`;
}
