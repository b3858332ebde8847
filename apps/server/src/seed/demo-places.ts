import type { DemoCity, Neighbourhood } from './demo-place-types.ts';
import { BARCELONA } from './demo-places-barcelona.ts';
import { MADRID } from './demo-places-madrid.ts';
import { VALENCIA } from './demo-places-valencia.ts';
import type { Random } from './random.ts';

export type { DemoCity, Neighbourhood } from './demo-place-types.ts';

export const DEMO_CITIES = [MADRID, BARCELONA, VALENCIA] as const;

const EARTH_METRES_PER_DEGREE = 111_320;

/** A point in a random spot within `radiusM` of the neighbourhood's centre (uniform over the disc). */
export function scatter(random: Random, place: Neighbourhood): { lat: number; lng: number } {
  const distance = place.radiusM * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const lat = place.lat + (distance * Math.cos(angle)) / EARTH_METRES_PER_DEGREE;
  const lng =
    place.lng +
    (distance * Math.sin(angle)) / (EARTH_METRES_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  // Six decimals: about 10 cm, what a geocoder answers.
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

/** A street address as Spaniards write it: "Calle de Argumosa, 14, 28012 Madrid". */
export function streetAddress(random: Random, city: DemoCity, place: Neighbourhood): string {
  return `${random.pick(place.streets)}, ${random.int(1, 120)}, ${place.postcode} ${city.name}`;
}
