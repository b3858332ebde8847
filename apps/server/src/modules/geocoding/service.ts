import { GEOCODER } from '@hora/core/config';
import type { Place } from '@hora/core/geo';
import type { PlacePredictionsQuery } from '@hora/core/validation';
import type { Geocoder } from '../../adapters/geocoding/index.ts';

export interface GeocodingService {
  /** At most five places for what was typed (spec part 2 §9), in the asked language. */
  predictions(query: PlacePredictionsQuery): Promise<Place[]>;
}

export function geocodingService(deps: {
  geocoder: Geocoder;
  countries: readonly string[] | undefined;
}): GeocodingService {
  const { geocoder, countries } = deps;
  return {
    async predictions({ q, locale }) {
      const places = await geocoder.predict(q, {
        locale,
        limit: GEOCODER.predictions,
        ...(countries ? { countries } : {}),
      });
      return places.slice(0, GEOCODER.predictions);
    },
  };
}
