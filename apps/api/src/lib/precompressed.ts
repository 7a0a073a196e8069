import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentCoding = 'br' | 'gzip' | 'identity';

/**
 * One reply body compressed ahead of time in every coding a client may ask for, with its validator.
 * Each coding is its own representation, so each has its own strong ETag: `"<hash>"`, `"<hash>-br"` and
 * `"<hash>-gz"`, all three naming the same content.
 */
export interface Precompressed {
  /** Hash of the identity bytes (equal hashes, equal content), or null for a reply no client may keep. */
  hash: string | null;
  /** The bytes in a coding (made on first use by `compressOnDemand`). */
  body(coding: ContentCoding): Buffer;
  contentType: string;
}

const TAG_SUFFIX: Record<ContentCoding, string> = { identity: '', br: '-br', gzip: '-gz' };

export function contentHash(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 27);
}

/** Compresses once with the strongest settings: the work is paid per change, not per request (off the event loop). */
export async function precompress(body: Buffer, contentType: string, hash = contentHash(body)): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const bodies: Record<ContentCoding, Buffer> = { identity: body, br, gzip: gz };
  return { hash, body: (coding) => bodies[coding], contentType };
}

/** Fast settings for replies made per reader: a learner's 3 KiB of flags takes about 20 µs, 30 KiB about 200 µs. */
const ON_DEMAND: Record<Exclude<ContentCoding, 'identity'>, (body: Buffer) => Buffer> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 2,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => gzipSync(body, { level: 6 }),
};

/**
 * A reply kept per reader that no client may store (a learner's flags): each coding is compressed the first
 * time a client asks for it, with fast settings, and kept with the reply, so a repeated read costs no
 * compression. It has no validator: nobody keeps it to revalidate.
 */
export function compressOnDemand(body: Buffer, contentType: string): Precompressed {
  const made: Partial<Record<ContentCoding, Buffer>> = { identity: body };
  return {
    hash: null,
    contentType,
    body: (coding) => {
      let bytes = made[coding];
      if (!bytes) {
        bytes = ON_DEMAND[coding as Exclude<ContentCoding, 'identity'>](body);
        made[coding] = bytes;
      }
      return bytes;
    },
  };
}

export function etagOf(hash: string, coding: ContentCoding): string {
  return `"${hash}${TAG_SUFFIX[coding]}"`;
}

/** The coding to send for an Accept-Encoding header: the highest q of br and gzip (br on a tie), else identity. */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity';
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br <= 0 && gz <= 0) return 'identity';
  return br >= gz ? 'br' : 'gzip';
}

/** Whether If-None-Match names this content in any coding (weak comparison, as RFC 9110 asks for this header). */
export function matchesIfNoneMatch(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  const tags = new Set((['identity', 'br', 'gzip'] as const).map((coding) => etagOf(hash, coding)));
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tags.has(tag);
  });
}

/**
 * Sends the stored bytes for the request's Accept-Encoding, or 304 when If-None-Match names them (a body with a
 * hash only). The route must turn the compress plugin off (`compress: false`): the body is already compressed.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Precompressed,
  cacheControl: string,
): FastifyReply {
  const coding = chooseCoding(request.headers['accept-encoding']);
  reply.header('vary', 'accept-encoding').header('cache-control', cacheControl);
  if (body.hash !== null) {
    reply.header('etag', etagOf(body.hash, coding));
    if (matchesIfNoneMatch(request.headers['if-none-match'], body.hash)) return reply.status(304).send();
  }
  if (coding !== 'identity') reply.header('content-encoding', coding);
  return reply.header('content-type', body.contentType).send(body.body(coding));
}
