import { describe, expect, it } from 'vitest';
import { HALF_FRAME } from './static-location-map.tsx';
import { metersPerPixel, TILE_SIZE, tilesAround, tileUrl, worldPixel } from './static-tiles.ts';

const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const SOL = { lat: 40.41692, lng: -3.70348 };

/** OpenStreetMap's own formula for the tile holding a point ("Slippy map tilenames"). */
function slippyTile(point: { lat: number; lng: number }, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const lat = (point.lat * Math.PI) / 180;
  return {
    x: Math.floor(((point.lng + 180) / 360) * n),
    y: Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * n),
  };
}

describe('worldPixel', () => {
  it('puts null island in the middle of the one tile at zoom 0, and doubles with each zoom', () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const at15 = worldPixel(SOL, 15);
    const at16 = worldPixel(SOL, 16);
    expect(at16.x).toBeCloseTo(at15.x * 2, 6);
    expect(at16.y).toBeCloseTo(at15.y * 2, 6);
  });

  it('falls in the tile OpenStreetMap names for the point', () => {
    for (const zoom of [3, 13, 15, 18]) {
      const pixel = worldPixel(SOL, zoom);
      expect({ x: Math.floor(pixel.x / TILE_SIZE), y: Math.floor(pixel.y / TILE_SIZE) }).toEqual(
        slippyTile(SOL, zoom),
      );
    }
  });
});

describe('tilesAround', () => {
  const half = HALF_FRAME;

  it('lays the tile holding the centre under it, at the pixel the point falls on', () => {
    const tiles = tilesAround(OSM, SOL, 15, half);
    const under = tiles.find(
      (tile) => tile.left <= 0 && tile.left + TILE_SIZE > 0 && tile.top <= 0 && tile.top + TILE_SIZE > 0,
    );
    const { x, y } = slippyTile(SOL, 15);
    expect(under?.url).toBe(`https://tile.openstreetmap.org/15/${x}/${y}.png`);
    const pixel = worldPixel(SOL, 15);
    expect(under?.left).toBe(Math.round(x * TILE_SIZE - pixel.x));
    expect(under?.top).toBe(Math.round(y * TILE_SIZE - pixel.y));
  });

  it('covers the whole frame with whole tiles side by side, and no more', () => {
    const tiles = tilesAround(OSM, SOL, 15, half);
    const lefts = [...new Set(tiles.map((tile) => tile.left))].sort((a, b) => a - b);
    const tops = [...new Set(tiles.map((tile) => tile.top))].sort((a, b) => a - b);
    expect(tiles).toHaveLength(lefts.length * tops.length);
    for (let i = 1; i < lefts.length; i += 1) expect(lefts[i]! - lefts[i - 1]!).toBe(TILE_SIZE);
    for (let i = 1; i < tops.length; i += 1) expect(tops[i]! - tops[i - 1]!).toBe(TILE_SIZE);
    // The first and last columns and rows reach the frame's edges, each only just.
    expect(lefts[0]).toBeLessThanOrEqual(-half.x);
    expect(lefts[0]! + TILE_SIZE).toBeGreaterThan(-half.x);
    expect(lefts.at(-1)! + TILE_SIZE).toBeGreaterThanOrEqual(half.x);
    expect(lefts.at(-1)!).toBeLessThanOrEqual(half.x);
    expect(tops[0]).toBeLessThanOrEqual(-half.y);
    expect(tops[0]! + TILE_SIZE).toBeGreaterThan(-half.y);
    expect(tops.at(-1)! + TILE_SIZE).toBeGreaterThanOrEqual(half.y);
    expect(tops.at(-1)!).toBeLessThanOrEqual(half.y);
    // The widest frame a page gives the map: the listing page's single column below 1 024 px.
    expect(half.x * 2).toBeGreaterThanOrEqual(1024);
  });

  it('wraps columns round the antimeridian and leaves out rows past the pole', () => {
    const east = tilesAround(OSM, { lat: 0, lng: 179.99 }, 3, half);
    const columns = new Set(east.map((tile) => Number(tile.url.split('/').at(-2))));
    expect(columns).toEqual(new Set([5, 6, 7, 0, 1]));
    const north = tilesAround(OSM, { lat: 85, lng: 0 }, 2, half);
    expect(north.every((tile) => Number(tile.url.split('/').at(-1)?.replace('.png', '')) >= 0)).toBe(true);
    expect(Math.min(...north.map((tile) => tile.top))).toBeGreaterThanOrEqual(-TILE_SIZE);
  });
});

describe('tileUrl', () => {
  it('fills Leaflet’s placeholders: subdomains by the tile’s place, TMS rows, and @2x for a dense screen', () => {
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', 7, 3, 4)).toBe(
      'https://b.tiles.example/7/3/4.png',
    );
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', 7, 3, 4, true)).toBe(
      'https://b.tiles.example/7/3/4@2x.png',
    );
    expect(tileUrl('https://{s}.tiles.example/{z}/{x}/{y}.png', 7, 3, 3)).toBe(
      'https://a.tiles.example/7/3/3.png',
    );
    // Row 4 of 128 counted from the north is row 123 counted from the south.
    expect(tileUrl('https://tms.example/{z}/{x}/{-y}.png', 7, 3, 4)).toBe('https://tms.example/7/3/123.png');
  });

  it('gives each tile its high-density address only when the template has {r}', () => {
    const dense = tilesAround('https://tiles.example/{z}/{x}/{y}{r}.png', SOL, 15, { x: 10, y: 10 });
    expect(dense.every((tile) => tile.retinaUrl === tile.url.replace('.png', '@2x.png'))).toBe(true);
    expect(tilesAround(OSM, SOL, 15, { x: 10, y: 10 }).every((tile) => tile.retinaUrl === undefined)).toBe(
      true,
    );
  });
});

describe('metersPerPixel', () => {
  it('is the equator’s circumference over 256 pixels at zoom 0, and shrinks with the latitude’s cosine', () => {
    expect(metersPerPixel(0, 0)).toBeCloseTo(40_075_016.686 / 256, 2);
    expect(metersPerPixel(60, 13)).toBeCloseTo(metersPerPixel(0, 13) / 2, 6);
  });
});
