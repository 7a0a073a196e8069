import type { Role } from '@learnbuild/domain/roles';
import { can, type Permission } from '@learnbuild/domain/roles';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { SignJWT } from 'jose';
import { isDatabaseUnavailable } from '../lib/database-errors';
import { forbidden, unauthorized } from '../lib/http-errors';
import { findSessionUser, touchSession } from '../modules/auth/queries';
import { verifySessionToken } from './session-token';

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
    /**
     * Drops the cached sessions of every instance; call after any revocation. The other instances are told
     * through the cluster bus before the reply leaves (docs/decisions.md).
     */
    forgetSessions(): void;
  }
}

const TOUCH_EVERY_MS = 5 * 60_000;
/**
 * A session checked in the last minute is trusted without a query: every revocation made through the API
 * clears the cache of this instance at once and of the others, through the cluster bus, before its reply
 * leaves; while an instance cannot hear the bus (Redis down, or messages lost across a reconnect) it trusts no
 * cached session. The minute bounds only what changes behind the API's back (a row deleted by hand).
 */
export const SESSION_CACHE_MS = 60_000;
/** About 400 bytes each: every live session of a busy instance fits; past this the one looked up longest ago goes. */
const SESSION_CACHE_MAX = 50_000;
/** The cluster bus channel of revocations. */
const SESSIONS_CHANNEL = 'sessions';

/**
 * Keyed by the whole token: a token seen and verified in the last minute needs neither the HMAC nor the query.
 * `user` is what requests signed in with it see (one object, never changed, shared by them).
 */
type CachedSession = { user: SessionUser; expiresAt: number; cachedAt: number };

interface SessionCache {
  entries: Map<string, CachedSession>;
  /** One lookup per token at a time: a burst of requests after expiry shares one query. */
  pending: Map<string, Promise<CachedSession>>;
  /** When a revocation last cleared the cache: a lookup that started before it is not kept. */
  clearedAt: number;
}

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

const expired = () => unauthorized('Your session has expired, please log in again');

async function lookUpSession(app: FastifyInstance, signingKey: Uint8Array, token: string): Promise<CachedSession> {
  const startedAt = Date.now();
  const claims = verifySessionToken(token, signingKey, startedAt);
  const sessionId = claims?.sid;
  if (typeof sessionId !== 'string') throw expired();
  const tokenExpiresAt = claims?.exp ? claims.exp * 1000 : Number.POSITIVE_INFINITY;
  const found = await findSessionUser(app.db, sessionId);
  if (!found) throw expired();
  if (Date.now() - found.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(app.db, sessionId);
  return {
    user: Object.freeze({ id: found.userId, role: found.role, sessionId }),
    expiresAt: Math.min(found.expiresAt.getTime(), tokenExpiresAt),
    cachedAt: startedAt,
  };
}

/** The request's token, or null when it carries none. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  if (!token || token === 'null' || token === 'undefined') return null;
  return token;
}

/** The session of a token checked within the last minute, when this instance may still trust it. */
function cachedSession(app: FastifyInstance, cache: SessionCache, token: string): SessionUser | null {
  const session = cache.entries.get(token);
  if (!session) return null;
  const now = Date.now();
  if (now - session.cachedAt >= SESSION_CACHE_MS || session.expiresAt <= now || !app.cluster.listening) return null;
  return session.user;
}

/** Checks the token against its session row (one lookup per token at a time) and keeps the answer. */
async function checkSession(
  app: FastifyInstance,
  cache: SessionCache,
  signingKey: Uint8Array,
  token: string,
): Promise<SessionUser> {
  cache.entries.delete(token);
  let lookup = cache.pending.get(token);
  if (!lookup) {
    lookup = lookUpSession(app, signingKey, token);
    cache.pending.set(token, lookup);
    const settled = () => cache.pending.delete(token);
    lookup.then((found) => {
      settled();
      // A revocation while the query ran must not be undone by keeping its answer.
      if (found.cachedAt > cache.clearedAt) {
        // A Map iterates in insertion order and a refreshed entry is inserted again: the first is the stalest.
        if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value as string);
        cache.entries.set(token, found);
      }
    }, settled);
  }
  return (await lookup).user;
}

/** Reads the Bearer token on every request; a bad token on a guarded route is a 401. */
export function registerAuth(app: FastifyInstance): void {
  const cache: SessionCache = { entries: new Map(), pending: new Map(), clearedAt: 0 };
  const signingKey = sessionSigningKey(app.config.jwtSecret);
  const forgetHere = () => {
    cache.entries.clear();
    cache.pending.clear();
    cache.clearedAt = Date.now();
  };
  app.cluster.subscribe(SESSIONS_CHANNEL, forgetHere);
  app.cluster.onResync(forgetHere);
  app.decorate('forgetSessions', () => {
    forgetHere();
    void app.cluster.publish(SESSIONS_CHANNEL, null);
  });
  app.decorateRequest('sessionUser', null);
  // A callback hook, not an async one: a request whose token was checked within the minute (nearly all of
  // them) goes on at once, with no promise made for it.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const token = bearerToken(request);
    if (token === null) return done();
    const cached = cachedSession(app, cache, token);
    if (cached) {
      request.sessionUser = cached;
      return done();
    }
    checkSession(app, cache, signingKey, token).then(
      (user) => {
        request.sessionUser = user;
        done();
      },
      (error: unknown) => {
        // A database that is down is a 503 for everyone, never a 401 that would sign the user out.
        if (isDatabaseUnavailable(error)) return done(error as Error);
        // Public routes ignore a stale token; guarded routes see no user and answer 401.
        request.sessionUser = null;
        (request as FastifyRequest & { staleToken?: boolean }).staleToken = true;
        request.log.debug({ err: error }, 'ignored invalid token');
        done();
      },
    );
  });
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export const requireAuth: onRequestHookHandler = (request, _reply, done) => {
  done(request.sessionUser ? undefined : unauthorized());
};

export function requirePermission(permission: Permission): onRequestHookHandler {
  return (request, _reply, done) => {
    const user = request.sessionUser;
    done(!user ? unauthorized() : can(user.role, permission) ? undefined : forbidden());
  };
}
