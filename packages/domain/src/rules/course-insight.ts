/**
 * Instructor insight (issue 30): the rules behind a course's insight and its nudges. The API computes the
 * numbers with them and the web app shows what the API replies; neither re-derives a threshold.
 *
 * - Stalled: an enrolled learner who has not completed the course and has made no progress for
 *   STALLED_AFTER_DAYS days or more (exactly 7 × 24 hours since the last activity is stalled; a minute less is
 *   not), while behind their cohort's schedule: a lesson whose due date has passed is not completed. A learner
 *   with no schedule (in no cohort, or in a cohort of a course that sets no due dates) is stalled on inactivity
 *   alone.
 * - Due dates and "overdue" are the cohorts' own rule (cohort-schedule.ts: the end of the due day in the learner's
 *   time zone), so the stalled list agrees with the learner's schedule, calendar and reminders.
 * - Item flags: a question nearly everybody gets right (share correct ≥ 95 %) or wrong (≤ 5 %), once at least
 *   ITEM_FLAG_MIN_ANSWERS answers back it (two answers say nothing about a question).
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** No progress for this many days (while behind the schedule, when there is one) makes a learner stalled. */
export const STALLED_AFTER_DAYS = 7;
/** A question answered right this often (or more) is flagged "everybody gets it right". */
export const ITEM_EVERYONE_RIGHT_SHARE = 0.95;
/** A question answered right this rarely (or less) is flagged "everybody gets it wrong". */
export const ITEM_EVERYONE_WRONG_SHARE = 0.05;
/** A question is flagged only once this many answers back the share. */
export const ITEM_FLAG_MIN_ANSWERS = 5;

/** One nudge per learner per course within this window. */
export const NUDGE_LEARNER_WINDOW_HOURS = 24;
/** A sender sends at most this many nudges within NUDGE_SENDER_WINDOW_HOURS (all courses together). */
export const NUDGES_PER_SENDER_PER_DAY = 50;
export const NUDGE_SENDER_WINDOW_HOURS = 24;
export const NUDGE_MESSAGE_MAX = 500;

/** The owner's "Refresh" recomputes a course's insight at most once in this many seconds. */
export const INSIGHT_REFRESH_MIN_SECONDS = 60;
/** The scheduled job recomputes a snapshot with activity since it, or older than this (stalled-ness ages). */
export const INSIGHT_SNAPSHOT_MAX_AGE_HOURS = 24;
/** The stalled list shows at most this many learners, longest inactive first; the total is counted. */
export const STALLED_LIST_MAX = 100;

export interface StalledInput {
  now: Date;
  /** The learner's latest activity in the course (enrolment, a lesson opened or completed, a quiz, an exercise). */
  lastActivityAt: Date;
  courseCompleted: boolean;
  /** Lessons due by the learner's schedule that they have not completed; null when they have no schedule. */
  overdueLessons: number | null;
}

/** Whole days since the last activity (rounded down). */
export function daysInactive(lastActivityAt: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - lastActivityAt.getTime()) / DAY_MS));
}

export function isStalled(input: StalledInput): boolean {
  if (input.courseCompleted) return false;
  if (input.now.getTime() - input.lastActivityAt.getTime() < STALLED_AFTER_DAYS * DAY_MS) return false;
  return input.overdueLessons === null || input.overdueLessons > 0;
}

/** The median of `values` (the mean of the middle two for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median time spent on a lesson, in minutes to one decimal, from durations in milliseconds. */
export function medianMinutes(durationsMs: readonly number[]): number | null {
  const middle = median(durationsMs.filter((ms) => ms >= 0));
  return middle === null ? null : Math.round(middle / 6000) / 10;
}

export type ItemFlag = 'everyone_right' | 'everyone_wrong';

/** Whether a question is one everybody gets right or wrong; null when neither or too few answers. */
export function itemFlag(answers: number, correct: number): ItemFlag | null {
  if (answers < ITEM_FLAG_MIN_ANSWERS) return null;
  const share = correct / answers;
  if (share >= ITEM_EVERYONE_RIGHT_SHARE) return 'everyone_right';
  if (share <= ITEM_EVERYONE_WRONG_SHARE) return 'everyone_wrong';
  return null;
}

/** A share as the insight shows it: 0–1, rounded to three decimals (a tenth of a percent). */
export function shareOf(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 1000) / 1000;
}

/** The nudge text an instructor starts from; they may rewrite it before sending. */
export function defaultNudgeMessage(learnerName: string, courseTitle: string): string {
  const first = learnerName.trim().split(/\s+/)[0] || 'there';
  return `Hi ${first}, we have not seen you in ${courseTitle} for a while. Pick up where you left off: you are closer to the end than you think!`;
}
