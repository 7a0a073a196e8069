import { describe, expect, it } from 'vitest';
import {
  COHORT_ENDED,
  COHORT_ENROLLMENT_CLOSED,
  COHORT_FULL,
  cohortSchedule,
  cohortStatus,
  dueAtOf,
  dueDayOf,
  isBehindSchedule,
  joinRefusal,
  seatsLeft,
  startOfDayIn,
} from './cohort-schedule';

describe('due dates from the cohort start', () => {
  it('counts calendar days from the start day in the learner’s zone', () => {
    const startsAt = new Date('2026-03-02T09:00:00Z');
    expect(dueDayOf(startsAt, 0, 'UTC')).toBe('2026-03-02');
    expect(dueDayOf(startsAt, 7, 'UTC')).toBe('2026-03-09');
    expect(dueDayOf(startsAt, 30, 'UTC')).toBe('2026-04-01');
  });

  it('reads the start day in the zone: late on the 2nd in UTC is already the 3rd in Tokyo and still the 2nd in Los Angeles', () => {
    const startsAt = new Date('2026-03-02T20:00:00Z');
    expect(dueDayOf(startsAt, 1, 'UTC')).toBe('2026-03-03');
    expect(dueDayOf(startsAt, 1, 'Asia/Tokyo')).toBe('2026-03-04');
    expect(dueDayOf(startsAt, 1, 'America/Los_Angeles')).toBe('2026-03-03');
  });

  it('is due by the end of the due day: the next local midnight', () => {
    const startsAt = new Date('2026-03-02T09:00:00Z');
    expect(dueAtOf(startsAt, 2, 'UTC').toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(dueAtOf(startsAt, 2, 'Asia/Kolkata').toISOString()).toBe('2026-03-04T18:30:00.000Z');
    expect(dueAtOf(startsAt, 2, 'Asia/Kathmandu').toISOString()).toBe('2026-03-04T18:15:00.000Z');
  });

  it('keeps one calendar day per day across the spring-forward night (a 23-hour day in New York)', () => {
    // New York moves from UTC-5 to UTC-4 at 02:00 on 8 March 2026.
    const startsAt = new Date('2026-03-07T15:00:00Z');
    expect(dueDayOf(startsAt, 1, 'America/New_York')).toBe('2026-03-08');
    // The 8th ends at midnight EDT (04:00 UTC); the 7th ended at midnight EST (05:00 UTC).
    expect(dueAtOf(startsAt, 0, 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(dueAtOf(startsAt, 1, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('keeps one calendar day per day across the fall-back night (a 25-hour day in Berlin)', () => {
    // Berlin moves from UTC+2 to UTC+1 at 03:00 on 25 October 2026.
    const startsAt = new Date('2026-10-23T10:00:00Z');
    expect(dueAtOf(startsAt, 1, 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(dueAtOf(startsAt, 2, 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(dueDayOf(startsAt, 2, 'Europe/Berlin')).toBe('2026-10-25');
  });

  it('starts a day where the clock first reads it when midnight is skipped (Santiago, September 2026)', () => {
    // Chile springs forward at 24:00 on Saturday 5 September 2026: the 6th begins at 01:00 (UTC-3).
    expect(startOfDayIn('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfDayIn('2026-09-05', 'America/Santiago').toISOString()).toBe('2026-09-05T04:00:00.000Z');
  });
});

describe('a member’s schedule', () => {
  const startsAt = new Date('2026-03-02T00:00:00Z');
  const lessons = [
    { lessonId: 'late', dueAfterDays: 10, completed: false },
    { lessonId: 'first', dueAfterDays: 1, completed: true },
    { lessonId: 'second', dueAfterDays: 3, completed: false },
    { lessonId: 'also-second', dueAfterDays: 3, completed: false },
  ];

  it('lists soonest first with done, overdue and upcoming states', () => {
    const now = new Date('2026-03-06T12:00:00Z');
    const schedule = cohortSchedule(startsAt, lessons, 'UTC', now);
    expect(schedule.map((entry) => [entry.lessonId, entry.dueDay, entry.state])).toEqual([
      ['first', '2026-03-03', 'done'],
      ['second', '2026-03-05', 'overdue'],
      ['also-second', '2026-03-05', 'overdue'],
      ['late', '2026-03-12', 'upcoming'],
    ]);
    expect(isBehindSchedule(schedule)).toBe(true);
  });

  it('is upcoming through the whole due day and overdue from the first instant after it', () => {
    const lastMoment = new Date('2026-03-05T23:59:59.999Z');
    const after = new Date('2026-03-06T00:00:00.000Z');
    const only = [{ lessonId: 'second', dueAfterDays: 3, completed: false }];
    expect(cohortSchedule(startsAt, only, 'UTC', lastMoment)[0]!.state).toBe('upcoming');
    expect(isBehindSchedule(cohortSchedule(startsAt, only, 'UTC', lastMoment))).toBe(false);
    expect(cohortSchedule(startsAt, only, 'UTC', after)[0]!.state).toBe('overdue');
    // In Tokyo the 5th ended nine hours earlier.
    expect(cohortSchedule(startsAt, only, 'Asia/Tokyo', new Date('2026-03-05T15:00:00Z'))[0]!.state).toBe('overdue');
  });
});

describe('joining a cohort', () => {
  const cohort = {
    startsAt: '2026-03-02T00:00:00Z',
    endsAt: '2026-04-02T00:00:00Z',
    enrollmentClosesAt: '2026-03-09T00:00:00Z',
    capacity: 5,
    memberCount: 4,
  };

  it('is open before the enrolment close while seats are left', () => {
    expect(joinRefusal(cohort, new Date('2026-03-08T23:59:59Z'))).toBeNull();
    expect(cohortStatus(cohort, new Date('2026-03-01T00:00:00Z'))).toBe('upcoming');
    expect(cohortStatus(cohort, new Date('2026-03-02T00:00:00Z'))).toBe('running');
    expect(seatsLeft(cohort)).toBe(1);
    expect(seatsLeft({ capacity: null, memberCount: 40 })).toBeNull();
  });

  it('refuses after the enrolment close, when ended and when full', () => {
    expect(joinRefusal(cohort, new Date('2026-03-09T00:00:00Z'))).toBe(COHORT_ENROLLMENT_CLOSED);
    expect(joinRefusal(cohort, new Date('2026-04-02T00:00:00Z'))).toBe(COHORT_ENDED);
    expect(cohortStatus(cohort, new Date('2026-04-02T00:00:00Z'))).toBe('ended');
    expect(joinRefusal({ ...cohort, memberCount: 5 }, new Date('2026-03-03T00:00:00Z'))).toBe(COHORT_FULL);
    expect(joinRefusal({ ...cohort, enrollmentClosesAt: null }, new Date('2026-04-01T00:00:00Z'))).toBeNull();
  });
});
