import { MARKETPLACE } from '@hora/core/config';

/**
 * Zones a space can be in: the marketplace's (Spain's mainland first, then the Canaries) and
 * the rest of Europe, where the geocoder finds places. A fixed list, so the page's server and
 * browser render the same options.
 */
export const LISTING_TIME_ZONES = [
  MARKETPLACE.timeZone,
  'Atlantic/Canary',
  'Europe/Lisbon',
  'Atlantic/Madeira',
  'Atlantic/Azores',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Andorra',
  'Europe/Monaco',
  'Europe/Brussels',
  'Europe/Amsterdam',
  'Europe/Luxembourg',
  'Europe/Berlin',
  'Europe/Zurich',
  'Europe/Vienna',
  'Europe/Rome',
  'Europe/Malta',
  'Europe/Copenhagen',
  'Europe/Oslo',
  'Europe/Stockholm',
  'Europe/Helsinki',
  'Europe/Tallinn',
  'Europe/Riga',
  'Europe/Vilnius',
  'Europe/Warsaw',
  'Europe/Prague',
  'Europe/Bratislava',
  'Europe/Budapest',
  'Europe/Ljubljana',
  'Europe/Zagreb',
  'Europe/Bucharest',
  'Europe/Sofia',
  'Europe/Athens',
  'Asia/Nicosia',
] as const;

/** The list, plus a zone saved through the API that it lacks (it stays selectable). */
export function timeZoneOptions(current: string): string[] {
  const zones: string[] = [...LISTING_TIME_ZONES];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** "Europe/Madrid" → "Madrid (Europe/Madrid)": the city first, as people look for it. */
export function timeZoneLabel(zone: string): string {
  const city = zone.split('/').pop()?.replaceAll('_', ' ') ?? zone;
  return `${city} (${zone})`;
}
