import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

/**
 * OWASP's device cookie: a browser that signed in to an account once carries proof of it, so its later
 * logins to that account are counted on their own and never share the budget that strangers exhaust.
 * The value is `<user id>.<nonce>.<signature>`; the signature (HMAC-SHA256 under a key derived from the
 * JWT secret, which all instances share) makes it unforgeable, and the user id binds it to one account.
 */
export const DEVICE_COOKIE_NAME = 'lb_device';
/** Path of the only routes that read it: it travels with nothing else. */
const DEVICE_COOKIE_PATH = '/api/auth';
/** A year: browsers keep a cookie 400 days at most, and a device unused that long may be treated as new. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface KnownDevice {
  userId: string;
  /** Names this device's own failure count. */
  nonce: string;
}

function signature(jwtSecret: string, payload: string): string {
  // A key of its own, so a device cookie can never be mistaken for any other signed value.
  const key = createHmac('sha256', jwtSecret).update('learnbuild login device cookie').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** The Set-Cookie value that makes this browser a known device of `userId`. */
export function deviceCookieHeader(config: { jwtSecret: string; publicUrl: string }, userId: string): string {
  const payload = `${userId}.${randomBytes(16).toString('base64url')}`;
  const attributes = [
    `${DEVICE_COOKIE_NAME}=${payload}.${signature(config.jwtSecret, payload)}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (config.publicUrl.startsWith('https://')) attributes.push('Secure');
  return attributes.join('; ');
}

/** The device named by the request's cookie, or null when there is none or its signature does not hold. */
export function readDeviceCookie(jwtSecret: string, cookieHeader: string | undefined): KnownDevice | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== DEVICE_COOKIE_NAME) continue;
    const parts = pair
      .slice(separator + 1)
      .trim()
      .split('.');
    if (parts.length !== 3) return null;
    const [userId, nonce, signed] = parts as [string, string, string];
    if (!userId || !nonce || !safeEqual(signed, signature(jwtSecret, `${userId}.${nonce}`))) return null;
    return { userId, nonce };
  }
  return null;
}
