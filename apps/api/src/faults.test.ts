import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase, REQUEST_STATEMENT_TIMEOUT_MS } from './db/client';
import { userTopic } from './lib/event-bus';
import { REDIS_DOWN_WARNING } from './lib/rate-limiter';
import { MAIL_WORKER_DATABASE_DOWN, startMailWorker } from './mail/worker';
import { DATABASE_DOWN_MESSAGE } from './plugins/errors';
import { buildTestApp, createScratchDatabase, memoryMailTransport, type TestApp } from './test/build-test-app';
import { openEventStream } from './test/event-stream';
import { createDsaProblems, createUser } from './test/factories';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy';

/** A reply while a dependency is down must come well before the web client's 30 s timeout. */
const BOUND_MS = 10_000;

const testConfig = () =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/lb-faults-test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'warn',
  });

/** Log lines as parsed JSON objects, written by the app's logger. */
function logCollector() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

async function timed(app: FastifyInstance, options: InjectOptions) {
  const startedAt = Date.now();
  const reply = await app.inject(options);
  return { reply, ms: Date.now() - startedAt };
}

/** Calls `check` until it returns true or `ms` pass; returns the last outcome. */
async function eventually(check: () => Promise<boolean>, ms = BOUND_MS): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) console.warn('faults.test.ts: the PostgreSQL outage test needs DATABASE_URL (a real server); skipped');

describe.skipIf(!serverUrl)('PostgreSQL stopped and started again (needs DATABASE_URL)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let baseUrl: string;
  const logs = logCollector();

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!, 'lb_faults');
    const target = new URL(scratch.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(scratch.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: proxied.toString(),
      statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
    });
    await database.migrate();
    app = await buildApp({
      config: { ...testConfig(), logLevel: 'info', redisUrl: undefined },
      database,
      mailTransport: memoryMailTransport().transport,
      mailWorkerAutoStart: false,
      logStream: logs.stream,
      eventHeartbeatMs: 100,
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    await database?.close();
    await proxy?.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await scratch?.drop();
  });

  /** Each read answers 503 in the error shape, well within the bound. */
  const expectUnavailable = async (reads: InjectOptions[]) => {
    for (const read of reads) {
      const { reply, ms } = await timed(app, read);
      expect(reply.statusCode, String(read.url)).toBe(503);
      expect(reply.json()).toEqual({ success: false, error: DATABASE_DOWN_MESSAGE });
      expect(reply.headers['retry-after']).toBe('5');
      expect(ms).toBeLessThan(BOUND_MS);
    }
  };

  it('answers 503 in the error shape within seconds while it is down, and 200 again once it is back', async () => {
    const learner = await createUser(app, database.db, 'Student');
    const reads: InjectOptions[] = [
      { method: 'GET', url: '/api/subjects' },
      { method: 'GET', url: '/api/auth/me', headers: learner.auth },
    ];
    for (const read of reads) expect((await app.inject(read)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      database: { status: 'ok' },
      redis: { status: 'not configured' },
    });

    // Background work that meets the outage: a live event stream, the mail worker and a scheduled job.
    const ticket = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: learner.auth });
    const stream = await openEventStream(baseUrl, ticket.json().ticket);
    expect(stream.status).toBe(200);
    const mailWorker = startMailWorker({
      db: database.db,
      transport: memoryMailTransport().transport,
      from: 'LearnBuild <no-reply@localhost>',
      log: app.log,
      intervalMs: 100,
    });

    await proxy.cut();
    // Past the session cache, so the signed-in read has to ask the database who the token belongs to.
    app.forgetSessions();
    await expectUnavailable(reads);
    const down = await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 503,
    );
    expect(down).toBe(true);
    const { reply: health, ms: healthMs } = await timed(app, { method: 'GET', url: '/api/health' });
    expect(healthMs).toBeLessThan(BOUND_MS);
    expect(health.json()).toMatchObject({ success: false, status: 'down', database: { status: 'down' } });

    // A server that accepts connections but never answers: the connect timeout gives up within seconds.
    await proxy.blackHole();
    await expectUnavailable(reads);

    // The background work went on failing quietly: the stream stays open, the mail worker warned once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mailWarnings = () => logs.lines.filter((line) => line.msg === MAIL_WORKER_DATABASE_DOWN);
    expect(mailWarnings()).toHaveLength(1);
    // A job cannot even record its run: it fails to its caller, and nothing crashes.
    await expect(app.jobs.runNow('auth.cleanup')).rejects.toThrow();

    await proxy.restore();
    // No restart: the same app and pool answer again.
    for (const read of reads) expect((await app.inject(read)).statusCode, String(read.url)).toBe(200);
    const up = await eventually(
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
    );
    expect(up).toBe(true);
    expect(
      await eventually(async () => logs.lines.some((line) => line.msg === 'mail worker: the database answers again')),
    ).toBe(true);
    expect(mailWarnings()).toHaveLength(1);
    // The stream outlived the outage and still carries events.
    app.events.publish(userTopic(learner.user.id), 'dsa.progress');
    await stream.waitFor('dsa.progress');
    expect(stream.events).not.toContain('expired');
    stream.close();
    await mailWorker.stop();
    expect(await app.jobs.runNow('auth.cleanup')).toMatchObject({ name: 'auth.cleanup', ok: true });
  });
});

