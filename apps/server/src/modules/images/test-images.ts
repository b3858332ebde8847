import sharp from 'sharp';

/** Test inputs generated with sharp, so every format is real content, not a fixture file. */
export async function sampleImage(
  format: 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff',
  { width = 64, height = 48, colour = '#3366cc' }: { width?: number; height?: number; colour?: string } = {},
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
}

/** The RGBA value of one pixel of a decoded image. */
export async function pixelAt(
  image: Buffer,
  x: number,
  y: number,
): Promise<[number, number, number, number]> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!, data[offset + 3]!];
}

/** True when two colours differ by at most `tolerance` per channel (lossy formats shift colours). */
export function near(actual: readonly number[], expected: readonly number[], tolerance = 24): boolean {
  return expected.every((value, index) => Math.abs((actual[index] ?? Number.NaN) - value) <= tolerance);
}
