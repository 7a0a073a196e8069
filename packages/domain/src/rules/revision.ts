import { addDays } from './streaks';

/**
 * Spaced revision: a problem marked 'Revise later' comes back after 1 day, then after each review
 * after 3, 7, 14 and 30 days; the review on the last of them ends the schedule.
 */
export const REVISION_INTERVALS_DAYS = [1, 3, 7, 14, 30] as const;
/** The fixed schedule as the screens name it: "1-3-7-14-30". */
export const REVISION_SCHEDULE_NAME = REVISION_INTERVALS_DAYS.join('-');
/** Its days in a sentence: "1, 3, 7, 14 and 30". */
export const REVISION_DAYS_TEXT = `${REVISION_INTERVALS_DAYS.slice(0, -1).join(', ')} and ${REVISION_INTERVALS_DAYS.at(-1)}`;

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

/** How well the learner recalled a problem at a review (issue 29), the four FSRS grades. */
export const REVISION_GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type RevisionGrade = (typeof REVISION_GRADES)[number];

export const GRADE_LABELS: Record<RevisionGrade, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };

/** How sure a learner is of a problem (issue 29); null means not set. */
export const CONFIDENCE_LEVELS = ['low', 'medium', 'high', 'expert'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];

/** The sheet's confidence filter: a level, or 'not-set' for problems without one. */
export const CONFIDENCE_FILTERS = ['not-set', ...CONFIDENCE_LEVELS] as const;
export type ConfidenceFilter = (typeof CONFIDENCE_FILTERS)[number];

export const CONFIDENCE_LABELS: Record<ConfidenceFilter, string> = {
  'not-set': 'Not set',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  expert: 'Expert',
};

/** Not set counts as the lowest confidence: a problem nobody rated comes first among those due the same day. */
export function confidenceRank(confidence: Confidence | null | undefined): number {
  return confidence == null ? 0 : CONFIDENCE_LEVELS.indexOf(confidence) + 1;
}

export function matchesConfidence(confidence: Confidence | null | undefined, filter: ConfidenceFilter): boolean {
  return filter === 'not-set' ? confidence == null : confidence === filter;
}

/** The revision schedules a learner may choose (issue 29): FSRS by default, or the fixed 1-3-7-14-30 days. */
export const REVISION_SCHEDULES = ['adaptive', 'simple'] as const;
export type RevisionSchedule = (typeof REVISION_SCHEDULES)[number];

export interface RevisionOrderRow {
  revisionDueOn: string | null;
  confidence?: Confidence | null;
}

/**
 * 'Revise today' order (issue 29): the earliest due day first, then the lowest confidence (not set first); rows
 * that tie keep the order they came in (the learning path). Returns a new array.
 */
export function orderForRevision<Row extends RevisionOrderRow>(rows: readonly Row[]): Row[] {
  return rows
    .map((row, index) => ({ row, index }))
    .sort(
      (a, b) =>
        (a.row.revisionDueOn ?? '9999-12-31').localeCompare(b.row.revisionDueOn ?? '9999-12-31') ||
        confidenceRank(a.row.confidence) - confidenceRank(b.row.confidence) ||
        a.index - b.index,
    )
    .map(({ row }) => row);
}
