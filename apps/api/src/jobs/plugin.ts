import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { notFound, serviceUnavailable } from '../lib/http-errors';
import { type JobRun, runAndRecord, type ScheduledJob } from './registry';
import { type Scheduler, type SchedulerTuning, startScheduler } from './scheduler';

/** The app's scheduled jobs (`app.jobs`). */
export interface Jobs {
  /** Every job this app knows, in the catalogue's order. */
  readonly list: readonly ScheduledJob[];
  find(name: string): ScheduledJob | undefined;
  /**
   * Runs the job here and now (at `now`, default the clock's) and records the run in job_runs. A job that
   * throws is a failed run (`ok: false`, its message as detail), not a rejection; an unknown name is a 404.
   */
  runNow(name: string, now?: Date): Promise<JobRun>;
  /**
   * Asks for one run soon: through the queue when this instance schedules (one instance takes it), else here in
   * the background (awaited on close). An unknown name is a 404.
   */
  request(name: string): Promise<void>;
  /** Whether this instance runs the scheduler. */
  readonly scheduling: boolean;
  /** Resolves once the background runs asked for here have ended. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsOptions {
  database: Database;
  /** The jobs (default SCHEDULED_JOBS). */
  catalogue: readonly ScheduledJob[];
  /** Run the scheduler on this instance (the server); off, jobs run only when asked for here. */
  scheduler: false | SchedulerTuning;
}

/** Decorates `app.jobs`; with the scheduler on it starts when the app is ready and stops when it closes. */
export function registerJobs(app: FastifyInstance, options: JobsOptions): void {
  const byName = new Map(options.catalogue.map((job) => [job.name, job]));
  const background = new Set<Promise<unknown>>();
  let scheduler: Scheduler | null = null;
  let closing = false;
  const jobNamed = (name: string) => {
    const job = byName.get(name);
    if (!job) throw notFound('No such job');
    return job;
  };
  const jobs: Jobs = {
    list: options.catalogue,
    find: (name) => byName.get(name),
    async runNow(name, now) {
      return runAndRecord(app, jobNamed(name), now ?? new Date());
    },
    async request(name) {
      const job = jobNamed(name);
      if (closing) throw serviceUnavailable('The server is shutting down; try again in a moment', 5);
      if (scheduler) return scheduler.send(job.name);
      const run = runAndRecord(app, job, new Date()).catch((error: unknown) =>
        app.log.error({ err: error, job: job.name }, 'job run could not be recorded'),
      );
      background.add(run);
      void run.finally(() => background.delete(run));
    },
    get scheduling() {
      return scheduler !== null;
    },
    async idle() {
      await Promise.allSettled([...background]);
    },
  };
  app.decorate('jobs', jobs);
  const tuning = options.scheduler;
  if (tuning !== false) {
    app.addHook('onReady', async () => {
      scheduler = await startScheduler(app, options.database, options.catalogue, tuning);
    });
  }
  // The scheduler stops when the close begins, before the app's database goes (the server closes it in an
  // onClose hook, and those run last added first): a run under way finishes and is recorded, and pg-boss makes
  // no query on a closed pool.
  const stop = async () => {
    closing = true;
    const stopping = scheduler;
    scheduler = null;
    await stopping?.stop();
    await jobs.idle();
  };
  app.addHook('preClose', stop);
  app.addHook('onClose', stop);
}
