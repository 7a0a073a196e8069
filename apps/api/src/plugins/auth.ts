import type { Role } from '@learnbuild/domain/roles';
import { can, type Permission } from '@learnbuild/domain/roles';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthorized } from '../lib/http-errors';
import { findSessionUser, touchSession } from '../modules/auth/queries';

export interface SessionUser {
  id: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Drops cached sessions of this instance; call after any revocation. */
    forgetSessions(): void;
  }
}

const TOUCH_EVERY_MS = 5 * 60_000;
/**
 * Sessions checked in the last 2 s are trusted without a query. A revocation on this instance clears
 * the cache at once; another instance may accept a revoked token for at most this long.
 */
export const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;

type CachedSession = { userId: string; role: Role; lastSeenAt: Date; expiresAt: number; cachedAt: number };

export function sessionSigningKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** The token is a signed JWT naming a server-side session; revoking the session revokes the token. */
export async function signSessionToken(secret: string, sessionId: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(sessionSigningKey(secret));
}

async function sessionFromRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  cache: Map<string, CachedSession>,
): Promise<SessionUser | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  if (!token || token === 'null' || token === 'undefined') return null;
  let sessionId: unknown;
  try {
    const { payload } = await jwtVerify(token, sessionSigningKey(app.config.jwtSecret), { algorithms: ['HS256'] });
    sessionId = payload.sid;
  } catch {
    throw unauthorized('Your session has expired, please log in again');
  }
  if (typeof sessionId !== 'string') throw unauthorized('Your session has expired, please log in again');
  const now = Date.now();
  const cached = cache.get(sessionId);
  if (cached && now - cached.cachedAt < SESSION_CACHE_MS && cached.expiresAt > now) {
    return { id: cached.userId, role: cached.role, sessionId };
  }
  const found = await findSessionUser(app.db, sessionId);
  if (!found) {
    cache.delete(sessionId);
    throw unauthorized('Your session has expired, please log in again');
  }
  if (cache.size >= SESSION_CACHE_MAX) cache.clear();
  cache.set(sessionId, { ...found, expiresAt: found.expiresAt.getTime(), cachedAt: now });
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(app.db, sessionId);
  return { id: found.userId, role: found.role, sessionId };
}

/** Reads the Bearer token on every request; a bad token on a guarded route is a 401. */
export function registerAuth(app: FastifyInstance): void {
  const cache = new Map<string, CachedSession>();
  app.decorate('forgetSessions', () => cache.clear());
  app.decorateRequest('sessionUser', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    try {
      request.sessionUser = await sessionFromRequest(app, request, cache);
    } catch (error) {
      // Public routes ignore a stale token; guarded routes see no user and answer 401.
      request.sessionUser = null;
      (request as FastifyRequest & { staleToken?: boolean }).staleToken = true;
      request.log.debug({ err: error }, 'ignored invalid token');
    }
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export const requireAuth: onRequestHookHandler = async (request) => {
  requireUser(request);
};

export function requirePermission(permission: Permission): onRequestHookHandler {
  return async (request) => {
    const user = requireUser(request);
    if (!can(user.role, permission)) throw forbidden();
  };
}
