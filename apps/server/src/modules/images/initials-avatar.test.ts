import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderInitialsAvatar } from './initials-avatar.ts';
import { processAvatar } from './process-avatar.ts';
import { near, pixelAt } from './test-images.ts';

async function countPixels(image: Buffer, matches: (rgba: number[]) => boolean): Promise<number> {
  const { data } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let offset = 0; offset < data.length; offset += 4) {
    if (matches([data[offset]!, data[offset + 1]!, data[offset + 2]!, data[offset + 3]!])) count += 1;
  }
  return count;
}

describe('renderInitialsAvatar', () => {
  it('draws the initials on a coloured circle in a 480×480 PNG', async () => {
    const png = await renderInitialsAvatar('ab', '#2a7d4f');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 480, height: 480 });
    expect((await pixelAt(png, 2, 2))[3]).toBe(0);
    expect(near(await pixelAt(png, 240, 20), [0x2a, 0x7d, 0x4f, 255], 2)).toBe(true);
    // White letters on a dark green circle: a good share of the picture is text.
    const white = await countPixels(png, ([r, g, b, a]) => r! > 240 && g! > 240 && b! > 240 && a === 255);
    expect(white).toBeGreaterThan(3000);
  });

  it('draws different letters for different initials, upper-cased', async () => {
    const [lower, upper, other] = await Promise.all([
      renderInitialsAvatar('mg', '#334455'),
      renderInitialsAvatar('MG', '#334455'),
      renderInitialsAvatar('JL', '#334455'),
    ]);
    expect(lower.equals(upper)).toBe(true);
    expect(lower.equals(other)).toBe(false);
  });

  it('uses dark letters on a light background', async () => {
    const png = await renderInitialsAvatar('LT', '#f4e04d');
    const dark = await countPixels(png, ([r, g, b, a]) => r! < 60 && g! < 60 && b! < 60 && a === 255);
    expect(dark).toBeGreaterThan(3000);
  });

  it('treats initials as text, never as markup', async () => {
    const png = await renderInitialsAvatar('<a', '#000');
    expect(await sharp(png).metadata()).toMatchObject({ width: 480, height: 480 });
  });

  it('refuses a background that is not a hex colour', async () => {
    await expect(renderInitialsAvatar('AB', 'red"/><script/>')).rejects.toThrow(TypeError);
  });

  it('is an avatar the upload accepts', async () => {
    const avatar = await processAvatar(await renderInitialsAvatar('HO', '#c0392b'));
    expect(avatar).toMatchObject({ sourceType: 'image/png', width: 480, height: 480 });
  });
});
