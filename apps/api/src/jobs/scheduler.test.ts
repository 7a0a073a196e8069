import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { jobRuns } from '../db/schema';
import { buildTestApp, createScratchDatabase, memoryMailTransport } from '../test/build-test-app';
import { POSTGRES_SERVER_URL, postgresUnreachable } from '../test/postgres-server';
import type { ScheduledJob } from './registry';
import { queueOf } from './scheduler';

/**
 * The scheduler on a real PostgreSQL shared by two API instances, as behind a load balancer: a slot of a
 * job's schedule runs on one instance only, a job sent while no instance is up runs at the next start, and
 * stopping an instance stops its scheduler without a stray rejection.
 */

const serverUrl = POSTGRES_SERVER_URL;

const skipReason = await postgresUnreachable();
if (skipReason) console.warn(`Skipping the scheduler's two-instance tests: ${skipReason}`);

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let dataDir: string;
const opened: { app: FastifyInstance; database: Database }[] = [];

/** Which instance ran which job, in order. */
const ran: { instance: string; job: string }[] = [];

/** A job that notes the instance that ran it. */
const noting = (instance: string, name: string, cron: string): ScheduledJob => ({
  name,
  description: `Notes each run (${name})`,
  cron,
  async run() {
    ran.push({ instance, job: name });
    return `ran on ${instance}`;
  },
});

async function startInstance(label: string, jobs: ScheduledJob[]) {
  const database = await openDatabase({ databaseUrl: scratch.url });
  const app = await buildApp({
    config: {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'one-secret-shared-by-every-instance-of-the-api',
        LOG_LEVEL: 'silent',
      }),
      publicUrl: 'http://learnbuild.test',
    },
    database,
    mailTransport: memoryMailTransport().transport,
    mailWorkerAutoStart: false,
    logger: false,
    judgeQueue: 'on-first-submission',
    // Looked at every second instead of every 30: a test need not wait out pg-boss's defaults.
    scheduler: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
    scheduledJobs: jobs,
  });
  await app.ready();
  const instance = { app, database, label };
  opened.push(instance);
  return instance;
}

