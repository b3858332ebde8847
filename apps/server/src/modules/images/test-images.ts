import { deflateSync } from 'node:zlib';
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

/** A PNG whose header declares `width`×`height` but whose data is one tiny row: a decompression bomb. */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Two colour bands, stacked (`rows`) or side by side (`columns`). */
export async function bands(
  width: number,
  height: number,
  first: string,
  second: string,
  layout: 'rows' | 'columns',
) {
  const half =
    layout === 'rows'
      ? { width, height: height / 2, top: height / 2, left: 0 }
      : { width: width / 2, height, top: 0, left: width / 2 };
  const band = await sharp({
    create: { width: half.width, height: half.height, channels: 3, background: second },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: first } }).composite([
    { input: band, top: half.top, left: half.left },
  ]);
}

/** A marker written into the EXIF of `photoWithLocation`, to look for in what Hora stores. */
export const LOCATION_MARKER = 'hora-secret-datum';

/**
 * A JPEG as a phone takes it: with the place it was taken (EXIF GPS: Puerta del Sol, Madrid), the
 * camera, and a marker in the GPS block.
 */
export async function photoWithLocation(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#806040' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'HoraPhone', Model: 'HoraPhone 15' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 1008/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 1980/100',
        GPSMapDatum: LOCATION_MARKER,
      },
    })
    .toBuffer();
}

/** Whether an EXIF block holds a GPS directory (tag 0x8825), in either byte order. */
export function hasGpsDirectory(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return (
    exif.includes(Buffer.from([0x88, 0x25, 0x00, 0x04])) ||
    exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]))
  );
}

/**
 * A HEIC file as far as its container says (an AVIF whose `ftyp` brands are HEIC's): what an iPhone
 * sends by default. sharp's prebuilt libvips cannot decode HEVC, so the real thing is refused too.
 */
export async function heicLike(): Promise<Buffer> {
  const avif = Buffer.from(await sampleImage('avif'));
  const end = avif.readUInt32BE(0);
  for (let offset = 8; offset + 4 <= end; offset += 4) {
    if (offset === 12) continue; // the minor version
    avif.write(offset === 8 ? 'heic' : 'mif1', offset, 'latin1');
  }
  return avif;
}
