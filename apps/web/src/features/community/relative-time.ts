import { formatDate } from '@/lib/dates';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The words stay English, as the rest of the app; the dates are the reader's (lib/dates).
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/**
 * How long ago, the way a forum reads: "just now", "5 minutes ago", "3 hours ago", "yesterday",
 * "4 days ago"; from 30 days on, the date itself ("12 Mar 2026"). A time a little in the future
 * (a clock running ahead) reads as "just now".
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 30 * DAY) return relative.format(-Math.floor(ago / DAY), 'day');
  return formatDate(at);
}

/** The exact moment, for a tooltip: "12 Mar 2026, 14:05". */
export function exactTime(iso: string): string {
  return formatDate(iso, 'dateTime');
}
