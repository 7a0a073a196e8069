import { addDays, dayNumber } from './streaks';

export interface ChartWindow {
  /** Every day shown, oldest first, the last one today. */
  days: string[];
  /** The Monday of every week shown, oldest first, the last one this week's (which may still be running). */
  weekStarts: string[];
}

/** The Monday on or before a calendar day. */
export function mondayOf(day: string): string {
  // Day 0 (1970-01-01) was a Thursday: Monday is 3 days later in the week's count.
  const sinceMonday = (((dayNumber(day) + 3) % 7) + 7) % 7;
  return addDays(day, -sinceMonday);
}

/**
 * The admin charts' days: `weeks` × 7 calendar days ending with `today` (the admin's own day), never a
 * day after it, and the `weeks` Mondays of the weeks those days fall in, this week's last.
 */
export function chartWindow(today: string, weeks: number): ChartWindow {
  const total = weeks * 7;
  const days = Array.from({ length: total }, (_, index) => addDays(today, index - total + 1));
  const thisWeek = mondayOf(today);
  const weekStarts = Array.from({ length: weeks }, (_, index) => addDays(thisWeek, (index - weeks + 1) * 7));
  return { days, weekStarts };
}