describe.skipIf(!process.env.REDIS_URL)('Redis down and back (needs REDIS_URL)', () => {
  const logs = logCollector();
  const prefix = `lb:test:faults:${randomBytes(6).toString('hex')}:`;
  let t: TestApp;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let redis: Redis;

  beforeAll(async () => {
    const target = new URL(process.env.REDIS_URL!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    redis = new Redis(process.env.REDIS_URL!);
    t = await buildTestApp();
    app = await buildApp({
      config: {
        ...t.config,
        logLevel: 'info',
        redisUrl: `redis://127.0.0.1:${proxy.port}`,
        expensiveReadsPerMinute: 3,
      },
      database: t.database,
      mailTransport: t.mail.transport,
      mailWorkerAutoStart: false,
      scheduler: false,
      logStream: logs.stream,
      rateLimitKeyPrefix: prefix,
    });
    await app.ready();
  });
  afterAll(async () => {
    await proxy?.restore();
    await app?.close();
    await t?.close();
    await proxy?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  const problems = (ip: string) => ({ method: 'GET' as const, url: '/api/dsa/problems', remoteAddress: ip });
  const redisWarnings = () => logs.lines.filter((line) => line.msg === REDIS_DOWN_WARNING);
  const limitKey = (ip: string) => `${prefix}expensive:GET /api/dsa/problems:ip:${ip}`;
  const health = async () => (await app.inject({ method: 'GET', url: '/api/health' })).json();

  it('counts limits in memory with one warning while it is down, and in Redis again once it is back', async () => {
    expect(await health()).toMatchObject({ status: 'ok', redis: { status: 'ok' } });
    for (let i = 0; i < 3; i++) expect((await app.inject(problems('10.7.0.1'))).statusCode).toBe(200);
    expect((await app.inject(problems('10.7.0.1'))).statusCode).toBe(429);
    expect(await redis.get(limitKey('10.7.0.1'))).toBe('4');

    await proxy.cut();
    // Requests go on, and are still limited (from memory).
    for (let i = 0; i < 3; i++) {
      const { reply, ms } = await timed(app, problems('10.7.0.2'));
      expect(reply.statusCode).toBe(200);
      expect(ms).toBeLessThan(BOUND_MS);
    }
    const { reply: refused, ms } = await timed(app, problems('10.7.0.2'));
    expect(refused.statusCode).toBe(429);
    expect(ms).toBeLessThan(BOUND_MS);
    for (let i = 0; i < 5; i++) await app.inject(problems(`10.7.1.${i}`));
    expect(await redis.exists(limitKey('10.7.0.2'))).toBe(0);
    // A change still succeeds: its live event reaches this instance's streams only.
    const learner = await createUser(app, t.database.db, 'Student');
    const [problem] = await createDsaProblems(t.database.db, 'faults');
    const ticket = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: learner.auth });
    const stream = await openEventStream(await app.listen({ port: 0, host: '127.0.0.1' }), ticket.json().ticket);
    const solved = await timed(app, {
      method: 'PUT',
      url: `/api/dsa/progress/${problem!.id}`,
      headers: learner.auth,
      payload: { solved: true, timeZone: 'UTC' },
    });
    expect(solved.reply.statusCode).toBe(200);
    expect(solved.ms).toBeLessThan(BOUND_MS);
    await stream.waitFor('dsa.progress');
    stream.close();
    expect(await eventually(async () => (await health()).redis.status === 'down')).toBe(true);
    const degraded = await app.inject({ method: 'GET', url: '/api/health' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toMatchObject({
      status: 'degraded',
      database: { status: 'ok' },
      redis: { status: 'down' },
    });
    expect(redisWarnings()).toHaveLength(1);
    expect(redisWarnings()[0]!.level).toBe(40);

    await proxy.restore();
    expect(await eventually(async () => (await health()).redis.status === 'ok')).toBe(true);
    expect((await app.inject(problems('10.7.0.3'))).statusCode).toBe(200);
    expect(await redis.get(limitKey('10.7.0.3'))).toBe('1');
    expect(logs.lines.some((line) => line.msg === 'Redis is reachable again: rate limits are shared again')).toBe(true);
    expect(redisWarnings()).toHaveLength(1);
  });
});
