import { addDays, DEFAULT_TIME_ZONE, isValidTimeZone } from '@learnbuild/domain/rules/streaks';

// A learner's wall clock, worked out with Intl from the instant and their IANA zone (DESIGN decision 6): the
// scheduled mail (quiet hours, digests, reminders) goes by it. Never by adding hours to UTC, so DST and zones
// a half or three quarters of an hour off UTC (Asia/Kolkata, Asia/Kathmandu) come out right.

export interface LocalClock {
  /** The local calendar day, 'YYYY-MM-DD'. */
  day: string;
  /** 0–23. */
  hour: number;
  minute: number;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** A zone the platform can use: the one stored when Intl knows it, else UTC. */
export function usableTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

/** The wall clock in `timeZone` at `instant`. */
export function localClock(instant: Date, timeZone: string): LocalClock {
  const parts = clockFormatter(usableTimeZone(timeZone)).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: `${part('year')}-${part('month')}-${part('day')}`,
    hour: Number(part('hour')),
    minute: Number(part('minute')),
    weekday: WEEKDAYS[part('weekday')] ?? 1,
  };
}

/** The ISO week a calendar day belongs to, as '2026-W48' (weeks start on Monday; week 1 holds the 4th of January). */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.getUTCDay() || 7;
  // The week's Thursday decides its year.
  const thursday = new Date(date.getTime() + (4 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** 'HH:MM' as minutes after midnight. */
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether a local time falls in quiet hours: from `from` (included) to `to` (excluded), across midnight when
 * `from` is later than `to` ("22:00" to "07:00"). Equal ends make no quiet hours at all.
 */
export function inQuietHours(quietHours: { from: string; to: string } | null, clock: LocalClock): boolean {
  if (!quietHours) return false;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  const now = clock.hour * 60 + clock.minute;
  if (from === to) return false;
  return from < to ? now >= from && now < to : now >= from || now < to;
}

/**
 * The local hours a run at `instant` stands for in `timeZone`: the hour on the clock, and also the one before
 * it when a DST change skipped that hour this last hour (02:00 on a spring-forward night in America/New_York),
 * so a digest or reminder set for a skipped hour comes an hour late instead of not at all that day.
 */
export function hoursStoodFor(instant: Date, timeZone: string): number[] {
  const clock = localClock(instant, timeZone);
  const before = localClock(new Date(instant.getTime() - 60 * 60_000), timeZone);
  const gap = (clock.hour - before.hour + 24) % 24;
  return gap === 2 && clock.hour >= 1 ? [clock.hour, clock.hour - 1] : [clock.hour];
}

/** The calendar day before `day`. */
export const dayBefore = (day: string) => addDays(day, -1);
