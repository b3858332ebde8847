import { stringifySearchQuery } from '@hora/core/search';
import { cityPreset } from './location-tiles.ts';

/** The landing page's city section (spec part 1 §2), in the order the spec names them. */
export const CITY_SECTION = [cityPreset('Madrid'), cityPreset('Barcelona'), cityPreset('Valencia')];

export type CityName = (typeof CITY_SECTION)[number]['name'];

/** A city's search: its whole area, as picking the city in the search box does. */
export function citySearchPath(city: (typeof CITY_SECTION)[number]): string {
  return `/s?${stringifySearchQuery({ address: city.address, bounds: city.bounds })}`;
}
