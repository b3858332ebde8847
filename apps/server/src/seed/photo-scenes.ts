import { CATEGORIES, type Category } from '@hora/core/config';
import sharp from 'sharp';
import { MOTIFS } from './photo-motifs.ts';
import type { Random } from './random.ts';

/**
 * The demo photos: about thirty abstract scenes drawn by code (no image files in the repository),
 * one or two per category and a few shared ones (an entrance, a window, plants...). Listings reuse
 * them, so seeding processes each scene once and copies the results.
 */
/** Drawn on a 1200×800 canvas; rasterised at 900×600, just above the largest crop (800×533). */
const WIDTH = 1200;
const HEIGHT = 800;
const RASTER = { width: 900, height: 600 };
const OUTDOOR = new Set<Category>(['terraza', 'piscina', 'exteriores', 'bote', 'casa']);
/** The categories most listings have get a second look. */
const TWO_LOOKS = new Set<Category>(['sala', 'coworking', 'estudio', 'cocina', 'clases', 'salud']);

export const SHARED_SCENES = ['entrance', 'window', 'lounge', 'plants', 'facade', 'corridor'] as const;

const hueOf = (category: Category) => (CATEGORIES.indexOf(category) * 137) % 360;

export function categoryScenes(category: Category): string[] {
  return TWO_LOOKS.has(category) ? [`${category}-1`, `${category}-2`] : [`${category}-1`];
}

/** Every scene a listing may show. */
export const ALL_SCENES: readonly string[] = [...CATEGORIES.flatMap(categoryScenes), ...SHARED_SCENES];

/** A listing's photos: its category's scene first (the cover), then others, never twice the same. */
export function listingPhotoScenes(random: Random, category: Category, count: number): string[] {
  const own = random.shuffle(categoryScenes(category));
  return [...own, ...random.shuffle(SHARED_SCENES)].slice(0, Math.max(1, count));
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360},${s}%,${l}%)`;

function room(hue: number, look: number): string {
  const windowX = look === 1 ? 80 : 880;
  return `<defs>
  <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 35, 92)}"/><stop offset="1" stop-color="${hsl(hue, 30, 80)}"/></linearGradient>
  <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 30, 25, 55)}"/><stop offset="1" stop-color="${hsl(hue + 30, 30, 35)}"/></linearGradient>
  <radialGradient id="light" cx="${look === 1 ? 0.2 : 0.8}" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${WIDTH}" height="560" fill="url(#wall)"/>
<rect y="560" width="${WIDTH}" height="240" fill="url(#floor)"/>
${[...Array(7).keys()].map((i) => `<line x1="${600 + (i - 3) * 120}" y1="560" x2="${600 + (i - 3) * 420}" y2="800" stroke="#000" stroke-opacity="0.08" stroke-width="3"/>`).join('')}
<rect x="${windowX}" y="110" width="240" height="300" fill="${hsl(200, 70, 85)}" stroke="#fff" stroke-width="14"/>
<line x1="${windowX + 120}" y1="110" x2="${windowX + 120}" y2="410" stroke="#fff" stroke-width="10"/>`;
}

function outdoors(hue: number): string {
  return `<defs>
  <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(205, 75, 62)}"/><stop offset="1" stop-color="${hsl(hue, 60, 88)}"/></linearGradient>
  <radialGradient id="light" cx="0.8" cy="0.15" r="0.6"><stop offset="0" stop-color="#fff8e1" stop-opacity="0.7"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
<circle cx="980" cy="120" r="60" fill="#fff59d"/>
<rect y="540" width="${WIDTH}" height="260" fill="${hsl(hue + 40, 30, 60)}"/>`;
}

function sharedScene(name: (typeof SHARED_SCENES)[number], hue: number): string {
  const ink = hsl(hue, 45, 40);
  switch (name) {
    case 'entrance':
      return `<rect x="450" y="180" width="300" height="380" fill="${ink}" rx="6"/><circle cx="710" cy="380" r="12" fill="#ffd54f"/><rect x="420" y="150" width="360" height="30" fill="${hsl(hue, 20, 30)}"/>`;
    case 'window':
      return `<rect x="360" y="80" width="480" height="420" fill="${hsl(200, 70, 80)}" stroke="#fff" stroke-width="20"/><rect x="340" y="500" width="520" height="24" fill="${ink}"/>`;
    case 'lounge':
      return `<rect x="300" y="450" width="600" height="130" rx="40" fill="${ink}"/><circle cx="600" cy="660" r="70" fill="${hsl(hue + 60, 40, 70)}"/>`;
    case 'plants':
      return [200, 480, 760, 1000]
        .map(
          (x, i) =>
            `<rect x="${x - 30}" y="500" width="60" height="80" fill="#8d5b3c" rx="6"/><circle cx="${x}" cy="${450 - i * 10}" r="${60 + i * 8}" fill="${hsl(110 + i * 10, 45, 40)}"/>`,
        )
        .join('');
    case 'facade':
      return [...Array(3).keys()]
        .flatMap((row) =>
          [...Array(5).keys()].map(
            (col) =>
              `<rect x="${150 + col * 190}" y="${90 + row * 150}" width="110" height="110" fill="${hsl(200, 50, 80)}" stroke="${ink}" stroke-width="8"/>`,
          ),
        )
        .join('');
    case 'corridor':
      return `<polygon points="300,100 900,100 700,300 500,300" fill="${hsl(hue, 25, 85)}"/><rect x="500" y="300" width="200" height="260" fill="${ink}"/><polygon points="300,100 500,300 500,560 300,800" fill="${hsl(hue, 30, 70)}"/><polygon points="900,100 700,300 700,560 900,800" fill="${hsl(hue, 30, 65)}"/>`;
  }
}

/** The SVG of a scene: its background, what stands in it, and a soft light over everything. */
export function sceneSvg(scene: string): string {
  const [name, lookText] = scene.split('-');
  const look = Number(lookText ?? 1);
  let body: string;
  if ((SHARED_SCENES as readonly string[]).includes(scene)) {
    const hue = SHARED_SCENES.indexOf(scene as (typeof SHARED_SCENES)[number]) * 57;
    body = `${room(hue, 1)}${sharedScene(scene as (typeof SHARED_SCENES)[number], hue)}`;
  } else {
    const category = name as Category;
    const motif = MOTIFS[category];
    if (!motif) throw new RangeError(`No demo photo scene ${scene}`);
    const hue = hueOf(category) + (look - 1) * 40;
    const background = OUTDOOR.has(category) ? outdoors(hue) : room(hue, look);
    body = `${background}${motif(hsl(hue + 180, 45, 38), hsl(hue + 180, 55, 78))}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${RASTER.width}" height="${RASTER.height}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${body}<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#light)"/></svg>`;
}

/** A scene as a JPEG, the kind of file a host's phone uploads. */
export function renderScene(scene: string): Promise<Buffer> {
  return sharp(Buffer.from(sceneSvg(scene)))
    .jpeg({ quality: 90 })
    .toBuffer();
}
