import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { buildTestApp, createScratchDatabase, memoryMailTransport, type TestApp } from '../../test/build-test-app';
import { openEventStream } from '../../test/event-stream';
import { createDsaProblems, createUser } from '../../test/factories';
import { applyToTeach, completeJoinsLesson, pendingApplicationIdOf, solveProblem } from '../../test/learner-requests';
import { seedSubjects } from '../subjects/seed';
import { signStreamTicket, ticketKey } from './tickets';

let t: TestApp;
let baseUrl: string;
let problemIds: string[];

beforeAll(async () => {
  t = await buildTestApp();
  problemIds = (await createDsaProblems(t.database.db, 'events')).map((problem) => problem.id);
  await seedSubjects(t.database.db);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

async function ticketFor(app: TestApp['app'], auth: Record<string, string>): Promise<string> {
  const reply = await app.inject({ method: 'POST', url: '/api/events/ticket', headers: auth });
  expect(reply.statusCode).toBe(200);
  expect(reply.json().expiresInSeconds).toBe(60);
  return reply.json().ticket;
}

describe('the event stream requires a session', () => {
  it('gives a ticket only to a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/events/ticket' })).statusCode).toBe(401);
  });

  it('refuses no ticket, a forged one, an expired one and a session token in its place', async () => {
    const user = await createUser(t.app, t.database.db, 'Student');
    expect((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(400);
    for (const ticket of ['nonsense', user.token]) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/events?ticket=${encodeURIComponent(ticket)}` });
      expect(reply.statusCode).toBe(401);
      expect(reply.json().success).toBe(false);
    }
    const fresh = await ticketFor(t.app, user.auth);
    const payload = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString());
    const stale = await signStreamTicket(ticketKey(t.config.jwtSecret), payload.sid, Date.now() - 61_000);
    const reply = await t.app.inject({ method: 'GET', url: `/api/events?ticket=${encodeURIComponent(stale)}` });
    expect(reply.statusCode).toBe(401);
  });

  it('does not let a ticket pass as a session token', async () => {
    const user = await createUser(t.app, t.database.db, 'Student');
    const ticket = await ticketFor(t.app, user.auth);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('refuses the ticket of a session that has logged out', async () => {
    const user = await createUser(t.app, t.database.db, 'Student');
    const ticket = await ticketFor(t.app, user.auth);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
    const stream = await openEventStream(baseUrl, ticket);
    expect(stream.status).toBe(401);
  });
});

describe('an open stream and its session', () => {
  it('ends at the next heartbeat once the session has logged out', async () => {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    const app = await buildApp({
      config: t.config,
      database,
      mailTransport: memoryMailTransport().transport,
      mailWorkerAutoStart: false,
      logger: false,
      scheduler: false,
      eventHeartbeatMs: 100,
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const user = await createUser(app, database.db, 'Student');
      const stream = await openEventStream(url, await ticketFor(app, user.auth));
      await stream.waitFor('ready');
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(stream.events).toEqual(['ready']);
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.auth });
      await stream.waitFor('expired', 2_000);
      stream.close();
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('ends at the next heartbeat once the role changed behind the API’s back (issue 26)', async () => {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    const app = await buildApp({
      config: t.config,
      database,
      mailTransport: memoryMailTransport().transport,
      mailWorkerAutoStart: false,
      logger: false,
      scheduler: false,
      eventHeartbeatMs: 100,
    });
    try {
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await createUser(app, database.db, 'Admin');
      const stream = await openEventStream(url, await ticketFor(app, admin.auth));
      await stream.waitFor('ready');
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(stream.events).toEqual(['ready']);
      // No message on any bus: only the heartbeat's look at the session can see it.
      await database.db.update(users).set({ role: 'Student' }).where(eq(users.id, admin.user.id));
      await stream.waitForEnd(2_000);
      expect(stream.events).toEqual(['ready']);
      stream.close();
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('the event stream carries only the user’s own events', () => {
  it('delivers a solve and a completed lesson to their owner within 2 s and never to another learner', async () => {
    const owner = await createUser(t.app, t.database.db, 'Student');
    const other = await createUser(t.app, t.database.db, 'Student');
    const ownerStream = await openEventStream(baseUrl, await ticketFor(t.app, owner.auth));
    const otherStream = await openEventStream(baseUrl, await ticketFor(t.app, other.auth));
    try {
      expect(ownerStream.status).toBe(200);
      await ownerStream.waitFor('ready');
      await otherStream.waitFor('ready');

      expect((await solveProblem(t.app, owner.auth, problemIds[0]!)).statusCode).toBe(200);
      expect(await ownerStream.waitFor('dsa.progress', 2_000)).toBeLessThan(2_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(otherStream.events).toEqual(['ready']);

      // The other learner's own change reaches them, and not the owner a second time.
      await solveProblem(t.app, other.auth, problemIds[1]!);
      await otherStream.waitFor('dsa.progress');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ownerStream.events.filter((type) => type === 'dsa.progress')).toHaveLength(1);

      // A lesson completed, too.
      expect((await completeJoinsLesson(t.app, owner.auth)).statusCode).toBe(200);
      expect(await ownerStream.waitFor('subjects.progress', 2_000)).toBeLessThan(2_000);
      expect(otherStream.events).not.toContain('subjects.progress');
    } finally {
      ownerStream.close();
      otherStream.close();
    }
  });

  it('tells the applicant and the admins when an application is sent and decided', async () => {
    const applicant = await createUser(t.app, t.database.db, 'Student');
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const bystander = await createUser(t.app, t.database.db, 'Student');
    const applicantStream = await openEventStream(baseUrl, await ticketFor(t.app, applicant.auth));
    const adminStream = await openEventStream(baseUrl, await ticketFor(t.app, admin.auth));
    const bystanderStream = await openEventStream(baseUrl, await ticketFor(t.app, bystander.auth));
    try {
      await Promise.all([applicantStream, adminStream, bystanderStream].map((stream) => stream.waitFor('ready')));
      await applyToTeach(t.app, applicant.auth);
      await applicantStream.waitFor('application.changed');
      await adminStream.waitFor('platform.changed');

      const id = await pendingApplicationIdOf(t.app, admin.auth, applicant.user.id);
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/instructor-applications/${id}/approve`,
        headers: admin.auth,
      });
      await applicantStream.waitFor('application.changed', 2_000, 2);
      await adminStream.waitFor('platform.changed', 2_000, 2);
      expect(bystanderStream.events).toEqual(['ready']);
    } finally {
      for (const stream of [applicantStream, adminStream, bystanderStream]) stream.close();
    }
  });
});

