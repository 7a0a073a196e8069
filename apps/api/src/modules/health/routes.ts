import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';

/** A database that has not answered `select 1` within this long counts as down. */
const DATABASE_PROBE_TIMEOUT_MS = 2_000;
/** Health checks within this long share one probe: a busy load balancer costs the database one query a second. */
const PROBE_REUSE_MS = 1_000;

export interface DatabaseHealth {
  status: 'ok' | 'down';
  latencyMs: number;
}

export type RedisHealth = { status: 'ok' | 'down' | 'not configured' };

/** Resolves with `fallback` when `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function probeDatabase(db: Db): Promise<DatabaseHealth> {
  const startedAt = performance.now();
  const status = await within(
    db.execute(sql`select 1`).then(
      () => 'ok' as const,
      () => 'down' as const,
    ),
    DATABASE_PROBE_TIMEOUT_MS,
    'down' as const,
  );
  return { status, latencyMs: Math.round((performance.now() - startedAt) * 10) / 10 };
}

export async function healthRoutes(app: FastifyInstance) {
  let probe: { at: number; result: Promise<{ database: DatabaseHealth; redis: RedisHealth }> } | undefined;
  const probeDependencies = async () => {
    const [database, redis] = await Promise.all([
      probeDatabase(app.db),
      app.config.redisUrl ? (app.limiter.probe?.() ?? Promise.resolve('down' as const)) : 'not configured',
    ]);
    return { database, redis: { status: redis } as RedisHealth };
  };

  /**
   * Each dependency's state. 200 `ok` when all answer, 200 `degraded` when only Redis is down (limits and
   * live events fall back to this instance), 503 `down` when the database does not answer.
   */
  app.get('/api/health', { schema: { tags: ['health'] } }, async (_request, reply) => {
    const now = Date.now();
    if (!probe || now - probe.at >= PROBE_REUSE_MS) probe = { at: now, result: probeDependencies() };
    const { database, redis } = await probe.result;
    if (database.status === 'down') {
      return reply.status(503).send({
        success: false,
        error: 'The database is not answering',
        status: 'down',
        database,
        redis,
      });
    }
    return { status: redis.status === 'down' ? 'degraded' : 'ok', database, redis };
  });

  /** Public settings the web app needs at start (the popup link and social login buttons). */
  app.get('/api/config', { schema: { tags: ['health'] } }, async () => ({
    success: true,
    videoChannelUrl: app.config.videoChannelUrl,
  }));
}
