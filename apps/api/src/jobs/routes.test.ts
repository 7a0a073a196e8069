import { describeCron, runJobMessage } from '@learnbuild/domain/schemas/jobs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createUser } from '../test/factories';
import { SCHEDULED_JOBS } from './catalogue';
import { INSTANCE_NAME } from './registry';
import { nextRunOf } from './service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t?.close();
});

const list = (auth: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: auth });
const runNow = (name: string, auth: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/admin/jobs/${encodeURIComponent(name)}/run`, headers: auth });

describe('who may see and run the jobs', () => {
  it('answers 401 signed out and 403 to everyone but an admin, on both endpoints', async () => {
    expect((await list()).statusCode).toBe(401);
    expect((await list()).json()).toEqual({ success: false, error: 'Please log in to continue' });
    expect((await runNow('auth.cleanup')).statusCode).toBe(401);
    for (const role of ['Student', 'Instructor', 'pending_instructor'] as const) {
      const user = await createUser(t.app, t.database.db, role);
      const listed = await list(user.auth);
      expect(listed.statusCode, role).toBe(403);
      expect(listed.json().success, role).toBe(false);
      expect((await runNow('auth.cleanup', user.auth)).statusCode, role).toBe(403);
    }
    expect((await list(admin.auth)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/jobs', () => {
  it('lists every job of the catalogue with its schedule, next run, last run and recent failures', async () => {
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * 60_000);
    await t.database.db.insert(jobRuns).values([
      // Failed twice within the day, once two days ago, and last ran well.
      { name: 'jobs.prune-runs', startedAt: ago(3000), finishedAt: ago(3000), ok: false, detail: 'x', instance: 'a' },
      {
        name: 'jobs.prune-runs',
        startedAt: ago(120),
        finishedAt: ago(119),
        ok: false,
        detail: 'db down',
        instance: 'a',
      },
      { name: 'jobs.prune-runs', startedAt: ago(60), finishedAt: ago(59), ok: false, detail: 'db down', instance: 'a' },
      {
        name: 'jobs.prune-runs',
        startedAt: ago(5),
        finishedAt: ago(4),
        ok: true,
        detail: '3 old runs deleted',
        instance: 'b',
      },
    ]);
    const reply = await list(admin.auth);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.success).toBe(true);
    expect(body.jobs.map((job: { name: string }) => job.name)).toEqual(SCHEDULED_JOBS.map((job) => job.name));
    const prune = body.jobs.find((job: { name: string }) => job.name === 'jobs.prune-runs');
    expect(prune).toEqual({
      name: 'jobs.prune-runs',
      description: 'Deletes the records of job runs older than 30 days',
      cron: '40 3 * * *',
      nextRunAt: expect.stringMatching(/T03:40:00\.000Z$/),
      lastRun: {
        startedAt: ago(5).toISOString(),
        finishedAt: ago(4).toISOString(),
        ok: true,
        detail: '3 old runs deleted',
      },
      failuresLast24h: 2,
    });
    expect(new Date(prune.nextRunAt).getTime()).toBeGreaterThan(now);
    expect(new Date(prune.nextRunAt).getTime() - now).toBeLessThanOrEqual(24 * 60 * 60_000);
    const cleanup = body.jobs.find((job: { name: string }) => job.name === 'auth.cleanup');
    expect(cleanup).toMatchObject({ cron: '*/15 * * * *', lastRun: null, failuresLast24h: 0 });
  });

  it('shows a run under way with no end and no outcome yet', async () => {
    const startedAt = new Date();
    await t.database.db.insert(jobRuns).values({ name: 'auth.cleanup', startedAt, instance: INSTANCE_NAME });
    const cleanup = (await list(admin.auth)).json().jobs.find((job: { name: string }) => job.name === 'auth.cleanup');
    expect(cleanup.lastRun).toEqual({ startedAt: startedAt.toISOString(), finishedAt: null, ok: null, detail: null });
  });
});

describe('POST /api/admin/jobs/:name/run', () => {
  it('runs the job once and answers 202; the run then shows on the list', async () => {
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    await t.database.db
      .insert(jobRuns)
      .values({ name: 'auth.cleanup', startedAt: monthAgo, finishedAt: monthAgo, ok: true, instance: 'old' });
    const reply = await runNow('jobs.prune-runs', admin.auth);
    expect(reply.statusCode).toBe(202);
    expect(reply.json()).toEqual({ success: true, message: runJobMessage('jobs.prune-runs') });
    await t.app.jobs.idle();
    const prune = (await list(admin.auth)).json().jobs.find((job: { name: string }) => job.name === 'jobs.prune-runs');
    expect(prune.lastRun).toMatchObject({ ok: true, detail: '1 old run deleted' });
    expect(await t.database.db.select().from(jobRuns).where(eq(jobRuns.instance, 'old'))).toEqual([]);
  });

  it('answers 404 for a job that does not exist', async () => {
    for (const name of ['no.such-job', 'auth', "auth.cleanup'--", 'x'.repeat(150)]) {
      const reply = await runNow(name, admin.auth);
      expect(reply.statusCode, name).toBe(404);
      expect(reply.json(), name).toEqual({ success: false, error: 'No such job' });
    }
  });
});

describe('schedules in words and next runs', () => {
  it('reads the catalogue crons in words', () => {
    expect(describeCron('* * * * *')).toBe('Every minute');
    expect(describeCron('*/15 * * * *')).toBe('Every 15 minutes');
    expect(describeCron('5 * * * *')).toBe('Hourly at minute 5');
    expect(describeCron('40 3 * * *')).toBe('Daily at 03:40 UTC');
    expect(describeCron('0 9 * * 1')).toBe('0 9 * * 1 (UTC)');
    expect(describeCron('nonsense')).toBe('nonsense');
  });

  it('finds the next slot in UTC', () => {
    const now = new Date('2026-11-28T08:07:30Z');
    expect(nextRunOf('*/15 * * * *', now)?.toISOString()).toBe('2026-11-28T08:15:00.000Z');
    expect(nextRunOf('40 3 * * *', now)?.toISOString()).toBe('2026-11-29T03:40:00.000Z');
    expect(nextRunOf('not a cron', now)).toBeNull();
  });
});
