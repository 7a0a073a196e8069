import { open } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/uuid';
import { parseByteRange } from './byte-range';
import { findMediaFile } from './queries';
import { MEDIA_NOT_FOUND, type MediaContext } from './service';
import { mediaDirectory } from './upload';

/** A media id always names the same bytes, so browsers and proxies may keep any copy for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** An If-None-Match list holds our tag (or `*`); weak tags compare equal, as RFC 9110 13.1.2 asks. */
function matchesTag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

function notModifiedSince(header: string | undefined, modified: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/**
 * The file's bytes with its stored type: whole (200) or one range (206) so video players can seek,
 * 304 for a copy the client already holds, 416 for a range past the end. The file is opened before
 * any header is sent, so a file removed from disk is a clean 404.
 */
export async function sendMediaContent(ctx: MediaContext, request: FastifyRequest, reply: FastifyReply, id: string) {
  if (!isUuid(id)) throw notFound(MEDIA_NOT_FOUND);
  const row = await findMediaFile(ctx.db, id);
  if (!row) throw notFound(MEDIA_NOT_FOUND);
  const filePath = path.join(mediaDirectory(ctx.dataDir), path.basename(row.storageName));
  const file = await open(filePath, 'r').catch(() => null);
  if (!file) {
    request.log.warn({ mediaId: id }, 'media row without its file');
    throw notFound(MEDIA_NOT_FOUND);
  }
  let streaming = false;
  try {
    const { size } = await file.stat();
    const etag = `"${row.id}"`;
    reply.headers({
      'accept-ranges': 'bytes',
      etag,
      'last-modified': row.createdAt.toUTCString(),
      'cache-control': IMMUTABLE,
      'x-content-type-options': 'nosniff',
    });

    const ifNoneMatch = request.headers['if-none-match'];
    if (
      ifNoneMatch
        ? matchesTag(ifNoneMatch, etag)
        : notModifiedSince(request.headers['if-modified-since'], row.createdAt)
    ) {
      return reply.status(304).send();
    }

    // If-Range: the range is for the copy the client has; another copy gets the whole file.
    const ifRange = request.headers['if-range'] as string | undefined;
    const rangeApplies = !ifRange || ifRange === etag || notModifiedSince(ifRange, row.createdAt);
    const range = rangeApplies ? parseByteRange(request.headers.range, size) : null;
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }

    reply.type(row.mime);
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
    reply.header('content-length', String(end - start + 1));
    const stream = file.createReadStream({ start, end, autoClose: true });
    streaming = true;
    return reply.send(stream);
  } finally {
    if (!streaming) await file.close();
  }
}
