import { LANDING_TILE_CATEGORIES } from '@hora/core/config';

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

/** Madrid, the first default search: the tiles search its map area for one category. */
export const TILE_SEARCH_AREA = {
  address: 'Madrid, España',
  bounds: '40.56598,-3.52464,40.31206,-3.83406',
} as const;

export function tileSearchPath(category: TileCategory): string {
  const query = new URLSearchParams({
    address: TILE_SEARCH_AREA.address,
    bounds: TILE_SEARCH_AREA.bounds,
    mapSearch: 'true',
    pub_category: category,
  });
  return `/s?${query.toString()}`;
}

/** The day of the month in Madrid, computed on the server so the page and its hydration agree. */
export function dayOfMonthIn(timeZone: string, instant: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric' }).format(instant));
}
