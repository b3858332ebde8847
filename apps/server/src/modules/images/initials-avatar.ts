import sharp from 'sharp';
import { AVATAR_VARIANT_SIZES } from './avatar-variants.ts';

const SIZE = AVATAR_VARIANT_SIZES['square-small2x'];
const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Dark text on light backgrounds, white on dark ones (relative luminance, WCAG). */
function textColourFor(background: string): string {
  const hex =
    background.length === 4
      ? [...background.slice(1)].map((digit) => digit + digit).join('')
      : background.slice(1);
  const [red, green, blue] = [0, 2, 4].map((offset) => {
    const channel = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  return luminance > 0.4 ? '#1a1a1a' : '#ffffff';
}

/**
 * A 480×480 PNG of up to three initials on a circle of `background` (`#rgb` or `#rrggbb`), outside
 * the circle transparent: the demo users' avatars, uploaded through `saveAvatar` like any other.
 */
export async function renderInitialsAvatar(initials: string, background: string): Promise<Buffer> {
  if (!HEX_COLOUR.test(background))
    throw new TypeError(`Expected a hex colour, got ${JSON.stringify(background)}`);
  const text = [...initials.trim()].slice(0, 3).join('').toLocaleUpperCase('es');
  const fontSize = text.length > 2 ? 150 : 200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <circle cx="${SIZE / 2}" cy="${SIZE / 2}" r="${SIZE / 2}" fill="${background}"/>
  <text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" fill="${textColourFor(background)}"
    font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold"
    font-size="${fontSize}">${escapeXml(text)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
