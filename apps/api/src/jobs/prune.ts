import { lt } from 'drizzle-orm';
import { jobRuns } from '../db/schema';
import type { ScheduledJob } from './registry';

/** Job runs are kept this long for the Jobs tab, then deleted. */
export const JOB_RUNS_KEPT_DAYS = 30;

export const pruneJobRunsJob: ScheduledJob = {
  name: 'jobs.prune-runs',
  description: `Deletes the records of job runs older than ${JOB_RUNS_KEPT_DAYS} days`,
  cron: '40 3 * * *',
  async run(app, now) {
    const before = new Date(now.getTime() - JOB_RUNS_KEPT_DAYS * 24 * 60 * 60_000);
    const deleted = await app.db.delete(jobRuns).where(lt(jobRuns.startedAt, before)).returning({ id: jobRuns.id });
    return `${deleted.length} old ${deleted.length === 1 ? 'run' : 'runs'} deleted`;
  },
};