describe('a role change and the open streams (issue 26)', () => {
  const changeRole = (auth: Record<string, string>, userId: string, role: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}/role`, headers: auth, payload: { role } });
  const adminEvents = (stream: { events: string[] }) => stream.events.filter((type) => type === 'platform.changed');

  it('ends a demoted admin’s stream at once, long before a heartbeat, and a new one hears no admin event', async () => {
    const actor = await createUser(t.app, t.database.db, 'Admin');
    const demoted = await createUser(t.app, t.database.db, 'Admin');
    const actorStream = await openEventStream(baseUrl, await ticketFor(t.app, actor.auth));
    const demotedStream = await openEventStream(baseUrl, await ticketFor(t.app, demoted.auth));
    let reopened: Awaited<ReturnType<typeof openEventStream>> | undefined;
    try {
      await Promise.all([actorStream.waitFor('ready'), demotedStream.waitFor('ready')]);
      t.app.events.publish('admins', 'platform.changed');
      await demotedStream.waitFor('platform.changed');

      expect((await changeRole(actor.auth, demoted.user.id, 'Instructor')).statusCode).toBe(200);
      // The heartbeat is 20 s away: only the role change can end it this soon.
      await demotedStream.waitForEnd(2_000);
      t.app.events.publish('admins', 'platform.changed');
      await actorStream.waitFor('platform.changed', 2_000, 2);
      expect(adminEvents(demotedStream)).toHaveLength(1);

      // The page opens a new stream: it hears the user's own events and none of the admins'.
      reopened = await openEventStream(baseUrl, await ticketFor(t.app, demoted.auth));
      await reopened.waitFor('ready');
      t.app.events.publish('admins', 'platform.changed');
      await actorStream.waitFor('platform.changed', 2_000, 3);
      expect((await solveProblem(t.app, demoted.auth, problemIds[0]!)).statusCode).toBe(200);
      await reopened.waitFor('dsa.progress');
      expect(reopened.events).toEqual(['ready', 'dsa.progress']);
    } finally {
      for (const stream of [actorStream, demotedStream, reopened]) stream?.close();
    }
  });

  it('ends a promoted user’s stream, so the new one hears the admins’ events', async () => {
    const actor = await createUser(t.app, t.database.db, 'Admin');
    const promoted = await createUser(t.app, t.database.db, 'Student');
    const stream = await openEventStream(baseUrl, await ticketFor(t.app, promoted.auth));
    let reopened: Awaited<ReturnType<typeof openEventStream>> | undefined;
    try {
      await stream.waitFor('ready');
      expect((await changeRole(actor.auth, promoted.user.id, 'Admin')).statusCode).toBe(200);
      await stream.waitForEnd(2_000);
      reopened = await openEventStream(baseUrl, await ticketFor(t.app, promoted.auth));
      await reopened.waitFor('ready');
      t.app.events.publish('admins', 'platform.changed');
      await reopened.waitFor('platform.changed');
      expect(adminEvents(stream)).toHaveLength(0);
    } finally {
      stream.close();
      reopened?.close();
    }
  });

  it('keeps a stream open through a role change that does not change what it hears', async () => {
    const actor = await createUser(t.app, t.database.db, 'Admin');
    const learner = await createUser(t.app, t.database.db, 'Student');
    const stream = await openEventStream(baseUrl, await ticketFor(t.app, learner.auth));
    try {
      await stream.waitFor('ready');
      expect((await changeRole(actor.auth, learner.user.id, 'Instructor')).statusCode).toBe(200);
      // The stream looks the role up once: give that lookup time to end the stream, were it going to.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await solveProblem(t.app, learner.auth, problemIds[1]!)).statusCode).toBe(200);
      await stream.waitFor('dsa.progress');
      expect(stream.events).toEqual(['ready', 'dsa.progress']);
    } finally {
      stream.close();
    }
  });
});

const shared = process.env.DATABASE_URL && process.env.REDIS_URL;

describe.skipIf(!shared)('two API instances on one PostgreSQL and Redis', () => {
  it('deliver an event made on one to a stream held on the other', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!, 'lb_events');
    const config = {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: '/tmp/lb-events-test',
        JWT_SECRET: 'shared-secret-of-both-instances-long-enough',
        LOG_LEVEL: 'silent',
      }),
      redisUrl: process.env.REDIS_URL,
    };
    const eventChannel = `lb:test:events:${randomBytes(6).toString('hex')}`;
    const build = async () => {
      const database = await openDatabase({ databaseUrl: scratch.url });
      const app = await buildApp({
        config,
        database,
        mailTransport: memoryMailTransport().transport,
        mailWorkerAutoStart: false,
        logger: false,
        scheduler: false,
        rateLimitKeyPrefix: `${eventChannel}:limits:`,
        clusterChannel: eventChannel,
      });
      return { app, database };
    };
    const one = await build();
    await one.database.migrate();
    const two = await build();
    try {
      const ids = (await createDsaProblems(one.database.db, 'shared')).map((problem) => problem.id);
      const holderUrl = await two.app.listen({ port: 0, host: '127.0.0.1' });
      const learner = await createUser(one.app, one.database.db, 'Student');
      // The ticket comes from instance one, the stream is held by instance two.
      const stream = await openEventStream(holderUrl, await ticketFor(one.app, learner.auth));
      try {
        expect(stream.status).toBe(200);
        await stream.waitFor('ready');
        expect((await solveProblem(one.app, learner.auth, ids[0]!)).statusCode).toBe(200);
        expect(await stream.waitFor('dsa.progress', 2_000)).toBeLessThan(2_000);
      } finally {
        stream.close();
      }
    } finally {
      await two.app.close();
      await one.app.close();
      await two.database.close();
      await one.database.close();
      await scratch.drop();
    }
  });
});
