import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VIDEO_MAX_BYTES } from '@learnbuild/domain/schemas/courses';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError, payloadTooLarge, unsupportedMediaType } from '../../lib/http-errors';
import { COURSE_IMAGE_MAX_SIDE, fitImage } from '../../lib/images';
import { isMalformedMultipart } from '../../plugins/errors';
import {
  detectMediaType,
  MAX_BYTES_BY_KIND,
  type MediaType,
  SNIFF_BYTES,
  TOO_LARGE_MESSAGE,
  UNSUPPORTED_MESSAGE,
} from './media-type';

/** Room for the multipart boundaries and part headers around the largest allowed file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const ORIGINAL_NAME_MAX = 200;
/** How long the rest of a refused upload is read before the connection is closed. */
const LINGER_MS = 2000;
const NOT_MULTIPART_MESSAGE = 'Upload the file as multipart/form-data in a field named "file"';

export interface StoredUpload {
  type: MediaType;
  size: number;
  originalName: string;
  /** The file's name under the media directory: a random id, never the client's name. */
  storageName: string;
}

/** DATA_DIR/uploads/media: course thumbnails and lesson videos. */
export function mediaDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'media');
}

/**
 * Types the file by its first bytes and counts every byte: a refused type or a file past its kind's
 * limit fails the stream at once, so nothing more is read or written.
 */
class UploadInspector extends Transform {
  type: MediaType | null = null;
  size = 0;
  private head: Buffer[] = [];
  private headLength = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (!this.type) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < SNIFF_BYTES) done();
      else this.releaseHead(done);
    } else if (this.size > MAX_BYTES_BY_KIND[this.type.kind]) {
      done(payloadTooLarge(TOO_LARGE_MESSAGE[this.type.kind]));
    } else {
      done(null, chunk);
    }
  }

  override _flush(done: TransformCallback): void {
    if (this.type) done();
    else this.releaseHead(done);
  }

  private releaseHead(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.type = detectMediaType(head);
    if (!this.type) done(unsupportedMediaType(UNSUPPORTED_MESSAGE));
    else if (this.size > MAX_BYTES_BY_KIND[this.type.kind]) done(payloadTooLarge(TOO_LARGE_MESSAGE[this.type.kind]));
    else done(null, head);
  }
}

/** The client's file name, kept only to show it back: no path, no control characters, bounded. */
function cleanOriginalName(filename: string | undefined): string {
  const base = path.basename((filename ?? '').replace(/\\/g, '/'));
  const printable = [...base].filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    // Control characters, and lone surrogates, which PostgreSQL text cannot hold.
    return code > 0x1f && code !== 0x7f && (code < 0xd800 || code > 0xdfff);
  });
  return printable.join('').slice(0, ORIGINAL_NAME_MAX);
}

async function firstFilePart(request: FastifyRequest) {
  try {
    return await request.file({
      // The plugin's default (2 MB, for avatars) is raised to the video limit; images are held to theirs
      // by the inspector once their bytes say they are images. One byte over lets the inspector refuse it.
      limits: { fileSize: VIDEO_MAX_BYTES + 1, files: 1, fields: 5, parts: 10 },
    });
  } catch (error) {
    if (isMalformedMultipart(error)) throw badRequest('The upload could not be read as multipart/form-data');
    throw error;
  }
}

/**
 * Streams the request's file to a temporary file beside its final place and renames it when every byte
 * has arrived and passed; on a refusal or a client that goes away the partial file is deleted.
 * Memory use stays at a few stream buffers whatever the file's size.
 */
export async function receiveUpload(request: FastifyRequest, directory: string): Promise<StoredUpload> {
  try {
    return await streamToDisk(request, directory);
  } catch (error) {
    if (error instanceof HttpError) drainThenClose(request.raw);
    throw error;
  }
}

/**
 * A refused upload may still be arriving. Its rest is read and dropped, so the client is not reset
 * before it reads the refusal; a client that keeps sending past LINGER_MS loses the connection.
 */
function drainThenClose(raw: IncomingMessage): void {
  if (raw.complete) return;
  raw.resume();
  // Destroying the request destroys its socket (and works on injected requests, whose socket is a stand-in).
  const timer = setTimeout(() => raw.destroy(), LINGER_MS);
  timer.unref();
  raw.once('end', () => clearTimeout(timer));
}

async function streamToDisk(request: FastifyRequest, directory: string): Promise<StoredUpload> {
  if (!request.isMultipart()) throw badRequest(NOT_MULTIPART_MESSAGE);
  const declared = Number(request.headers['content-length']);
  if (declared > VIDEO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw payloadTooLarge(`${TOO_LARGE_MESSAGE.video}, images at most 5 MB`);
  }
  const part = await firstFilePart(request);
  if (!part) throw badRequest('Choose a file to upload');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(NOT_MULTIPART_MESSAGE);
  }

  await mkdir(directory, { recursive: true });
  const partialPath = path.join(directory, `.partial-${randomUUID()}`);
  const inspector = new UploadInspector();
  try {
    await pipeline(part.file, inspector, createWriteStream(partialPath, { flags: 'wx' }));
    // busboy stops at its own limit without an error; the inspector's limit is lower, so this is a backstop.
    if (part.file.truncated) throw payloadTooLarge(TOO_LARGE_MESSAGE.video);
    const type = inspector.type;
    if (!type) throw unsupportedMediaType(UNSUPPORTED_MESSAGE);
    const size = type.kind === 'image' ? await fitStoredImage(partialPath, inspector.size) : inspector.size;
    const storageName = `${randomUUID()}.${type.extension}`;
    await rename(partialPath, path.join(directory, storageName));
    return { type, size, originalName: cleanOriginalName(part.filename), storageName };
  } catch (error) {
    await unlink(partialPath).catch(() => undefined);
    if (isMalformedMultipart(error)) throw badRequest('The upload could not be read as multipart/form-data');
    throw error;
  }
}

/**
 * An image (5 MB at most, so it is read whole) is refused over the pixel limit or when damaged, and
 * replaced by its shrunk copy when larger than a cover is ever shown: that copy is what every visitor
 * downloads and decodes. Returns the stored size.
 */
async function fitStoredImage(filePath: string, size: number): Promise<number> {
  const fitted = await fitImage(await readFile(filePath), COURSE_IMAGE_MAX_SIDE);
  if (!fitted) return size;
  await writeFile(filePath, fitted);
  return fitted.length;
}

export async function removeStoredFile(directory: string, storageName: string): Promise<void> {
  await unlink(path.join(directory, path.basename(storageName))).catch(() => undefined);
}
