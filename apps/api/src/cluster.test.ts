import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedCommunityCategories } from './modules/community/seed';
import { seedDsaProblems } from './modules/dsa/seed';
import { seedJudgeProblems } from './modules/judge/service';
import { notify } from './modules/notifications/service';
import { createScratchDatabase, deleteRedisKeys, memoryMailTransport } from './test/build-test-app';
import { openEventStream } from './test/event-stream';
import { createCourseRows, createDsaProblems, createUser, TEST_PASSWORD } from './test/factories';
import { POSTGRES_SERVER_URL, postgresUnreachable } from './test/postgres-server';

/**
 * Two API instances on one PostgreSQL database and one Redis, as behind a load balancer: whatever one
 * instance keeps in memory (sessions, the problem index, learners' stats, public replies, rate limits)
 * must not let the other answer from a stale copy. Both listen on real ports, and every request is a real
 * HTTP request, so the other instance's Redis messages race the next request as they would in production.
 */

const serverUrl = POSTGRES_SERVER_URL;
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Why this suite cannot run here, or null when both servers answer. */
async function unreachable(): Promise<string | null> {
  const postgres = await postgresUnreachable(serverUrl);
  if (postgres) return postgres;
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `no Redis at ${redisUrl} (${(error as Error).message}); set REDIS_URL`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const skipReason = await unreachable();
if (skipReason) console.warn(`Skipping the two-instance tests: ${skipReason}`);

interface Instance {
  app: FastifyInstance;
  database: Database;
  url: string;
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let a: Instance;
let b: Instance;
let dataDir: string;
const keyPrefix = `lb:test:cluster:${randomBytes(6).toString('hex')}:`;

async function startInstance(migrate: boolean): Promise<Instance> {
  const database = await openDatabase({ databaseUrl: scratch.url });
  if (migrate) await database.migrate();
  const app = await buildApp({
    config: {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'one-secret-shared-by-every-instance-of-the-api',
        LOG_LEVEL: 'silent',
      }),
      publicUrl: 'http://learnbuild.test',
      redisUrl,
    },
    database,
    mailTransport: memoryMailTransport().transport,
    mailWorkerAutoStart: false,
    logger: false,
    scheduler: false,
    rateLimitKeyPrefix: `${keyPrefix}limits:`,
    clusterChannel: `${keyPrefix}bus`,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, url };
}

beforeAll(async () => {
  if (skipReason) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-cluster-'));
  scratch = await createScratchDatabase(serverUrl, 'lb_cluster');
  a = await startInstance(true);
  b = await startInstance(false);
  // Each instance subscribes once its Redis connection is up; nothing is cached before that.
  const started = Date.now();
  while (!(a.app.cluster.listening && b.app.cluster.listening)) {
    if (Date.now() - started > 5_000) throw new Error('the instances never subscribed to Redis');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
});

afterAll(async () => {
  if (skipReason) return;
  for (const instance of [a, b]) await instance?.app.close();
  for (const instance of [a, b]) await instance?.database.close();
  await new Promise((resolve) => setTimeout(resolve, 100));
  await scratch?.drop();
  await deleteRedisKeys(redisUrl, keyPrefix);
  rmSync(dataDir, { recursive: true, force: true });
});

type Auth = Record<string, string>;

async function call(instance: Instance, method: string, url: string, auth: Auth = {}, body?: unknown) {
  const response = await fetch(instance.url + url, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

describe.skipIf(skipReason !== null)(
  `two API instances on one PostgreSQL and Redis${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('refuse a token on B on the very next request after a logout on A', async () => {
      const user = await createUser(a.app, a.database.db);
      // Twice: the second answer comes from B's session cache.
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(200);
      expect((await call(a, 'POST', '/api/auth/logout', user.auth)).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(401);
    });

    it('refuse a token on B at once after logging out everywhere on A', async () => {
      const user = await createUser(a.app, a.database.db);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(200);
      expect((await call(a, 'POST', '/api/auth/logout-all', user.auth)).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(401);
    });

    it('refuse the old token on B at once after a password change on A, and take the new one', async () => {
      const user = await createUser(a.app, a.database.db);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(200);
      const changed = await call(a, 'POST', '/api/auth/change-password', user.auth, {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a brand new passphrase for the test',
      });
      expect(changed.status, changed.text).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(401);
      const fresh = { authorization: `Bearer ${changed.json().token}` };
      expect((await call(b, 'GET', '/api/auth/me', fresh)).status).toBe(200);
    });

    it('refuse a token on B at once after the account was deleted on A', async () => {
      const user = await createUser(a.app, a.database.db);
      expect((await call(b, 'GET', '/api/dsa/progress/stats?timeZone=UTC', user.auth)).status).toBe(200);
      const deleted = await call(a, 'DELETE', '/api/auth/account', user.auth, { password: TEST_PASSWORD });
      expect(deleted.status, deleted.text).toBe(200);
      expect((await call(b, 'GET', '/api/dsa/progress/stats?timeZone=UTC', user.auth)).status).toBe(401);
    });

    it('trust no cached session on B while B cannot hear the bus', async () => {
      const user = await createUser(a.app, a.database.db);
      expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(200);
      // Redis lost A's message, and B knows it is not listening.
      const listening = Object.getOwnPropertyDescriptor(b.app.cluster, 'listening')!;
      const publish = a.app.cluster.publish;
      Object.defineProperty(b.app.cluster, 'listening', { get: () => false, configurable: true });
      a.app.cluster.publish = async () => {};
      try {
        expect((await call(a, 'POST', '/api/auth/logout', user.auth)).status).toBe(200);
        expect((await call(b, 'GET', '/api/auth/me', user.auth)).status).toBe(401);
      } finally {
        Object.defineProperty(b.app.cluster, 'listening', listening);
        a.app.cluster.publish = publish;
      }
    });

    it('apply on B at once a role an admin changed on A', async () => {
      const admin = await createUser(a.app, a.database.db, 'Admin');
      const user = await createUser(a.app, a.database.db, 'Student');
      const managersOnly = '/api/admin/dsa/problems/export';
      expect((await call(b, 'GET', managersOnly, user.auth)).status).toBe(403);
      const changed = await call(a, 'PATCH', `/api/admin/users/${user.user.id}/role`, admin.auth, {
        role: 'Instructor',
      });
      expect(changed.status, changed.text).toBe(200);
      expect((await call(b, 'GET', managersOnly, user.auth)).status).toBe(200);
      await call(a, 'PATCH', `/api/admin/users/${user.user.id}/role`, admin.auth, { role: 'Student' });
      expect((await call(b, 'GET', managersOnly, user.auth)).status).toBe(403);
    });

    it('end on B at once the event stream of an admin demoted on A, while other admins there still hear (issue 26)', async () => {
      const actor = await createUser(a.app, a.database.db, 'Admin');
      const demoted = await createUser(a.app, a.database.db, 'Admin');
      const ticket = async (auth: Auth) => (await call(a, 'POST', '/api/events/ticket', auth)).json().ticket as string;
      const demotedStream = await openEventStream(b.url, await ticket(demoted.auth));
      const actorStream = await openEventStream(b.url, await ticket(actor.auth));
      try {
        await Promise.all([demotedStream.waitFor('ready'), actorStream.waitFor('ready')]);
        const changed = await call(a, 'PATCH', `/api/admin/users/${demoted.user.id}/role`, actor.auth, {
          role: 'Student',
        });
        expect(changed.status, changed.text).toBe(200);
        // The heartbeat is 20 s away: only A's message can end B's stream this soon.
        await demotedStream.waitForEnd(2_000);
        a.app.events.publish('admins', 'platform.changed');
        await actorStream.waitFor('platform.changed');
        expect(demotedStream.events).toEqual(['ready']);
      } finally {
        demotedStream.close();
        actorStream.close();
      }
    });

    it('list on B at once a problem created on A, with a new ETag', async () => {
      const admin = await createUser(a.app, a.database.db, 'Admin');
      const [existing] = await createDsaProblems(a.database.db, 'Cluster');
      const titles = async () =>
        ((await call(b, 'GET', '/api/dsa/problems')).json().problems as { title: string }[]).map((p) => p.title);
      expect(await titles()).toContain('Cluster one');
      const before = await call(b, 'GET', '/api/dsa/catalogue');
      const created = await call(a, 'POST', '/api/admin/dsa/problems', admin.auth, {
        title: 'Cluster fresh',
        step: 'Step 1',
        topicId: existing!.topicId,
        difficulty: 'Hard',
        url: 'https://judge.example.com/cluster/fresh',
        tags: [],
      });
      expect(created.status, created.text).toBe(201);
      expect(await titles()).toContain('Cluster fresh');
      // The precompressed catalogue (with its ETag) where this build serves one.
      if (before.status === 200) {
        const after = await call(b, 'GET', '/api/dsa/catalogue');
        expect(after.text).toContain('Cluster fresh');
        if (before.headers.get('etag')) expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
      }
    });

    it("show on B at once a learner's solve made on A", async () => {
      const [problem] = await createDsaProblems(a.database.db, 'Solve');
      const learner = await createUser(a.app, a.database.db);
      const solved = async () =>
        (await call(b, 'GET', '/api/dsa/progress/stats?timeZone=UTC', learner.auth)).json().stats.completedProblems;
      expect(await solved()).toBe(0);
      expect(await solved()).toBe(0);
      const put = await call(a, 'PUT', `/api/dsa/progress/${problem!.id}`, learner.auth, {
        solved: true,
        timeZone: 'UTC',
      });
      expect(put.status, put.text).toBe(200);
      expect(await solved()).toBe(1);
    });

    it('show on B at once a blog post published on A', async () => {
      const author = await createUser(a.app, a.database.db, 'Instructor');
      const titles = async () =>
        ((await call(b, 'GET', '/api/blog')).json().posts as { title: string }[]).map((post) => post.title);
      expect(await titles()).not.toContain('Written on instance A');
      const created = await call(a, 'POST', '/api/blog', author.auth, {
        title: 'Written on instance A',
        body: 'Some words.',
        status: 'published',
      });
      expect(created.status, created.text).toBe(201);
      expect(await titles()).toContain('Written on instance A');
    });

    it('show on B at once a course renamed on A', async () => {
      const instructor = await createUser(a.app, a.database.db, 'Instructor');
      const { course } = await createCourseRows(a.database.db, instructor.user.id, { title: 'Cluster course' });
      const titles = async () =>
        ((await call(b, 'GET', '/api/courses')).json().courses as { title: string }[]).map((c) => c.title);
      expect(await titles()).toContain('Cluster course');
      const renamed = await call(a, 'PUT', `/api/courses/${course.id}`, instructor.auth, {
        title: 'Cluster course renamed',
      });
      expect(renamed.status, renamed.text).toBe(200);
      expect(await titles()).toContain('Cluster course renamed');
    });

    it('show on B at once a notification made on A, and a read on A', async () => {
      const reader = await createUser(a.app, a.database.db);
      const unread = async () => (await call(b, 'GET', '/api/notifications', reader.auth)).json().unread as number;
      expect(await unread()).toBe(0);
      expect(await unread()).toBe(0);
      await notify(a.app, a.database.db, {
        kind: 'mention',
        recipients: [reader.user.id],
        actorId: null,
        title: 'Mentioned on instance A',
        url: '/community',
      });
      // Made outside a request, so no reply held it back until B was told, as a reply does (app.ts onSend).
      await a.app.cluster.settled();
      expect(await unread()).toBe(1);
      expect((await call(a, 'POST', '/api/notifications/read-all', reader.auth)).status).toBe(200);
      expect(await unread()).toBe(0);
    });

    it('find on B at once a thread started on A', async () => {
      // The server seeds the categories when it starts; these instances are built without that start.
      await seedCommunityCategories(a.database.db);
      const author = await createUser(a.app, a.database.db);
      const found = async () =>
        ((await call(b, 'GET', '/api/search?q=numbat&kinds=thread')).json().results as { title: string }[]).map(
          (result) => result.title,
        );
      expect(await found()).toEqual([]);
      const started = await call(a, 'POST', '/api/community/threads', author.auth, {
        title: 'Numbat trees on instance A',
        body: 'A thread written on the other instance.',
      });
      expect(started.status, started.text).toBe(201);
      expect(await found()).toEqual(['Numbat trees on instance A']);
    });

    it('count a rate limit across both instances together', async () => {
      const message = { name: 'Lin', email: 'lin@example.com', subject: 'Hello', message: 'A question for you.' };
      // Five messages an hour per address: three through A and two through B use them all up.
      for (const instance of [a, a, a, b, b]) {
        expect((await call(instance, 'POST', '/api/contact', {}, message)).status).toBe(201);
      }
      expect((await call(a, 'POST', '/api/contact', {}, message)).status).toBe(429);
      expect((await call(b, 'POST', '/api/contact', {}, message)).status).toBe(429);
    });

    it('share one judge queue: submissions sent to either instance are each judged once', async () => {
      await seedDsaProblems(a.database.db);
      await seedJudgeProblems(a.database.db);
      const code =
        'function climbStairs(n) { let a = 1, b = 1; for (let i = 1; i < n; i++) [a, b] = [b, a + b]; return b; }';
      const learners = await Promise.all([0, 1, 2, 3].map(() => createUser(a.app, a.database.db)));
      const sent = await Promise.all(
        learners.map((learner, i) =>
          call(i % 2 === 0 ? a : b, 'POST', '/api/dsa/problems/climbing-stairs/submissions', learner.auth, {
            language: 'javascript',
            code,
            timeZone: 'UTC',
          }),
        ),
      );
      expect(sent.map((reply) => reply.status)).toEqual([202, 202, 202, 202]);
      const verdicts = await Promise.all(
        sent.map(async (reply, i) => {
          const id = reply.json().submission.id as string;
          for (let attempt = 0; attempt < 300; attempt++) {
            const read = await call(i % 2 === 0 ? b : a, 'GET', `/api/submissions/${id}`, learners[i]!.auth);
            if (read.json().submission.status === 'done') return read.json().submission.verdict as string;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return 'never judged';
        }),
      );
      expect(verdicts).toEqual(['Accepted', 'Accepted', 'Accepted', 'Accepted']);
      for (const learner of learners) {
        const stats = await call(b, 'GET', '/api/dsa/progress/stats?timeZone=UTC', learner.auth);
        expect(stats.json().stats.completedProblems).toBe(1);
      }
    });
  },
);