async function stopInstance(instance: { app: FastifyInstance; database: Database }) {
  await instance.app.close();
  await instance.database.close();
  opened.splice(opened.indexOf(instance), 1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (up to `limitMs`) until `check` holds. */
async function eventually(check: () => boolean | Promise<boolean>, limitMs = 20_000): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return check();
}

async function recordedRuns(name: string) {
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const { rows } = await client.query('select ok, detail, finished_at from job_runs where name = $1', [name]);
    return rows as { ok: boolean | null; detail: string | null; finished_at: Date | null }[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (skipReason) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-jobs-'));
  scratch = await createScratchDatabase(serverUrl, 'lb_jobs');
  const database = await openDatabase({ databaseUrl: scratch.url });
  await database.migrate();
  await database.close();
});

afterAll(async () => {
  if (skipReason) return;
  for (const instance of [...opened]) await stopInstance(instance);
  await sleep(100);
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(skipReason !== null)(
  `the job scheduler on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    it('runs a slot of a schedule once across two instances', async () => {
      // The whole test stays inside one minute, the slot of a job due every minute (so it may first wait for
      // the next minute to begin: hence its longer time limit).
      const second = new Date().getUTCSeconds();
      if (second > 35) await sleep((61 - second) * 1000);
      const a = await startInstance('a', [noting('a', 'test.every-minute', '* * * * *')]);
      const b = await startInstance('b', [noting('b', 'test.every-minute', '* * * * *')]);
      expect(a.app.jobs.scheduling && b.app.jobs.scheduling).toBe(true);
      expect(await eventually(() => ran.some((run) => run.job === 'test.every-minute'))).toBe(true);
      // Both instances look at the schedules every second: five more looks each, and still one run.
      await sleep(5_000);
      expect(ran.filter((run) => run.job === 'test.every-minute')).toHaveLength(1);
      const runs = await recordedRuns('test.every-minute');
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ ok: true, detail: expect.stringMatching(/^ran on [ab]$/) });
      await stopInstance(b);
      await stopInstance(a);
    }, 120_000);

    it('runs a job sent while no instance was up once one starts, and drops schedules no longer listed', async () => {
      const first = await startInstance('first', [
        noting('first', 'test.yearly', '0 0 1 1 *'),
        noting('first', 'test.retired', '0 0 1 1 *'),
      ]);
      await stopInstance(first);
      // Sent while every instance is stopped, as a slot of the schedule or a "Run now" would be.
      const boss = new PgBoss({ connectionString: scratch.url, schema: 'pgboss', schedule: false, supervise: false });
      await boss.start();
      await boss.send(queueOf('test.yearly'), {});
      await boss.stop({ graceful: false, wait: true });
      expect(ran.filter((run) => run.job === 'test.yearly')).toHaveLength(0);

      const second = await startInstance('second', [noting('second', 'test.yearly', '0 0 1 1 *')]);
      expect(await eventually(() => ran.some((run) => run.job === 'test.yearly'))).toBe(true);
      expect(ran.filter((run) => run.job === 'test.yearly')).toEqual([{ instance: 'second', job: 'test.yearly' }]);
      expect(await recordedRuns('test.yearly')).toEqual([
        { ok: true, detail: 'ran on second', finished_at: expect.any(Date) },
      ]);
      const schedules = await second.database.db.execute<{ name: string; cron: string; timezone: string }>(
        'select name, cron, timezone from pgboss.schedule order by name' as never,
      );
      expect(schedules.rows).toEqual([{ name: 'scheduled.test.yearly', cron: '0 0 1 1 *', timezone: 'UTC' }]);
      await stopInstance(second);
    });

    it('runs a job asked for now on one of the instances, through the queue', async () => {
      const a = await startInstance('a', [noting('a', 'test.on-demand', '0 0 1 1 *')]);
      const b = await startInstance('b', [noting('b', 'test.on-demand', '0 0 1 1 *')]);
      await a.app.jobs.request('test.on-demand');
      expect(await eventually(() => ran.some((run) => run.job === 'test.on-demand'))).toBe(true);
      await sleep(1_500);
      expect(ran.filter((run) => run.job === 'test.on-demand')).toHaveLength(1);
      const [row] = await a.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'test.on-demand'));
      expect(row).toMatchObject({ ok: true });
      await stopInstance(a);
      await stopInstance(b);
    });
    it('lets a run under way finish and be recorded when its instance stops, the database closed after it', async () => {
      let started = false;
      const slow: ScheduledJob = {
        name: 'test.slow',
        description: 'Takes a while',
        cron: '0 0 1 1 *',
        async run() {
          started = true;
          await sleep(1_000);
          return 'finished after all';
        },
      };
      const instance = await startInstance('slow', [slow]);
      await instance.app.jobs.request('test.slow');
      expect(await eventually(() => started)).toBe(true);
      // As the server stops: the app closes, then its database.
      await stopInstance(instance);
      expect(await recordedRuns('test.slow')).toEqual([
        { ok: true, detail: 'finished after all', finished_at: expect.any(Date) },
      ]);
      // A stopped instance takes no more runs.
      await expect(instance.app.jobs.request('test.slow')).rejects.toMatchObject({ statusCode: 503 });
    });
  },
);

describe('the job scheduler on the embedded database', () => {
  it('schedules, runs a job asked for through the queue and stops cleanly', async () => {
    const t = await buildTestApp();
    const app = await buildApp({
      config: t.config,
      database: t.database,
      mailTransport: memoryMailTransport().transport,
      mailWorkerAutoStart: false,
      logger: false,
      judgeQueue: 'on-first-submission',
      scheduler: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, pollingIntervalSeconds: 0.5 },
      scheduledJobs: [noting('embedded', 'test.embedded', '0 0 1 1 *')],
    });
    try {
      await app.ready();
      expect(app.jobs.scheduling).toBe(true);
      await app.jobs.request('test.embedded');
      expect(await eventually(() => ran.some((run) => run.job === 'test.embedded'))).toBe(true);
      const [row] = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'test.embedded'));
      expect(row).toMatchObject({ ok: true, detail: 'ran on embedded' });
    } finally {
      await app.close();
      await t.close();
    }
  }, 120_000);
});
