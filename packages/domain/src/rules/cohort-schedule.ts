import { addDays, dayInTimeZone } from './streaks';

/**
 * Cohorts (issue 30): when a lesson is due for a member of a cohort, and whether they are behind. One rule for
 * the schedule, the calendar feed, the reminders and the instructor's stalled-learners list.
 *
 * - A lesson with `dueAfterDays` N is due on the calendar day N days after the day the cohort starts, both days
 *   read in the learner's own time zone (calendar arithmetic, so a 23- or 25-hour DST day is still one day).
 * - It is due by the end of that day: `dueAt` is the first instant of the next local day.
 * - State: 'done' once the lesson is completed (whenever), else 'overdue' from `dueAt` on, else 'upcoming'.
 * - A learner is behind the schedule when at least one lesson of their cohort is overdue.
 */

export const DUE_AFTER_DAYS_MAX = 3650;

export type DueState = 'done' | 'overdue' | 'upcoming';

/** The day a lesson is due: the cohort's start day in `timeZone`, plus `dueAfterDays` calendar days. */
export function dueDayOf(startsAt: Date | string, dueAfterDays: number, timeZone: string): string {
  return addDays(dayInTimeZone(new Date(startsAt), timeZone), dueAfterDays);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The first instant of a calendar day in `timeZone`: its local midnight, or the first minute after it when a DST
 * change skips midnight there.
 */
export function startOfDayIn(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let instant = midnightUtc - zoneOffsetMs(midnightUtc, timeZone);
  // The offset at the guess may differ from the one at the answer (a DST change that day): one more pass settles it.
  instant = midnightUtc - zoneOffsetMs(instant, timeZone);
  // Midnight skipped: the day starts where the clock first reads that day.
  while (dayInTimeZone(new Date(instant), timeZone) < day) instant += 15 * 60_000;
  return new Date(instant);
}

/** The instant a lesson is due by: the end of its due day in `timeZone`. */
export function dueAtOf(startsAt: Date | string, dueAfterDays: number, timeZone: string): Date {
  return startOfDayIn(addDays(dueDayOf(startsAt, dueAfterDays, timeZone), 1), timeZone);
}

export function dueState(dueAt: Date, completed: boolean, now: Date): DueState {
  if (completed) return 'done';
  return now.getTime() >= dueAt.getTime() ? 'overdue' : 'upcoming';
}

export interface ScheduledLesson {
  lessonId: string;
  dueAfterDays: number;
  completed: boolean;
}

export interface ScheduleEntry {
  lessonId: string;
  dueAfterDays: number;
  dueDay: string;
  dueAt: Date;
  state: DueState;
}

/** A member's schedule, soonest due first (course order among lessons due the same day, as given). */
export function cohortSchedule(
  startsAt: Date | string,
  lessons: readonly ScheduledLesson[],
  timeZone: string,
  now: Date,
): ScheduleEntry[] {
  return lessons
    .map((lesson, order) => {
      const dueAt = dueAtOf(startsAt, lesson.dueAfterDays, timeZone);
      return {
        order,
        lessonId: lesson.lessonId,
        dueAfterDays: lesson.dueAfterDays,
        dueDay: dueDayOf(startsAt, lesson.dueAfterDays, timeZone),
        dueAt,
        state: dueState(dueAt, lesson.completed, now),
      };
    })
    .sort((a, b) => a.dueAfterDays - b.dueAfterDays || a.order - b.order)
    .map(({ order: _order, ...entry }) => entry);
}

/** Behind the cohort schedule: something is overdue. */
export function isBehindSchedule(schedule: readonly { state: DueState }[]): boolean {
  return schedule.some((entry) => entry.state === 'overdue');
}

export type CohortStatus = 'upcoming' | 'running' | 'ended';

export interface CohortDates {
  startsAt: Date | string;
  endsAt: Date | string;
  enrollmentClosesAt: Date | string | null;
  capacity: number | null;
  memberCount: number;
}

export function cohortStatus(cohort: CohortDates, now: Date): CohortStatus {
  if (now.getTime() >= new Date(cohort.endsAt).getTime()) return 'ended';
  return now.getTime() >= new Date(cohort.startsAt).getTime() ? 'running' : 'upcoming';
}

export const COHORT_ENDED = 'This cohort has ended';
export const COHORT_ENROLLMENT_CLOSED = 'Enrolment in this cohort has closed';
export const COHORT_FULL = 'This cohort is full';

/** Why a learner cannot join now, or null when they can (seats are taken again in one statement on the server). */
export function joinRefusal(cohort: CohortDates, now: Date): string | null {
  if (cohortStatus(cohort, now) === 'ended') return COHORT_ENDED;
  if (cohort.enrollmentClosesAt && now.getTime() >= new Date(cohort.enrollmentClosesAt).getTime())
    return COHORT_ENROLLMENT_CLOSED;
  if (cohort.capacity !== null && cohort.memberCount >= cohort.capacity) return COHORT_FULL;
  return null;
}

export function seatsLeft(cohort: Pick<CohortDates, 'capacity' | 'memberCount'>): number | null {
  return cohort.capacity === null ? null : Math.max(0, cohort.capacity - cohort.memberCount);
}
