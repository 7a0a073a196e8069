import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { executorOf, QUEUE_SCHEMA } from '../modules/judge/queue';
import { runAndRecord, type ScheduledJob } from './registry';

// The scheduled jobs run on pg-boss over the platform's own PostgreSQL (the embedded one too), beside the
// judge's queue in the same `pgboss` schema. Every instance schedules every job and works its queue; pg-boss
// lets one instance at a time look at the schedules (version.cron_on) and sends each slot once (a singleton
// per job and minute), so a slot runs on one instance only, and a job sent while no instance was up waits in
// the table for the next start. See docs/decisions.md ("One job engine for scheduled work").

/** The pg-boss queue of a scheduled job. */
export const queueOf = (jobName: string) => `scheduled.${jobName}`;
const QUEUE_PREFIX = queueOf('');

/** A run not finished in this long (its instance died) is failed by pg-boss and retried. */
const JOB_EXPIRY_SECONDS = 30 * 60;
/** A run whose instance died mid-run is tried again this many times (every run is idempotent). */
const RETRY_LIMIT = 2;

/** How often pg-boss looks for due schedules and for jobs; tests shorten them to seconds. */
export interface SchedulerTuning {
  /** How often one instance looks at the schedules (pg-boss: 1–45 s; default 30). */
  cronMonitorIntervalSeconds?: number;
  /** How often a slot's message becomes its job (default 5). */
  cronWorkerIntervalSeconds?: number;
  /** How often each job's worker looks for a job (default 5). */
  pollingIntervalSeconds?: number;
}

export interface Scheduler {
  /** Sends one run of the job to the queue: one instance's worker takes it, now or after a restart. */
  send(jobName: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts pg-boss with a schedule and a worker for each job, and drops schedules of jobs no longer listed. */
export async function startScheduler(
  app: FastifyInstance,
  database: Database,
  jobs: readonly ScheduledJob[],
  tuning: SchedulerTuning = {},
): Promise<Scheduler> {
  const executor = executorOf(database);
  const boss = new PgBoss({
    db: executor,
    schema: QUEUE_SCHEMA,
    schedule: true,
    cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: tuning.cronWorkerIntervalSeconds ?? 5,
  });
  boss.on('error', (error) => app.log.error({ err: error }, 'job scheduler error'));
  await boss.start();
  const jobOptions = { retryLimit: RETRY_LIMIT, retryDelay: 30, expireInSeconds: JOB_EXPIRY_SECONDS };
  const workerIds = new Map<string, string>();
  try {
    for (const job of jobs) {
      const queue = queueOf(job.name);
      await boss.createQueue(queue, { name: queue, ...jobOptions });
      // The singleton makes the slot's job once even if the schedules are looked at twice in its minute.
      await boss.schedule(queue, job.cron, {}, { tz: 'UTC', singletonKey: job.name, singletonSeconds: 60 });
      const id = await boss.work(
        queue,
        { batchSize: 1, pollingIntervalSeconds: tuning.pollingIntervalSeconds ?? 5 },
        async ([message]) => {
          if (!message) return;
          await runAndRecord(app, job, new Date());
        },
      );
      workerIds.set(job.name, id);
    }
    const listed = new Set(jobs.map((job) => queueOf(job.name)));
    for (const schedule of await boss.getSchedules()) {
      if (schedule.name.startsWith(QUEUE_PREFIX) && !listed.has(schedule.name)) await boss.unschedule(schedule.name);
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true });
    await executor.settle();
    throw error;
  }
  return {
    async send(jobName) {
      await boss.send(queueOf(jobName), {}, jobOptions);
      const id = workerIds.get(jobName);
      if (id) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      await executor.settle();
    },
  };
}
