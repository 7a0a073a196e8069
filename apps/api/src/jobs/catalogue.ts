import { authCleanupJob } from '../modules/auth/cleanup';
import { publishScheduledPostsJob } from '../modules/blog/scheduled';
import { cohortDueJob } from '../modules/cohorts/reminders';
import { insightRefreshJob } from '../modules/course-insight/job';
import { digestJob } from '../modules/notifications/digests';
import { notificationMailJob } from '../modules/notifications/mail';
import { revisionDueJob, streakWarningJob } from '../modules/notifications/scheduled';
import { pruneJobRunsJob } from './prune';
import type { ScheduledJob } from './registry';

/**
 * Every scheduled job of the platform, in the order the admins' Jobs tab lists them. A module adds its job
 * here with one import and one entry; each job's run must be idempotent (a second run for the same slot
 * changes nothing).
 */
export const SCHEDULED_JOBS: ScheduledJob[] = [
  authCleanupJob,
  pruneJobRunsJob,
  publishScheduledPostsJob,
  notificationMailJob,
  digestJob,
  revisionDueJob,
  streakWarningJob,
  cohortDueJob,
  insightRefreshJob,
];
