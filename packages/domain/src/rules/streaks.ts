/**
 * Calendar days and streaks in the learner's own time zone (DESIGN decision 6).
 * A day is a 'YYYY-MM-DD' string; day arithmetic is done on the calendar, never by adding
 * 24 hours to an instant, so a 23- or 25-hour DST day is still exactly one day.
 */

export const DEFAULT_TIME_ZONE = 'UTC';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** True when Intl knows the zone (IANA names such as Europe/Berlin, or UTC). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  if (formatters.has(timeZone)) return true;
  try {
    dayFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD; the parts are read anyway so the locale cannot surprise us.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day an instant falls on in a time zone. */
export function dayInTimeZone(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = dayFormatter(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const todayByZone = new Map<string, { second: number; day: string }>();

/**
 * Today in a time zone. Every request asks, and formatting a date in a zone is costly, so the answer
 * is kept for the rest of its second (a day only ever changes on a whole second).
 */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const known = todayByZone.get(timeZone);
  if (known?.second === second) return known.day;
  const day = dayInTimeZone(now, timeZone);
  if (todayByZone.size >= 1000) todayByZone.clear();
  todayByZone.set(timeZone, { second, day });
  return day;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The digit at `index` of a string already matched by DAY_PATTERN. Kept out of dayNumber: a named closure made
 * on every call costs more than the arithmetic (the server's TypeScript runner also names each one).
 */
function digit(value: string, index: number): number {
  return value.charCodeAt(index) - 48;
}

/**
 * Whole days since 1970-01-01 for a valid 'YYYY-MM-DD', or NaN. Plain arithmetic on the proleptic Gregorian
 * calendar (no Date objects): every stats read runs it once per solve day of the learner.
 */
export function dayNumber(value: string): number {
  if (!DAY_PATTERN.test(value)) return Number.NaN;
  const year = digit(value, 0) * 1000 + digit(value, 1) * 100 + digit(value, 2) * 10 + digit(value, 3);
  const month = digit(value, 5) * 10 + digit(value, 6);
  const day = digit(value, 8) * 10 + digit(value, 9);
  if (month < 1 || month > 12 || day < 1) return Number.NaN;
  if (day > (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!)) return Number.NaN;
  // Days from the civil date, counting years from March so the leap day ends a year.
  const marchYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(marchYear / 400);
  const yearOfEra = marchYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function isDay(value: string): boolean {
  return !Number.isNaN(dayNumber(value));
}

/** Moves a calendar day by whole days (negative goes back). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export interface Streaks {
  currentStreak: number;
  maxStreak: number;
}

/**
 * How far a solve day may run ahead of today: a solve recorded in a time zone ahead of the one
 * asked for (a trip, a second device) can fall on tomorrow. Anything later has not happened yet.
 */
const SOLVE_DAYS_AHEAD = 1;

/** The latest day a real solve can carry when today is `today`. */
export function latestSolveDay(today: string): string {
  return addDays(today, SOLVE_DAYS_AHEAD);
}

/**
 * What streaks need of a learner's solve days, whatever today is: the latest solve day (as a day number, whole
 * days since 1970-01-01; null with no solves), the length of the run of consecutive days ending on it, and the
 * longest run. The database keeps these three beside the learner's counters (migration 0014), so a stats read
 * neither loads nor walks the solve days.
 */
export interface StreakSummary {
  lastSolveDay: number | null;
  lastRun: number;
  maxStreak: number;
}

/** The summary of a set of day numbers (invalid ones, NaN, are ignored; repeats count once). */
function summaryOfDayNumbers(numbers: number[]): StreakSummary {
  const days = numbers.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
  if (days.length === 0) return { lastSolveDay: null, lastRun: 0, maxStreak: 0 };
  let maxStreak = 1;
  let run = 1;
  for (let index = 1; index < days.length; index++) {
    const gap = days[index]! - days[index - 1]!;
    if (gap === 0) continue;
    run = gap === 1 ? run + 1 : 1;
    if (run > maxStreak) maxStreak = run;
  }
  return { lastSolveDay: days[days.length - 1]!, lastRun: run, maxStreak };
}

/** The summary of solve days given as 'YYYY-MM-DD' (what the database computes from the same days). */
export function streakSummary(solvedDays: Iterable<string>): StreakSummary {
  return summaryOfDayNumbers(Array.from(solvedDays, dayNumber));
}

/**
 * Streaks from a kept summary, or null when the summary cannot tell: its latest solve day lies past tomorrow
 * (recorded in a time zone far ahead, or imported), so the rule below would leave some days out and the caller
 * must count from the days themselves.
 */
export function streaksFromSummary(summary: StreakSummary, today: string): Streaks | null {
  const todayNumber = dayNumber(today);
  if (summary.lastSolveDay === null) return { currentStreak: 0, maxStreak: 0 };
  if (summary.lastSolveDay > todayNumber + SOLVE_DAYS_AHEAD) return null;
  const currentStreak = summary.lastSolveDay >= todayNumber - 1 ? summary.lastRun : 0;
  return { currentStreak, maxStreak: summary.maxStreak };
}

/**
 * Streaks from the days with at least one solve. A streak counts consecutive days; it survives
 * until the end of the day after the last solve, so a streak whose last day is yesterday is
 * still current. Tomorrow (a solve recorded in a time zone ahead of the one asked for) counts as
 * the latest day rather than breaking the streak; days after it have not come yet and are ignored,
 * so a made-up future day can never keep a streak alive.
 */
export function streaks(solvedDays: Iterable<string>, today: string): Streaks {
  const latest = dayNumber(today) + SOLVE_DAYS_AHEAD;
  const summary = summaryOfDayNumbers(Array.from(solvedDays, dayNumber).filter((n) => n <= latest));
  return streaksFromSummary(summary, today)!;
}

// Streak freezes (issue 29)

/** A freeze is earned on every 7th active day of a streak (7, 14, 21, ...). */
export const FREEZE_EVERY_DAYS = 7;
/** At most this many freezes are held; one earned beyond it is lost. */
export const FREEZES_MAX = 2;

export interface StreakFreezes {
  /** Freezes held now, 0 to FREEZES_MAX. */
  available: number;
  /** The days a freeze was used on, oldest first, as 'YYYY-MM-DD'. */
  usedOn: string[];
}

export interface FrozenStreaks extends Streaks {
  freezes: StreakFreezes;
}

const dayOfNumber = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);

/**
 * Streaks with freezes, from the days with at least one solve (the learner's own calendar days, DESIGN decision 6).
 * A pure function of those days and today, walked oldest first:
 * - an active day lengthens the streak by one; on every FREEZE_EVERY_DAYS-th active day of a streak a freeze is
 *   earned, held up to FREEZES_MAX (one earned beyond that is lost);
 * - a day without a solve that is over (before today) while a streak is alive uses a held freeze automatically:
 *   the day is frozen, and the streak runs through it without growing (frozen days are not active days, so they
 *   neither lengthen the streak nor count toward the next freeze); with no freeze held the streak breaks;
 * - today without a solve is never frozen, the day is not over (the streak survives it, as in `streaks()`);
 * - held freezes are kept whatever happens: a streak only breaks once none is held.
 * The answer for a past day never changes as today moves on. A learner who never had FREEZE_EVERY_DAYS
 * consecutive active days never earned a freeze, and reads exactly what `streaks()` says.
 */
export function streaksWithFreezes(solvedDays: Iterable<string>, today: string): FrozenStreaks {
  const todayNumber = dayNumber(today);
  const latest = todayNumber + SOLVE_DAYS_AHEAD;
  const days = [...new Set(Array.from(solvedDays, dayNumber))]
    .filter((n) => !Number.isNaN(n) && n <= latest)
    .sort((a, b) => a - b);
  if (days.length === 0) return { currentStreak: 0, maxStreak: 0, freezes: { available: 0, usedOn: [] } };
  let held = 0;
  let run = 0;
  let maxStreak = 0;
  let lastCovered = Number.NaN;
  const used: number[] = [];
  /** Freezes the missed days after lastCovered and before `until` (never today or later); true when all were. */
  const bridge = (until: number): boolean => {
    let day = lastCovered + 1;
    while (day < until && day < todayNumber && held > 0) {
      used.push(day);
      held -= 1;
      lastCovered = day;
      day += 1;
    }
    return day >= until;
  };
  for (const day of days) {
    if (run > 0 && !bridge(day)) run = 0;
    run += 1;
    lastCovered = day;
    if (run > maxStreak) maxStreak = run;
    if (run % FREEZE_EVERY_DAYS === 0) held = Math.min(FREEZES_MAX, held + 1);
  }
  // The days since the last solve that are over (up to yesterday) use what is held.
  bridge(todayNumber);
  return {
    currentStreak: lastCovered >= todayNumber - 1 ? run : 0,
    maxStreak,
    freezes: { available: held, usedOn: used.map(dayOfNumber) },
  };
}

/** The stats area's line on freezes: "N streak freezes available (hold at most 2; earn one every 7 days of streak)". */
export function freezesAvailableText(available: number): string {
  return (
    `${available} streak ${available === 1 ? 'freeze' : 'freezes'} available ` +
    `(hold at most ${FREEZES_MAX}; earn one every ${FREEZE_EVERY_DAYS} days of streak)`
  );
}

/**
 * Streaks with freezes from the kept summary, or null when the days must be walked: the summary cannot tell
 * (see streaksFromSummary), or the learner once had FREEZE_EVERY_DAYS consecutive active days and so may have
 * earned a freeze. Everyone else has none and their streaks are the summary's.
 */
export function frozenStreaksFromSummary(summary: StreakSummary, today: string): FrozenStreaks | null {
  if (summary.maxStreak >= FREEZE_EVERY_DAYS) return null;
  const plain = streaksFromSummary(summary, today);
  return plain && { ...plain, freezes: { available: 0, usedOn: [] } };
}
