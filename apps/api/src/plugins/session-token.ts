import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SessionTokenClaims {
  sid?: unknown;
  exp?: number;
}

const SEGMENT = /^[A-Za-z0-9_-]+$/;

function decodeJson(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every token this server signs carries the same header: the last one accepted is known without decoding it. */
let acceptedHeader = '';

function isAcceptedHeader(header: string): boolean {
  if (header === acceptedHeader) return true;
  const decoded = decodeJson(header);
  if (!isObject(decoded) || decoded.alg !== 'HS256' || 'crit' in decoded) return false;
  acceptedHeader = header;
  return true;
}

/**
 * Checks a session token (an HS256 JWT signed by signSessionToken) in the request's own turn: every
 * signed-in request with an uncached token pays for it, and an HMAC in node:crypto costs a few
 * microseconds where WebCrypto's asynchronous verify costs a round trip to the thread pool. Only
 * HS256 with no critical extensions is accepted; `exp` and `nbf` are enforced to the second.
 * Answers the claims, or null for any token that is malformed, forged or out of its time.
 */
export function verifySessionToken(token: string, key: Uint8Array, now = Date.now()): SessionTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return null;
  const expected = Buffer.from(createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  if (!isAcceptedHeader(header)) return null;
  const claims = decodeJson(payload);
  if (!isObject(claims)) return null;
  const seconds = Math.floor(now / 1000);
  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || claims.exp <= seconds)) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > seconds)) return null;
  return { sid: claims.sid, exp: claims.exp as number | undefined };
}
