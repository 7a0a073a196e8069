import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/http-errors';
import { AVATAR_MAX_SIDE, fitImage } from '../../lib/images';
import { isMalformedMultipart } from '../../plugins/errors';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_PREFIX = '/media/avatars/';

/** The file's own bytes decide its type; the name and declared type are ignored. */
export function detectImageType(bytes: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

/** A body with no boundary, the wrong one, or cut off is the client's fault: 400, not 500. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; truncated: boolean }> {
  try {
    const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!file) throw badRequest('Choose a picture to upload');
    const bytes = await file.toBuffer();
    return { bytes, truncated: file.file.truncated };
  } catch (error) {
    if (isMalformedMultipart(error)) throw badRequest(MALFORMED_UPLOAD_MESSAGE);
    throw error;
  }
}

export const MALFORMED_UPLOAD_MESSAGE =
  'The upload could not be read: send the picture as multipart/form-data in a field named "avatar"';

export async function storeAvatar(dataDir: string, request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw badRequest('Upload the picture as multipart/form-data in a field named "avatar"');
  const { bytes, truncated } = await readUpload(request);
  if (truncated) throw badRequest('The picture must be at most 2 MB');
  const type = detectImageType(bytes);
  if (!type) throw badRequest('The picture must be a PNG, JPEG, GIF or WebP image');
  // Too many pixels or a damaged file is refused here; a large picture is kept shrunk, in its own type.
  const fitted = await fitImage(bytes, AVATAR_MAX_SIDE);
  const directory = path.join(dataDir, 'uploads', 'avatars');
  await mkdir(directory, { recursive: true });
  const name = `${randomUUID()}.${type}`;
  await writeFile(path.join(directory, name), fitted ?? bytes);
  return `${AVATAR_PREFIX}${name}`;
}

export async function removeStoredAvatar(dataDir: string, profilePic: string): Promise<void> {
  if (!profilePic.startsWith(AVATAR_PREFIX)) return;
  const name = path.basename(profilePic);
  await unlink(path.join(dataDir, 'uploads', 'avatars', name)).catch(() => undefined);
}
