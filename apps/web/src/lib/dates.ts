import { DEFAULT_TIME_ZONE } from '@learnbuild/domain/rules/streaks';
import { useHydrated } from './hydration';

/**
 * Every date the app shows, written one way: Intl in the reader's own locale and time zone.
 *
 * - `date`: "24 Nov 2026" (en-GB), "Nov 24, 2026" (en-US)
 * - `dateTime`: the date with the hour and minute
 * - `time`: hour, minute and second (the dashboard's 'Updated' stamp)
 * - `dayMonth`: "24 Nov", for chart labels and near dates
 */
export type DateStyle = 'date' | 'dateTime' | 'time' | 'dayMonth';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  dayMonth: { day: 'numeric', month: 'short' },
};

/** Who the date is written for: a locale and a time zone (undefined: the runtime's own). */
export interface DateReader {
  locale: string | undefined;
  timeZone: string | undefined;
}

/**
 * What the server draws with, and what the browser's first render of a server-drawn page repeats so
 * hydration finds the same text: neither the reader's language nor zone is known on the server.
 */
export const SERVER_READER: DateReader = { locale: 'en-GB', timeZone: 'UTC' };

/** The person at this browser: navigator.language and the system time zone. */
export function browserReader(): DateReader {
  if (typeof navigator === 'undefined') return SERVER_READER;
  return { locale: navigator.language || undefined, timeZone: undefined };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(style: DateStyle, reader: DateReader): Intl.DateTimeFormat {
  const key = `${style}|${reader.locale ?? ''}|${reader.timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat(reader.locale, { ...STYLES[style], timeZone: reader.timeZone });
    } catch {
      // A locale tag Intl does not accept falls back to the runtime's default language.
      formatter = new Intl.DateTimeFormat(undefined, { ...STYLES[style], timeZone: reader.timeZone });
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** An instant (ISO text, epoch milliseconds or a Date) as the reader writes it; '' for an invalid one. */
export function formatDate(
  value: string | number | Date,
  style: DateStyle = 'date',
  reader: DateReader = browserReader(),
): string {
  const at = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  return formatterFor(style, reader).format(at);
}

/**
 * A calendar day ('YYYY-MM-DD': a revision's due day, a chart's day) in the reader's words. A day has no
 * time zone: it is read and written at UTC midnight, so it never slides to the day before or after.
 */
export function formatDay(day: string, style: 'date' | 'dayMonth' = 'date', reader: DateReader = browserReader()) {
  return formatDate(`${day}T00:00:00Z`, style, { locale: reader.locale, timeZone: 'UTC' });
}

/**
 * The reader to format for in a component: SERVER_READER on the server and while a server-drawn page
 * hydrates, the browser's reader from the next render on.
 */
export function useDateReader(): DateReader {
  return useHydrated() ? browserReader() : SERVER_READER;
}

/** DESIGN decision 6: the browser's own IANA time zone, sent where days are counted. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}
