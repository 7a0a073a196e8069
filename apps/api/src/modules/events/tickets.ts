import { createHmac } from 'node:crypto';
import { EVENT_TICKET_TTL_SECONDS } from '@learnbuild/domain/schemas/dashboard';
import { jwtVerify, SignJWT } from 'jose';

const AUDIENCE = 'learnbuild:event-stream';

/**
 * A key of its own, derived from the session secret: a ticket can never pass as a session token
 * (and a session token never as a ticket), whatever claims either carries.
 */
export function ticketKey(jwtSecret: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', jwtSecret).update('event-stream-ticket').digest());
}

/** A short-lived ticket naming a session, for the one thing a URL may carry: opening the event stream. */
export async function signStreamTicket(key: Uint8Array, sessionId: string, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + EVENT_TICKET_TTL_SECONDS)
    .sign(key);
}

/** The session a valid ticket names, or null for anything else (expired, forged, another audience). */
export async function readStreamTicket(key: Uint8Array, ticket: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(ticket, key, { algorithms: ['HS256'], audience: AUDIENCE });
    return typeof payload.sid === 'string' ? payload.sid : null;
  } catch {
    return null;
  }
}
