import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '@learnbuild/domain/schemas/courses';

export interface MediaType {
  kind: 'image' | 'video';
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'video/mp4' | 'video/webm';
  extension: 'png' | 'jpg' | 'webp' | 'mp4' | 'webm';
}

/** Enough bytes to tell every accepted type apart: WebP needs 12 ("RIFF" size "WEBP"), MP4 its brand. */
export const SNIFF_BYTES = 12;

/** ISO-BMFF brands that are still images (HEIF, AVIF) or audio (M4A): an "ftyp" box alone is not a video. */
const NOT_VIDEO_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1', 'avif', 'avis']);
const AUDIO_BRAND = /^M4[ABP] $/;

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/** The type a file's first bytes prove; its name and the client's content type are never asked. */
export function detectMediaType(head: Buffer): MediaType | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { kind: 'image', mime: 'image/png', extension: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { kind: 'image', mime: 'image/jpeg', extension: 'jpg' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { kind: 'image', mime: 'image/webp', extension: 'webp' };
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (NOT_VIDEO_BRANDS.has(brand) || AUDIO_BRAND.test(brand)) return null;
    return { kind: 'video', mime: 'video/mp4', extension: 'mp4' };
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3)
    return { kind: 'video', mime: 'video/webm', extension: 'webm' };
  return null;
}

export const MAX_BYTES_BY_KIND = { image: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES } as const;

export const TOO_LARGE_MESSAGE = {
  image: `Images must be at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  video: `Videos must be at most ${VIDEO_MAX_BYTES / 1024 / 1024} MB`,
} as const;

export const UNSUPPORTED_MESSAGE = 'Upload a PNG, JPEG or WebP image, or an MP4 or WebM video';
