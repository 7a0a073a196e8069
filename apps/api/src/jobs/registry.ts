import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobRuns } from '../db/schema';

// The platform's scheduled work (digests, reminders, scheduled posts, cleanup) is a list of ScheduledJob
// (catalogue.ts). The scheduler (scheduler.ts) runs each on its cron through pg-boss, once per slot across every
// API instance on the database; `app.jobs.runNow` runs one here and now, as tests and the admins' "Run now" do.

export interface ScheduledJob {
  name: string; // e.g. 'notifications.digests'
  description: string; // shown on the admins' Jobs tab
  cron: string; // UTC, 5 fields, e.g. '0 * * * *'
  /** Does one run's work at `now`; returns a one-line account for job_runs ("3 digests queued"). */
  run(app: FastifyInstance, now: Date): Promise<string>;
}

/** One run of a job as job_runs keeps it. */
export interface JobRun {
  name: string;
  startedAt: Date;
  finishedAt: Date;
  ok: boolean;
  detail: string;
}

/** job_runs.detail is one line of at most this many characters. */
export const DETAIL_MAX_LENGTH = 500;

/** Which API instance this is, as job_runs records it: the host and the process. */
export const INSTANCE_NAME = `${hostname()}:${process.pid}`;

/** The detail kept for a run: its first line, cut to DETAIL_MAX_LENGTH. */
export function oneLine(text: string): string {
  const line = text.split('\n', 1)[0]!.trim();
  return line.length > DETAIL_MAX_LENGTH ? `${line.slice(0, DETAIL_MAX_LENGTH - 1)}…` : line;
}

/**
 * Runs `job` once at `now` and records the run in job_runs: a row when it starts, finished with `ok` and its
 * account (or the error's message) when it ends. A job that throws is a failed run, never an error here; only
 * a database that cannot record the run makes this reject.
 */
export async function runAndRecord(app: FastifyInstance, job: ScheduledJob, now: Date): Promise<JobRun> {
  const startedAt = new Date();
  const [row] = await app.db
    .insert(jobRuns)
    .values({ name: job.name, startedAt, instance: INSTANCE_NAME })
    .returning({ id: jobRuns.id });
  let ok: boolean;
  let detail: string;
  try {
    detail = oneLine(await job.run(app, now));
    ok = true;
  } catch (error) {
    detail = oneLine(error instanceof Error ? error.message : String(error)) || 'Failed';
    ok = false;
    app.log.warn({ err: error, job: job.name }, 'scheduled job failed');
  }
  const finishedAt = new Date();
  await app.db.update(jobRuns).set({ finishedAt, ok, detail }).where(eq(jobRuns.id, row!.id));
  return { name: job.name, startedAt, finishedAt, ok, detail };
}
