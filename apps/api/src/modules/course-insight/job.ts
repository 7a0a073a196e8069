import { INSIGHT_SNAPSHOT_MAX_AGE_HOURS } from '@learnbuild/domain/rules/course-insight';
import type { ScheduledJob } from '../../jobs/registry';
import { refreshDueSnapshots } from './service';

/** A run recomputes at most this many courses, oldest snapshot first; the next run takes the rest. */
export const INSIGHT_REFRESH_BATCH = 20;

/**
 * Keeps the Instructor Panel's insight fresh: recomputes the snapshots of courses with activity since they
 * were computed, and those older than a day (stalled learners appear with time alone). A course nobody has
 * looked at has no snapshot and costs nothing; its first look computes one. A second run finds nothing new.
 */
export const insightRefreshJob: ScheduledJob = {
  name: 'courses.insight-refresh',
  description: `Recomputes course insight snapshots with new activity, or older than ${INSIGHT_SNAPSHOT_MAX_AGE_HOURS} hours`,
  cron: '*/10 * * * *',
  async run(app, now) {
    const refreshed = await refreshDueSnapshots(app.db, now, INSIGHT_SNAPSHOT_MAX_AGE_HOURS, INSIGHT_REFRESH_BATCH);
    return `${refreshed} course ${refreshed === 1 ? 'insight' : 'insights'} refreshed`;
  },
};
