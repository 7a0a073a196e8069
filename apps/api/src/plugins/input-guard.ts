import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors';

export const UNSAFE_TEXT_MESSAGE =
  'The request contains a character that is not allowed (a NUL character or an unpaired surrogate)';
export const MALFORMED_QUERY_MESSAGE = 'The address has a malformed percent-encoding';

// Without the `u` flag the pattern sees UTF-16 code units, so it finds a high surrogate with no low
// one after it, or a low surrogate with no high one before it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_DEPTH = 64;

/** Any surrogate at all: text without one (nearly all) needs no look-around. */
const ANY_SURROGATE = /[\ud800-\udfff]/;

/** PostgreSQL refuses U+0000 in text, and a lone surrogate cannot be stored as UTF-8 without loss. */
export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || (ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text));
}

/** True when any string, or any object key, anywhere in `value` is unsafe text. */
export function containsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnsafeText(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => containsUnsafeText(item, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeText(key) || containsUnsafeText(item, depth + 1)) return true;
  }
  return false;
}

/** Every `key=value` piece of the query string must decode; `%ED%A0%80` or a bare `%` does not. */
export function hasMalformedQuery(url: string): boolean {
  const start = url.indexOf('?');
  // Only a percent sign can fail to decode: most addresses have none and need no splitting.
  if (start === -1 || url.indexOf('%', start) === -1) return false;
  for (const piece of url.slice(start + 1).split('&')) {
    try {
      decodeURIComponent(piece.replace(/\+/g, ' '));
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * One decision for the whole API, made before any route's validation: a body, query or path parameter
 * holding a NUL or a lone surrogate is refused with 400, as is a query string that does not decode.
 * Registered before the modules, so every route added later is covered without opting in.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasMalformedQuery(request.url)) return done(badRequest(MALFORMED_QUERY_MESSAGE));
    if (containsUnsafeText(request.params) || containsUnsafeText(request.query) || containsUnsafeText(request.body)) {
      return done(badRequest(UNSAFE_TEXT_MESSAGE));
    }
    done();
  });
}
