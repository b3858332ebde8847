import { destinationPoint, type LatLng } from '@hora/core/geo';

export type PinDirection = 'north' | 'south' | 'east' | 'west';

const DIRECTIONS: Record<string, { direction: PinDirection; bearing: number }> = {
  ArrowUp: { direction: 'north', bearing: 0 },
  ArrowRight: { direction: 'east', bearing: 90 },
  ArrowDown: { direction: 'south', bearing: 180 },
  ArrowLeft: { direction: 'west', bearing: 270 },
};

/** A few metres a key press: a door, not a street. With Shift, a street: 50 m. */
export const PIN_STEP_METERS = 5;
export const PIN_LONG_STEP_METERS = 50;

/**
 * Where an arrow key moves a draggable pin (the keyboard's way to drag it), or null for other keys.
 * Up is north whatever the map's zoom: the pin moves a distance on the ground, not in pixels.
 */
export function movePinByKey(
  point: LatLng,
  key: string,
  options: { shiftKey?: boolean } = {},
): { point: LatLng; direction: PinDirection; meters: number } | null {
  const move = DIRECTIONS[key];
  if (!move) return null;
  const meters = options.shiftKey ? PIN_LONG_STEP_METERS : PIN_STEP_METERS;
  return { point: destinationPoint(point, move.bearing, meters), direction: move.direction, meters };
}
