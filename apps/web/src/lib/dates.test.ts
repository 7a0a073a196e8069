import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, SERVER_READER } from './dates';

const US = { locale: 'en-US', timeZone: 'UTC' };

describe('one date formatter, in the reader’s locale', () => {
  it('writes the same instant in each reader’s words', () => {
    const at = '2026-03-03T09:05:00Z';
    expect(formatDate(at, 'date', US)).toBe('Mar 3, 2026');
    expect(formatDate(at, 'date', { locale: 'en-GB', timeZone: 'UTC' })).toBe('3 Mar 2026');
    expect(formatDate(at, 'date', { locale: 'de-DE', timeZone: 'UTC' })).toBe('3. März 2026');
    expect(formatDate(at, 'dateTime', SERVER_READER)).toBe('3 Mar 2026, 09:05');
    expect(formatDate(at, 'time', SERVER_READER)).toBe('09:05:00');
    expect(formatDate(at, 'dayMonth', US)).toBe('Mar 3');
  });

  it('reads the instant in the reader’s zone: late evening UTC is the next day in Tokyo', () => {
    expect(formatDate('2026-03-03T20:00:00Z', 'date', { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toBe('Mar 4, 2026');
  });

  it('never moves a calendar day, whatever the zone', () => {
    expect(formatDay('2026-03-03', 'date', { locale: 'en-US', timeZone: 'Pacific/Honolulu' })).toBe('Mar 3, 2026');
    expect(formatDay('2026-03-03', 'dayMonth', { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('3 Mar');
  });

  it('defaults to the browser’s language (jsdom: en-US), and writes nothing for an invalid date', () => {
    expect(formatDay('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('falls back to the default language for a locale tag Intl refuses', () => {
    expect(formatDate('2026-03-03T09:05:00Z', 'date', { locale: 'not_a_locale!', timeZone: 'UTC' })).toMatch(/2026/);
  });
});
