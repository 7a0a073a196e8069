import { addDays } from './streaks';

/** Spaced revision: after each review the problem comes back after 1, 3, 7, 14, then 30 days. */
export const REVISION_INTERVALS_DAYS = [1, 3, 7, 14, 30] as const;

export interface RevisionState {
  /** Reviews done so far (0 when just marked). */
  stage: number;
  /** The day it is due again, or null once every interval is done. */
  dueOn: string | null;
}

/** Marking a solved problem for revision puts it on today's list. */
export function startRevision(today: string): RevisionState {
  return { stage: 0, dueOn: today };
}

/** A review advances one stage and schedules the next one, or ends the schedule after the last interval. */
export function nextRevision(stage: number, today: string): RevisionState {
  const interval = REVISION_INTERVALS_DAYS[stage];
  return { stage: stage + 1, dueOn: interval === undefined ? null : addDays(today, interval) };
}

/** Due on or before today: shown in 'Revise today'. */
export function isRevisionDue(dueOn: string | null | undefined, today: string): boolean {
  return dueOn != null && dueOn <= today;
}
