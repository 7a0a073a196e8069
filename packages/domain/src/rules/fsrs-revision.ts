import { type Card, createEmptyCard, fsrs, type Grade, Rating, State } from 'ts-fsrs';
import type { RevisionGrade } from './revision';
import { addDays, dayInTimeZone } from './streaks';

/**
 * Adaptive revision (issue 29): the FSRS scheduler of `ts-fsrs` decides the next review from the learner's graded
 * recall. Revision is planned in whole days, so the short-term (minute) learning steps are off, and the schedule is
 * deterministic (no fuzz) so the web and the API agree on a date. This file is the one place that talks to the
 * library: a stored card + a grade + now → the next card and its day in the learner's time zone.
 */
export { REVISION_GRADES, type RevisionGrade } from './revision';

export const GRADE_RATINGS: Record<RevisionGrade, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

/** The scheduler every review uses (the library's default weights and 90 % retention). */
export const revisionScheduler = fsrs({ enable_fuzz: false, enable_short_term: false });

/** A card as `dsa_progress.fsrs_card` keeps it: the library's card with its dates as ISO strings. */
export interface StoredCard {
  due: string;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: State;
  last_review: string | null;
}

export function storeCard(card: Card): StoredCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsed_days,
    scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.last_review?.toISOString() ?? null,
  };
}

export function loadCard(stored: StoredCard): Card {
  return {
    ...stored,
    due: new Date(stored.due),
    last_review: stored.last_review === null ? undefined : new Date(stored.last_review),
  };
}

/** True for a value read back from the jsonb column that has a card's shape (anything else is carried over again). */
export function isStoredCard(value: unknown): value is StoredCard {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card.due === 'string' &&
    !Number.isNaN(Date.parse(card.due)) &&
    ['stability', 'difficulty', 'scheduled_days', 'reps', 'lapses', 'state'].every(
      (key) => typeof card[key] === 'number',
    )
  );
}

/**
 * Noon of a calendar day in a time zone: an instant well inside that day whatever the zone's offset
 * (-12 to +14 hours) or a DST change (never at noon).
 */
export function noonOf(day: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T12:00:00Z`);
  const shownDay = dayInTimeZone(new Date(guess), timeZone);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).formatToParts(
    new Date(guess),
  );
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? 12);
  // The zone's offset in whole hours at that instant (days apart when the zone is across the date line from UTC).
  const dayShift = shownDay === day ? 0 : shownDay > day ? 24 : -24;
  const offsetHours = hour + dayShift - 12;
  return new Date(guess - offsetHours * 3_600_000);
}

/** The stage intervals of the simple schedule, as the carry-over reads them. */
const SIMPLE_INTERVALS = [1, 3, 7, 14, 30] as const;

/**
 * Carry-over (issue 29): a problem on the simple 1-3-7-14-30 schedule and never graded has a stage and a due day but
 * no card. It becomes a card in review whose due is that very day (noon in the learner's zone), reviewed the
 * interval before it, with that interval as its stability (FSRS schedules an interval equal to the stability at
 * 90 % retention) and as many reviews as the stage says. Nothing is lost: the day stays, and the first graded
 * review starts from the interval the learner had reached.
 */
export function cardFromSimpleSchedule(stage: number, dueOn: string, timeZone: string): Card {
  const interval = SIMPLE_INTERVALS[Math.min(Math.max(stage, 0), SIMPLE_INTERVALS.length - 1)]!;
  const due = noonOf(dueOn, timeZone);
  const lastReview = noonOf(addDays(dueOn, -interval), timeZone);
  return {
    ...createEmptyCard(lastReview),
    due,
    stability: interval,
    difficulty: revisionScheduler.next(createEmptyCard(lastReview), lastReview, Rating.Good).card.difficulty,
    scheduled_days: interval,
    reps: stage + 1,
    state: State.Review,
    last_review: lastReview,
  };
}

export interface GradedReview {
  card: StoredCard;
  /** The next review's day in the learner's time zone. */
  dueOn: string;
  /** Whole days from today to that day. */
  intervalDays: number;
}

/**
 * A graded review: the card as FSRS moves it for that grade at `now`, and its due day in the learner's zone.
 * `stored` null means no card yet: the simple schedule's stage and due day are carried over first.
 */
export function gradeRevision(input: {
  stored: unknown;
  stage: number;
  dueOn: string;
  grade: RevisionGrade;
  now: Date;
  timeZone: string;
}): GradedReview {
  const card = isStoredCard(input.stored)
    ? loadCard(input.stored)
    : cardFromSimpleSchedule(input.stage, input.dueOn, input.timeZone);
  const next = revisionScheduler.next(card, input.now, GRADE_RATINGS[input.grade]).card;
  const today = dayInTimeZone(input.now, input.timeZone);
  const dueOn = dayInTimeZone(next.due, input.timeZone);
  const intervalDays = Math.round((Date.parse(`${dueOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return { card: storeCard(next), dueOn, intervalDays };
}
