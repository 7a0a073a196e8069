import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real image of one colour, so the server's decoder accepts it (a magic number alone no longer passes). */
export function solidImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
}

/** A small photo carrying EXIF with a place in it (GPS), as a phone's camera writes one. */
export function photoWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .withExif({
      IFD0: { Make: 'LearnBuild test camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .jpeg()
    .toBuffer();
}

/** True when the image carries EXIF, XMP or IPTC metadata. */
export async function carriesMetadata(image: Buffer): Promise<boolean> {
  const { exif, xmp, iptc } = await sharp(image).metadata();
  return Boolean(exif ?? xmp ?? iptc);
}

/**
 * A decompression bomb: 10,000 × 10,000 pixels of one colour, a few hundred KB as PNG, about 400 MB
 * once a browser decodes it. Made once per test file (it takes a second or two).
 */
export function pixelBomb(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims `width` × `height` and whose pixel data is noise: refused with "too many
 * pixels" rather than "damaged" only if the size is judged from the header, before any decoding.
 */
export function headerOnlyPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', randomBytes(256)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The image cut off halfway through: its header is whole, its pixels are not. */
export const truncated = (image: Buffer) => image.subarray(0, Math.floor(image.length / 2));

export async function dimensionsOf(image: Buffer): Promise<{ width: number; height: number; format: string }> {
  const { width, height, format } = await sharp(image).metadata();
  return { width: width ?? 0, height: height ?? 0, format: format ?? '' };
}
