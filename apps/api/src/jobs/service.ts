import type { AdminJob } from '@learnbuild/domain/schemas/jobs';
import cronParser from 'cron-parser';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobRuns } from '../db/schema';
import type { ScheduledJob } from './registry';

const DAY_MS = 24 * 60 * 60_000;

/** When the job's next slot comes after `now` (its cron read in UTC, as pg-boss reads it); null if never. */
export function nextRunOf(cron: string, now: Date): Date | null {
  try {
    return cronParser.parseExpression(cron, { currentDate: now, tz: 'UTC' }).next().toDate();
  } catch {
    return null;
  }
}

/** Each job with its schedule, its latest run (finished or not) and its failed runs of the last 24 hours. */
export async function listJobsForAdmin(db: DbOrTx, jobs: readonly ScheduledJob[], now: Date): Promise<AdminJob[]> {
  const names = jobs.map((job) => job.name);
  if (names.length === 0) return [];
  const [latest, failures] = await Promise.all([
    db
      .selectDistinctOn([jobRuns.name])
      .from(jobRuns)
      .where(inArray(jobRuns.name, names))
      .orderBy(jobRuns.name, desc(jobRuns.startedAt)),
    db
      .select({ name: jobRuns.name, failures: count() })
      .from(jobRuns)
      .where(
        and(
          inArray(jobRuns.name, names),
          eq(jobRuns.ok, false),
          gt(jobRuns.startedAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .groupBy(jobRuns.name),
  ]);
  const lastByName = new Map(latest.map((run) => [run.name, run]));
  const failuresByName = new Map(failures.map((row) => [row.name, row.failures]));
  return jobs.map((job) => {
    const last = lastByName.get(job.name);
    return {
      name: job.name,
      description: job.description,
      cron: job.cron,
      nextRunAt: nextRunOf(job.cron, now)?.toISOString() ?? null,
      lastRun: last
        ? {
            startedAt: last.startedAt.toISOString(),
            finishedAt: last.finishedAt?.toISOString() ?? null,
            ok: last.ok,
            detail: last.detail,
          }
        : null,
      failuresLast24h: failuresByName.get(job.name) ?? 0,
    };
  });
}
