import sharp, { type FormatEnum, type Metadata } from 'sharp';
import { badRequest, payloadTooLarge } from './http-errors';

/**
 * A picture's cost to every browser that shows it is its pixels, not its bytes: a 300 KB PNG of
 * 10,000 × 10,000 decodes to about 400 MB. 40 megapixels (all frames of an animation together) covers
 * any camera photo.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

export const TOO_MANY_PIXELS_MESSAGE = 'Images must be at most 40 megapixels (for example 8000 × 5000 pixels)';
export const UNREADABLE_IMAGE_MESSAGE = 'The image could not be read: the file is damaged or incomplete';

/** The longest side an avatar is kept at: enough for the profile page on a sharp screen. */
export const AVATAR_MAX_SIDE = 256;
/** The longest side a course or blog image is kept at: a full-width cover on a large screen. */
export const COURSE_IMAGE_MAX_SIDE = 1280;

// Each upload is a different file: libvips' cache of recent operations would only hold memory.
sharp.cache(false);

const OUTPUT_FORMATS = new Set<keyof FormatEnum>(['png', 'jpeg', 'webp', 'gif']);

/**
 * Reads the image's size from its header alone and refuses one over IMAGE_MAX_PIXELS before a single
 * pixel is decoded (a decompression bomb costs us a header read). Then decodes it, which proves it is
 * whole: a damaged or cut-off file is a 400. Returns the image shrunk to fit `maxSide` in its own
 * format (written anew without its metadata), or null when it fits already, carries no metadata and its
 * original bytes can be kept.
 */
export async function fitImage(input: Buffer, maxSide: number): Promise<Buffer | null> {
  const options = { limitInputPixels: IMAGE_MAX_PIXELS, animated: true, failOn: 'truncated' as const };
  let header: Metadata;
  try {
    // The header is read without the pixel limit, which would refuse too early to say why.
    header = await sharp(input, { animated: true }).metadata();
  } catch {
    throw badRequest(UNREADABLE_IMAGE_MESSAGE);
  }
  const width = header.width ?? 0;
  const frameHeight = header.pageHeight ?? header.height ?? 0;
  if (width * frameHeight * (header.pages ?? 1) > IMAGE_MAX_PIXELS) throw payloadTooLarge(TOO_MANY_PIXELS_MESSAGE);
  const format = header.format;
  if (!format || !OUTPUT_FORMATS.has(format) || width === 0 || frameHeight === 0) {
    throw badRequest(UNREADABLE_IMAGE_MESSAGE);
  }
  const fits = width <= maxSide && frameHeight <= maxSide;
  // EXIF, XMP and IPTC can carry where and when a photo was taken: a picture with any is written anew
  // (sharp keeps none of them), so nothing of it is published but its pixels.
  const carriesMetadata = Boolean(header.exif ?? header.xmp ?? header.iptc);
  try {
    if (fits && !carriesMetadata) {
      // Decoded only to prove the file is whole (shrunk as it streams, so no frame is held whole);
      // the original bytes stay as they are.
      await sharp(input, options).resize(8, 8, { fit: 'inside' }).raw().toBuffer();
      return null;
    }
    return await sharp(input, options)
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .toFormat(format)
      .toBuffer();
  } catch {
    throw badRequest(UNREADABLE_IMAGE_MESSAGE);
  }
}
