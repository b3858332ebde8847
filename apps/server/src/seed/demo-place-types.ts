/**
 * Where the demo spaces are: real neighbourhoods of the three cities of the landing page, each
 * with its district, postcode, a few of its streets and its centre. Listings are scattered within
 * `radiusM` of the centre, so the map shows them spread through the city, not stacked on one pin.
 */
export interface Neighbourhood {
  name: string;
  district: string;
  postcode: string;
  lat: number;
  lng: number;
  radiusM: number;
  streets: readonly string[];
}

export interface DemoCity {
  key: 'madrid' | 'barcelona' | 'valencia';
  name: string;
  timeZone: string;
  neighbourhoods: readonly Neighbourhood[];
}

/** One neighbourhood, in the order its data reads. */
export const neighbourhood = (
  name: string,
  district: string,
  postcode: string,
  lat: number,
  lng: number,
  streets: readonly string[],
  radiusM = 450,
): Neighbourhood => ({ name, district, postcode, lat, lng, radiusM, streets });
