import { CITY_PRESETS, LANDING_TILE_CATEGORIES } from '@hora/core/config';
import { categorySearchQuery, stringifySearchQuery } from '@hora/core/search';

export type TileCategory = (typeof LANDING_TILE_CATEGORIES)[number];

/**
 * Spec part 1 §2: the order of the three tiles changes with the day of the month — one order on
 * even days, another on days divisible by 3 (but not 2), the default otherwise — so every tile
 * gets the first place regularly.
 */
export function tileOrder(dayOfMonth: number): TileCategory[] {
  const [sala, cocina, gimnasio] = LANDING_TILE_CATEGORIES;
  if (dayOfMonth % 2 === 0) return [cocina, gimnasio, sala];
  if (dayOfMonth % 3 === 0) return [gimnasio, sala, cocina];
  return [sala, cocina, gimnasio];
}

/** One of core's default searches by its name. */
export function cityPreset(name: (typeof CITY_PRESETS)[number]['name']): (typeof CITY_PRESETS)[number] {
  const preset = CITY_PRESETS.find((candidate) => candidate.name === name);
  if (!preset) throw new Error(`No city preset named ${name}`);
  return preset;
}

/** Madrid's default search (core `CITY_PRESETS`): the tiles search its map area for one category. */
export const TILE_CITY = cityPreset('Madrid');

/** Spec part 1 §2: a tile searches its category around the city, on the map (`mapSearch=true`). */
export function tileSearchPath(category: TileCategory): string {
  return `/s?${stringifySearchQuery(categorySearchQuery(category, TILE_CITY.address, TILE_CITY.bounds))}`;
}

/** The day of the month in Madrid, computed on the server so the page and its hydration agree. */
export function dayOfMonthIn(timeZone: string, instant: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric' }).format(instant));
}
