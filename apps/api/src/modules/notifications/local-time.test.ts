import { describe, expect, it } from 'vitest';
import { hoursStoodFor, inQuietHours, isoWeekOf, localClock, usableTimeZone } from './local-time';

const at = (iso: string) => new Date(iso);
const clock = (hour: number, minute: number) => ({ day: '2026-11-28', hour, minute, weekday: 6 });

describe("a learner's wall clock", () => {
  it('follows New York across the autumn change: 08:00 is 12:00 UTC before it and 13:00 UTC after', () => {
    expect(localClock(at('2026-10-31T12:00:00Z'), 'America/New_York')).toEqual({
      day: '2026-10-31',
      hour: 8,
      minute: 0,
      weekday: 6,
    });
    expect(localClock(at('2026-11-02T12:00:00Z'), 'America/New_York')).toMatchObject({ hour: 7, weekday: 1 });
    expect(localClock(at('2026-11-02T13:00:00Z'), 'America/New_York')).toMatchObject({ day: '2026-11-02', hour: 8 });
  });

  it('reads Asia/Kolkata half an hour off the UTC hour, and its day changes at 18:30 UTC', () => {
    expect(localClock(at('2026-11-28T02:30:00Z'), 'Asia/Kolkata')).toMatchObject({
      day: '2026-11-28',
      hour: 8,
      minute: 0,
    });
    expect(localClock(at('2026-11-28T18:29:00Z'), 'Asia/Kolkata')).toMatchObject({ day: '2026-11-28', hour: 23 });
    expect(localClock(at('2026-11-28T18:30:00Z'), 'Asia/Kolkata')).toMatchObject({ day: '2026-11-29', hour: 0 });
  });

  it('reads an unknown or missing zone as UTC', () => {
    expect(usableTimeZone('Mars/Olympus')).toBe('UTC');
    expect(usableTimeZone(null)).toBe('UTC');
    expect(localClock(at('2026-11-28T08:05:00Z'), 'Mars/Olympus')).toMatchObject({ hour: 8, minute: 5 });
  });
});

describe('ISO weeks', () => {
  it('names the week of a day, the Thursday deciding the year', () => {
    expect(isoWeekOf('2026-11-28')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
    expect(isoWeekOf('2021-01-03')).toBe('2020-W53');
    expect(isoWeekOf('2024-12-30')).toBe('2025-W01');
  });
});

describe('quiet hours', () => {
  const night = { from: '22:00', to: '07:00' };

  it('hold from their start up to (not including) their end, across midnight', () => {
    expect(inQuietHours(night, clock(21, 59))).toBe(false);
    expect(inQuietHours(night, clock(22, 0))).toBe(true);
    expect(inQuietHours(night, clock(23, 30))).toBe(true);
    expect(inQuietHours(night, clock(6, 59))).toBe(true);
    expect(inQuietHours(night, clock(7, 0))).toBe(false);
    expect(inQuietHours(night, clock(12, 0))).toBe(false);
  });

  it('hold within one day too, and not at all when unset or when both ends are equal', () => {
    expect(inQuietHours({ from: '13:00', to: '15:00' }, clock(14, 0))).toBe(true);
    expect(inQuietHours({ from: '13:00', to: '15:00' }, clock(15, 0))).toBe(false);
    expect(inQuietHours({ from: '09:00', to: '09:00' }, clock(9, 0))).toBe(false);
    expect(inQuietHours(null, clock(3, 0))).toBe(false);
  });
});

describe('the hours a run stands for', () => {
  it('is the hour on the clock, and the skipped one too in the hour after a spring-forward change', () => {
    // 2026-03-08 in New York: 02:00 never comes, 01:59 EST is followed by 03:00 EDT.
    expect(hoursStoodFor(at('2026-03-08T06:30:00Z'), 'America/New_York')).toEqual([1]);
    expect(hoursStoodFor(at('2026-03-08T07:00:00Z'), 'America/New_York')).toEqual([3, 2]);
    expect(hoursStoodFor(at('2026-03-08T07:45:00Z'), 'America/New_York')).toEqual([3, 2]);
    expect(hoursStoodFor(at('2026-03-08T08:00:00Z'), 'America/New_York')).toEqual([4]);
  });

  it('is the repeated hour twice on an autumn night, once each time', () => {
    expect(hoursStoodFor(at('2026-11-01T05:30:00Z'), 'America/New_York')).toEqual([1]);
    expect(hoursStoodFor(at('2026-11-01T06:30:00Z'), 'America/New_York')).toEqual([1]);
    expect(hoursStoodFor(at('2026-11-28T02:30:00Z'), 'Asia/Kolkata')).toEqual([8]);
  });
});
