import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { jobRuns } from '../db/schema';
import { HttpError } from '../lib/http-errors';
import { buildTestApp, memoryMailTransport, type TestApp } from '../test/build-test-app';
import { SCHEDULED_JOBS } from './catalogue';
import { DETAIL_MAX_LENGTH, INSTANCE_NAME, type ScheduledJob } from './registry';

let t: TestApp;
let app: FastifyInstance;
const seen: Date[] = [];

const jobs: ScheduledJob[] = [
  {
    name: 'test.counts',
    description: 'Counts its runs',
    cron: '0 * * * *',
    async run(_app, now) {
      seen.push(now);
      return `run ${seen.length} done\nsecond line is dropped`;
    },
  },
  {
    name: 'test.fails',
    description: 'Always fails',
    cron: '0 0 * * *',
    async run() {
      throw new Error('the mail server said no');
    },
  },
  {
    name: 'test.rambles',
    description: 'Answers at length',
    cron: '0 0 * * *',
    async run() {
      return 'x'.repeat(DETAIL_MAX_LENGTH * 2);
    },
  },
];

beforeAll(async () => {
  t = await buildTestApp();
  app = await buildApp({
    config: t.config,
    database: t.database,
    mailTransport: memoryMailTransport().transport,
    mailWorkerAutoStart: false,
    logger: false,
    scheduler: false,
    scheduledJobs: jobs,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const runsOf = (name: string) =>
  t.database.db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(desc(jobRuns.startedAt));

describe('the catalogue of scheduled jobs', () => {
  it('names each job once, describes it and gives it a five-field cron', () => {
    const names = SCHEDULED_JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['auth.cleanup', 'jobs.prune-runs']));
    for (const job of SCHEDULED_JOBS) {
      expect(job.name, job.name).toMatch(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/);
      expect(job.description.length, job.name).toBeGreaterThan(10);
      expect(job.cron.split(' '), job.name).toHaveLength(5);
    }
  });

  it('is what a test app knows by default', () => {
    expect(t.app.jobs.list.map((job) => job.name)).toEqual(SCHEDULED_JOBS.map((job) => job.name));
    expect(t.app.jobs.scheduling).toBe(false);
  });
});

describe('app.jobs.runNow', () => {
  it('runs the job at the given time and records an ok run with its first line as detail', async () => {
    const at = new Date('2026-11-28T09:00:00Z');
    const run = await app.jobs.runNow('test.counts', at);
    expect(seen.at(-1)).toEqual(at);
    expect(run).toMatchObject({ name: 'test.counts', ok: true, detail: `run ${seen.length} done` });
    const [row] = await runsOf('test.counts');
    expect(row).toMatchObject({ ok: true, detail: `run ${seen.length} done`, instance: INSTANCE_NAME });
    expect(row!.finishedAt!.getTime()).toBeGreaterThanOrEqual(row!.startedAt.getTime());
  });

  it('records a failing job as a failed run with the error message, and does not reject', async () => {
    const run = await app.jobs.runNow('test.fails');
    expect(run).toMatchObject({ ok: false, detail: 'the mail server said no' });
    const rows = await runsOf('test.fails');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ok: false, detail: 'the mail server said no' });
    expect(rows[0]!.finishedAt).toBeInstanceOf(Date);
  });

  it('cuts a long account to one short line', async () => {
    const run = await app.jobs.runNow('test.rambles');
    expect(run.detail).toHaveLength(DETAIL_MAX_LENGTH);
    expect(run.detail.endsWith('…')).toBe(true);
  });

  it('refuses an unknown job with a 404 and records nothing', async () => {
    await expect(app.jobs.runNow('no.such-job')).rejects.toBeInstanceOf(HttpError);
    await expect(app.jobs.runNow('no.such-job')).rejects.toMatchObject({ statusCode: 404, message: 'No such job' });
    expect(await runsOf('no.such-job')).toHaveLength(0);
  });

  it('runs a requested job in the background when this instance does not schedule', async () => {
    const before = seen.length;
    await app.jobs.request('test.counts');
    await app.jobs.idle();
    expect(seen.length).toBe(before + 1);
    expect((await runsOf('test.counts'))[0]).toMatchObject({ ok: true, detail: `run ${before + 1} done` });
  });
});
