import { addDays } from './streaks';

/**
 * Spaced revision: a problem marked 'Revise later' comes back after 1 day, then after each review
 * after 3, 7, 14 and 30 days; the review on the last of them ends the schedule.
 */
export const REVISION_INTERVALS_DAYS = [1, 3, 7, 14, 30] as const;

export interface RevisionState {
  /** Reviews done so far (0 when just marked). */
  stage: number;
  /** The day it is due again, or null once every interval is done. */
  dueOn: string | null;
}

/**
 * 'Revise later' means later: the problem was just solved, so it comes back after the first interval
 * (tomorrow), never on today's list at once.
 */
export function startRevision(today: string): RevisionState {
  return { stage: 0, dueOn: addDays(today, REVISION_INTERVALS_DAYS[0]) };
}

/**
 * A review advances one stage and schedules the interval after the one just served, or ends the
 * schedule once the last interval was reviewed. A stage past the end (rows from before the first
 * interval moved to the marking) ends it too.
 */
export function nextRevision(stage: number, today: string): RevisionState {
  const interval = REVISION_INTERVALS_DAYS[stage + 1];
  return { stage: stage + 1, dueOn: interval === undefined ? null : addDays(today, interval) };
}

/** Due on or before today: shown in 'Revise today'. */
export function isRevisionDue(dueOn: string | null | undefined, today: string): boolean {
  return dueOn != null && dueOn <= today;
}
