const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago `at` was, as the recent-activity list reads it: 'just now' under a minute, then
 * minutes, hours, 'yesterday', days up to a week, then the date, written by `olderDate` (the web app
 * passes its one date formatter; YYYY-MM-DD by default). A time in the future (a clock a little ahead)
 * reads 'just now'.
 */
export function relativeTime(
  at: Date,
  now: Date,
  olderDate: (at: Date) => string = (day) => day.toISOString().slice(0, 10),
): string {
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'yesterday';
  if (days < 7) return plural(days, 'day');
  return olderDate(at);
}
