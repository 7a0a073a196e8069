import { z } from 'zod';

// The admins' Jobs tab (issue 31): each scheduled job, its schedule and its last run.

export const jobRunSummarySchema = z.object({
  startedAt: z.string(),
  /** Null while the run is under way. */
  finishedAt: z.string().nullable(),
  ok: z.boolean().nullable(),
  detail: z.string().nullable(),
});
export type JobRunSummary = z.infer<typeof jobRunSummarySchema>;

export const adminJobSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** UTC, 5 fields. */
  cron: z.string(),
  nextRunAt: z.string().nullable(),
  lastRun: jobRunSummarySchema.nullable(),
  failuresLast24h: z.number().int(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;

export const adminJobsReplySchema = z.object({ success: z.literal(true), jobs: z.array(adminJobSchema) });
export type AdminJobsReply = z.infer<typeof adminJobsReplySchema>;

export const jobNameParamsSchema = z.object({
  name: z.string().min(1, 'A job name is required'),
});

/** "Run now" is accepted: the run happens on one instance shortly and shows on the tab. */
export const runJobReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type RunJobReply = z.infer<typeof runJobReplySchema>;

export const runJobMessage = (name: string) => `${name} will run in a moment`;

const pad = (value: string) => value.padStart(2, '0');

/**
 * A cron of the platform's jobs in words ("Every 15 minutes", "Daily at 03:40 UTC"); any other form is
 * shown as it is written.
 */
export function describeCron(cron: string): string {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return cron;
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const everyDay = dayOfMonth === '*' && month === '*' && dayOfWeek === '*';
  if (!everyDay) return `${cron} (UTC)`;
  if (minute === '*' && hour === '*') return 'Every minute';
  const step = /^\*\/(\d+)$/.exec(minute);
  if (step && hour === '*') return `Every ${step[1]} minutes`;
  if (/^\d+$/.test(minute) && hour === '*') return `Hourly at minute ${Number(minute)}`;
  if (/^\d+$/.test(minute) && /^\d+$/.test(hour)) return `Daily at ${pad(hour)}:${pad(minute)} UTC`;
  return `${cron} (UTC)`;
}
