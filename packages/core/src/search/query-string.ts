import { MAP } from '../config/constants.ts';

export type QueryValue = string | number | boolean;

/**
 * The spec's generic rule for query values: 'true'/'false' become booleans, numeric strings
 * numbers, anything else stays text. Strict: "12abc" and "1,5" stay strings.
 */
export function parseQueryValue(value: string): QueryValue {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(value)) return Number(value);
  return value;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** '?a=1&b=x' → { a: '1', b: 'x' }; a repeated key keeps its last value. */
export function parseQueryString(search: string): Record<string, string> {
  const params: Record<string, string> = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const index = pair.indexOf('=');
    const key = decode(index < 0 ? pair : pair.slice(0, index));
    if (key === '') continue;
    params[key] = index < 0 ? '' : decode(pair.slice(index + 1));
  }
  return params;
}

/** Values are encoded, but commas stay readable ('price=10,50'). Empty values are left out. */
export function stringifyQuery(params: Record<string, QueryValue | null | undefined>): string {
  return Object.entries(params)
    .filter(
      (entry): entry is [string, QueryValue] =>
        entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    )
    .map(
      ([key, value]) =>
        `${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replace(/%2C/g, ',')}`,
    )
    .join('&');
}

export interface LatLng {
  lat: number;
  lng: number;
}

export interface Bounds {
  ne: LatLng;
  sw: LatLng;
}

export function roundCoordinate(value: number, decimals: number = MAP.boundsDecimals): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function numbers(text: string, count: number): number[] | null {
  const parts = text.split(',');
  if (parts.length !== count) return null;
  const values = parts.map((p) => parseQueryValue(p.trim()));
  return values.every((v): v is number => typeof v === 'number' && Number.isFinite(v)) ? values : null;
}

function isLatLng({ lat, lng }: LatLng): boolean {
  return lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;
}

export function encodeLatLng(point: LatLng): string {
  return `${point.lat},${point.lng}`;
}

export function decodeLatLng(text: string): LatLng | null {
  const values = numbers(text, 2);
  if (!values) return null;
  const point = { lat: values[0] as number, lng: values[1] as number };
  return isLatLng(point) ? point : null;
}

/** 'neLat,neLng,swLat,swLng', each rounded to 8 decimals. */
export function encodeBounds(bounds: Bounds, decimals: number = MAP.boundsDecimals): string {
  return [bounds.ne.lat, bounds.ne.lng, bounds.sw.lat, bounds.sw.lng]
    .map((v) => roundCoordinate(v, decimals))
    .join(',');
}

export function decodeBounds(text: string): Bounds | null {
  const values = numbers(text, 4);
  if (!values) return null;
  const [neLat, neLng, swLat, swLng] = values as [number, number, number, number];
  const bounds = { ne: { lat: neLat, lng: neLng }, sw: { lat: swLat, lng: swLng } };
  return isLatLng(bounds.ne) && isLatLng(bounds.sw) ? bounds : null;
}
