import type { LatLng } from '@hora/core/geo';

/** The side of a map tile in pixels, as every Web Mercator tile server and Leaflet use. */
export const TILE_SIZE = 256;

/** Web Mercator's latitude limit: the world map is square up to it. */
const MAX_LATITUDE = 85.0511287798;

/** Metres per pixel at the equator at zoom 0 (the earth's circumference over one tile, WGS 84). */
const EQUATOR_METERS_PER_PIXEL = 156_543.033_92;

/** A point's position in pixels on the whole world's map at `zoom` (Web Mercator, as Leaflet's EPSG3857). */
export function worldPixel(point: LatLng, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((point.lng + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** How many metres one pixel spans at `latitude` and `zoom`. */
export const metersPerPixel = (latitude: number, zoom: number) =>
  (EQUATOR_METERS_PER_PIXEL * Math.cos((latitude * Math.PI) / 180)) / 2 ** zoom;

/**
 * A tile's address from a Leaflet URL template, as Leaflet fills it: `{z}`, `{x}`, `{y}`, `{-y}`
 * (TMS rows, counted from the south), `{s}` (a subdomain, a–c by the tile's place) and `{r}` (`@2x`
 * for a high-density screen, which Leaflet asks for whenever the screen is one).
 */
export function tileUrl(template: string, zoom: number, x: number, y: number, retina = false): string {
  const subdomain = 'abc'[Math.abs(x + y) % 3] as string;
  return template.replace(/\{(-y|[zxysr])\}/g, (_match, key: string) => {
    switch (key) {
      case 'z':
        return String(zoom);
      case 'x':
        return String(x);
      case 'y':
        return String(y);
      case '-y':
        return String(2 ** zoom - 1 - y);
      case 's':
        return subdomain;
      default:
        return retina ? '@2x' : '';
    }
  });
}

/**
 * One tile of a static map: its address (and its high-density one, when the template has `{r}`) and
 * its top-left corner in pixels from the map's centre.
 */
export interface StaticTile {
  url: string;
  retinaUrl: string | undefined;
  left: number;
  top: number;
  /** The frame's width and height, centred on the map's centre, above which the tile shows in it. */
  neededAbove: { width: number; height: number };
}

/** A tile at `offset` from the centre, `TILE_SIZE` long, meets a frame centred there wider than this. */
const frameReaching = (offset: number) => Math.max(2 * offset, -2 * (offset + TILE_SIZE));

/**
 * The tiles that cover a frame of up to `half.x` pixels either side of `center` and `half.y` above
 * and below it, at `zoom`. Columns wrap round the antimeridian; rows past the poles are left out.
 */
export function tilesAround(
  template: string,
  center: LatLng,
  zoom: number,
  half: { x: number; y: number },
): StaticTile[] {
  const world = worldPixel(center, zoom);
  const count = 2 ** zoom;
  const retina = template.includes('{r}');
  const tiles: StaticTile[] = [];
  const [firstRow, lastRow] = [
    Math.floor((world.y - half.y) / TILE_SIZE),
    Math.floor((world.y + half.y) / TILE_SIZE),
  ];
  const [firstColumn, lastColumn] = [
    Math.floor((world.x - half.x) / TILE_SIZE),
    Math.floor((world.x + half.x) / TILE_SIZE),
  ];
  for (let row = Math.max(0, firstRow); row <= Math.min(count - 1, lastRow); row += 1) {
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      const x = ((column % count) + count) % count;
      const left = Math.round(column * TILE_SIZE - world.x);
      const top = Math.round(row * TILE_SIZE - world.y);
      tiles.push({
        url: tileUrl(template, zoom, x, row),
        retinaUrl: retina ? tileUrl(template, zoom, x, row, true) : undefined,
        left,
        top,
        neededAbove: { width: frameReaching(left), height: frameReaching(top) },
      });
    }
  }
  return tiles;
}
