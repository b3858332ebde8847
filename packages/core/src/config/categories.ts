/**
 * The 19 listing categories of spec part 2 §9, matched any-of on `pub_category`.
 * Keys are stored data and URL values, so they keep the spec's (Spanish) spelling.
 */
export const CATEGORIES = [
  'cocina',
  'coworking',
  'terraza',
  'sala',
  'estudio',
  'piscina',
  'gimnasio',
  'showroom',
  'apartamento',
  'exteriores',
  'habitacion',
  'casa',
  'taller',
  'bote',
  'clases',
  'salud',
  'podcast',
  'grabacion',
  'instrumentosMusicales',
] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** The three landing-page tiles, each a search preset on one category. */
export const LANDING_TILE_CATEGORIES = ['sala', 'cocina', 'gimnasio'] as const satisfies readonly Category[];
