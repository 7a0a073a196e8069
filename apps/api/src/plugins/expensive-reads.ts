import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../lib/rate-limiter';

/**
 * Public routes whose every call costs real work (a whole sheet read and shaped). One client may not
 * use them to starve the rest of the server: past the limit it gets a cheap 429 before any work.
 */
export const EXPENSIVE_PUBLIC_READS = new Set(['GET /api/dsa/problems']);

/** Limits each client (the signed-in user, else the IP) on the expensive public reads; needs registerAuth first. */
export function registerExpensiveReadLimits(app: FastifyInstance): void {
  const limit = app.config.expensiveReadsPerMinute;
  if (limit === 0) return;
  const rule = { ...LIMITS.expensiveReadPerClient, limit };
  // A callback hook: every other route goes on at once, with no promise made for it.
  app.addHook('onRequest', (request, _reply, done) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = `${method} ${request.routeOptions.url}`;
    if (!EXPENSIVE_PUBLIC_READS.has(route)) return done();
    const client = request.sessionUser ? `user:${request.sessionUser.id}` : `ip:${request.ip}`;
    app.limiter.hit(`expensive:${route}:${client}`, rule).then(() => done(), done);
  });
}
