/**
 * The map pin, 32 × 32 with its tip at the bottom centre: drawn in SVG by the Leaflet maps and by
 * the static map alike (no image requests: it shows with no network). Styled by `location-map.css`.
 */
export const PIN_SIZE = 32;
export const PIN_BODY_PATH = 'M16 31c-1-3.4-10-11.2-10-18a10 10 0 0 1 20 0c0 6.8-9 14.6-10 18z';
export const PIN_DOT = { cx: 16, cy: 13, r: 4 } as const;
