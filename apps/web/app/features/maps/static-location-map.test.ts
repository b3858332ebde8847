import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRAME_STEP, HALF_FRAME, tileSizeClasses } from './static-location-map.tsx';
import { TILE_SIZE, tilesAround } from './static-tiles.ts';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const css = readFileSync(new URL('./location-map.css', import.meta.url), 'utf8');

/** The sizes at or below which a tile's classes hide it, as `location-map.css` says. */
function hiddenUpTo(classes: string): { width: number; height: number } {
  const sizeOf = (axis: 'w' | 'h') =>
    Number(new RegExp(`static-map__tile--${axis}(\\d+)`).exec(classes)?.[1] ?? 0);
  return { width: sizeOf('w'), height: sizeOf('h') };
}

/** A tile at `offset` from the centre overlaps a frame of `size` centred there. */
const overlaps = (offset: number, size: number) => offset < size / 2 && offset + TILE_SIZE > -size / 2;

describe('the static map’s tiles in frames of every size', () => {
  // Places whose tiles fall at different offsets, and frames from a small phone to the widest.
  const places = [
    { lat: 40.41692, lng: -3.70348 },
    { lat: 41.38879, lng: 2.15899 },
    { lat: 39.46975, lng: -0.37739 },
    { lat: 28.46824, lng: -16.25462 },
  ];

  it('never hides a tile the frame shows, and hides what a phone’s frame cannot show', () => {
    for (const place of places) {
      for (const zoom of [13, 15]) {
        const tiles = tilesAround(OSM, place, zoom, HALF_FRAME);
        for (let width = 200; width <= 2 * HALF_FRAME.x; width += 7) {
          for (const height of [200, 260, 320]) {
            for (const tile of tiles) {
              const hidden = hiddenUpTo(tileSizeClasses(tile.neededAbove));
              const shown = width > hidden.width && height > hidden.height;
              if (overlaps(tile.left, width) && overlaps(tile.top, height)) expect(shown).toBe(true);
            }
          }
        }
        // A 358 × 260 frame (a phone's) meets 3 × 2 tiles at most, 3 × 3 with the steps' margin: the
        // rest of the 5 columns (and 2 or 3 rows) are hidden.
        expect(tiles.length).toBeGreaterThanOrEqual(10);
        const onPhone = tiles.filter((tile) => {
          const hidden = hiddenUpTo(tileSizeClasses(tile.neededAbove));
          return 358 > hidden.width && 260 > hidden.height;
        });
        expect(onPhone.length).toBeLessThanOrEqual(9);
      }
    }
  });

  it('has a rule in location-map.css for every class it gives', () => {
    const sizes = { w: new Set<number>(), h: new Set<number>() };
    for (const place of places) {
      for (const tile of tilesAround(OSM, place, 15, HALF_FRAME)) {
        const hidden = hiddenUpTo(tileSizeClasses(tile.neededAbove));
        if (hidden.width) sizes.w.add(hidden.width);
        if (hidden.height) sizes.h.add(hidden.height);
      }
    }
    expect(sizes.w.size).toBeGreaterThan(3);
    for (const width of sizes.w) {
      expect(width % FRAME_STEP).toBe(0);
      expect(css).toContain(
        `(max-width: ${width}px) {\n  .static-map__tile--w${width} {\n    display: none;`,
      );
    }
    for (const height of sizes.h) {
      expect(css).toContain(
        `(max-height: ${height}px) {\n  .static-map__tile--h${height} {\n    display: none;`,
      );
    }
  });
});
