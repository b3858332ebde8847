import { distanceMeters } from '@hora/core/geo';
import { describe, expect, it } from 'vitest';
import { movePinByKey } from './pin-keys.ts';

const DOOR = { lat: 40.4153, lng: -3.7074 };

describe('moving the pin with the keyboard', () => {
  it.each([
    ['ArrowUp', 'north', (p: { lat: number }) => p.lat > DOOR.lat],
    ['ArrowDown', 'south', (p: { lat: number }) => p.lat < DOOR.lat],
    ['ArrowRight', 'east', (p: { lng: number }) => p.lng > DOOR.lng],
    ['ArrowLeft', 'west', (p: { lng: number }) => p.lng < DOOR.lng],
  ] as const)('%s moves the pin 5 m %s', (key, direction, moved) => {
    const result = movePinByKey(DOOR, key);
    expect(result?.direction).toBe(direction);
    expect(result?.meters).toBe(5);
    expect(moved(result!.point as never)).toBe(true);
    expect(distanceMeters(DOOR, result!.point)).toBeCloseTo(5, 6);
  });

  it('moves 50 m with Shift', () => {
    expect(distanceMeters(DOOR, movePinByKey(DOOR, 'ArrowUp', { shiftKey: true })!.point)).toBeCloseTo(50, 6);
  });

  it('leaves other keys alone', () => {
    expect(movePinByKey(DOOR, 'Enter')).toBeNull();
    expect(movePinByKey(DOOR, 'a')).toBeNull();
  });

  it('comes back to the same door after opposite moves', () => {
    const there = movePinByKey(DOOR, 'ArrowLeft')!.point;
    const back = movePinByKey(there, 'ArrowRight')!.point;
    expect(distanceMeters(DOOR, back)).toBeLessThan(0.001);
  });
});
