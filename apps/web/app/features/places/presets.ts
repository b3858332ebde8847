import { CITY_PRESETS } from '@hora/core/config';
import type { Place } from '@hora/core/geo';

export interface PresetPlace {
  /** What the option shows ("Madrid"); picking it fills the box with the place's full address. */
  name: string;
  place: Place;
}

/**
 * The default searches (spec part 2 §9: Barcelona, Madrid, Valencia) as places a location box
 * offers before anything is typed. Their bounds are core's, so picking one needs no geocoder.
 */
export const CITY_PRESET_PLACES: readonly PresetPlace[] = CITY_PRESETS.map((preset) => ({
  name: preset.name,
  place: {
    id: `preset:${preset.name.toLowerCase()}`,
    address: preset.address,
    origin: preset.origin,
    bounds: preset.bounds,
    type: 'city',
    countryCode: 'ES',
  },
}));
