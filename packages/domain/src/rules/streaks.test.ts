import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayInTimeZone,
  dayNumber,
  daysBetween,
  isDay,
  isValidTimeZone,
  latestSolveDay,
  streakSummary,
  streaks,
  streaksFromSummary,
  todayIn,
} from './streaks';

const TODAY = '2024-06-15';

describe('streaks: consecutive days with at least one solve', () => {
  it('is zero with no solves', () => {
    expect(streaks([], TODAY)).toEqual({ currentStreak: 0, maxStreak: 0 });
  });

  it('counts a solve today', () => {
    expect(streaks(['2024-06-15'], TODAY)).toEqual({ currentStreak: 1, maxStreak: 1 });
  });

  it('survives until the end of the day after the last solve (yesterday still counts)', () => {
    expect(streaks(['2024-06-13', '2024-06-14'], TODAY)).toEqual({ currentStreak: 2, maxStreak: 2 });
  });

  it('breaks after a whole day without a solve', () => {
    expect(streaks(['2024-06-12', '2024-06-13'], TODAY)).toEqual({ currentStreak: 0, maxStreak: 2 });
  });

  it('restarts after a gap and keeps the longest run as max', () => {
    const days = ['2024-06-01', '2024-06-02', '2024-06-03', '2024-06-04', '2024-06-10', '2024-06-14', '2024-06-15'];
    expect(streaks(days, TODAY)).toEqual({ currentStreak: 2, maxStreak: 4 });
  });

  it('ignores order, duplicates and malformed days', () => {
    expect(streaks(['2024-06-15', '2024-06-14', '2024-06-15', 'nonsense', '2024-13-01'], TODAY)).toEqual({
      currentStreak: 2,
      maxStreak: 2,
    });
  });

  it('counts across month and year ends', () => {
    expect(streaks(['2023-12-31', '2024-01-01'], '2024-01-01').currentStreak).toBe(2);
    expect(streaks(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01').currentStreak).toBe(3);
  });

  it('every calendar day from 1899 to 2101 follows the one before it (leap days, century years)', () => {
    const days: string[] = [];
    for (let time = Date.UTC(1899, 0, 1); time <= Date.UTC(2101, 11, 31); time += 86_400_000) {
      days.push(new Date(time).toISOString().slice(0, 10));
    }
    expect(streaks(days, days.at(-1)!)).toEqual({ currentStreak: days.length, maxStreak: days.length });
    // 1900 and 2100 have no 29 February, 2000 has one: a gap there breaks the run.
    expect(streaks(['1900-02-28', '1900-03-01'], '1900-03-01').currentStreak).toBe(2);
    expect(streaks(['2000-02-28', '2000-03-01'], '2000-03-01').currentStreak).toBe(1);
    expect(streaks(['2100-02-28', '2100-03-01'], '2100-03-01').currentStreak).toBe(2);
    expect(['1900-02-29', '2100-02-29', '2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10'].filter(isDay)).toEqual(
      [],
    );
  });

  it('a solve recorded in a zone ahead of the one asked for (a day after today) keeps the streak', () => {
    expect(streaks(['2024-06-14', '2024-06-15', '2024-06-16'], TODAY)).toEqual({ currentStreak: 3, maxStreak: 3 });
  });

  it('ignores days that have not come yet: two or more days after today count for nothing', () => {
    expect(latestSolveDay(TODAY)).toBe('2024-06-16');
    expect(streaks(['2099-12-31'], TODAY)).toEqual({ currentStreak: 0, maxStreak: 0 });
    expect(streaks(['2024-06-17'], TODAY)).toEqual({ currentStreak: 0, maxStreak: 0 });
    // A made-up future run neither keeps an old streak alive nor lengthens the best one.
    expect(streaks(['2024-06-10', '2024-06-11', '2024-06-17', '2024-06-18', '2024-06-19'], TODAY)).toEqual({
      currentStreak: 0,
      maxStreak: 2,
    });
    expect(streaks(['2024-06-14', '2024-06-15', '2024-06-17'], TODAY)).toEqual({ currentStreak: 2, maxStreak: 2 });
  });
});

describe('days in the learner time zone', () => {
  it('the same instant is a different day in Tokyo and Los Angeles', () => {
    const instant = new Date('2024-06-15T02:30:00Z');
    expect(dayInTimeZone(instant, 'UTC')).toBe('2024-06-15');
    expect(dayInTimeZone(instant, 'Asia/Tokyo')).toBe('2024-06-15');
    expect(dayInTimeZone(instant, 'America/Los_Angeles')).toBe('2024-06-14');
    expect(dayInTimeZone(new Date('2024-06-15T23:30:00Z'), 'Asia/Kolkata')).toBe('2024-06-16');
  });

  it('a streak is current in one zone and broken in another at the same instant', () => {
    // Last solve on 2024-06-13; at 2024-06-15T03:00Z it is still the 14th in Los Angeles.
    const now = new Date('2024-06-15T03:00:00Z');
    expect(streaks(['2024-06-13'], todayIn('America/Los_Angeles', now)).currentStreak).toBe(1);
    expect(streaks(['2024-06-13'], todayIn('Europe/Berlin', now)).currentStreak).toBe(0);
  });

  it('a 23-hour DST day (New York, 2024-03-10) is one day: both ends land on it', () => {
    expect(dayInTimeZone(new Date('2024-03-10T05:30:00Z'), 'America/New_York')).toBe('2024-03-10'); // 00:30 EST
    expect(dayInTimeZone(new Date('2024-03-11T03:30:00Z'), 'America/New_York')).toBe('2024-03-10'); // 23:30 EDT
    expect(dayInTimeZone(new Date('2024-03-11T04:30:00Z'), 'America/New_York')).toBe('2024-03-11');
    expect(streaks(['2024-03-09', '2024-03-10', '2024-03-11'], '2024-03-11').currentStreak).toBe(3);
  });

  it('a 25-hour DST day (New York, 2024-11-03): late evening still has yesterday = the 2nd', () => {
    // 23:30 EST on the 3rd is 24 h after 00:30 EDT on the 3rd: subtracting 24 h would stay on the 3rd.
    const lateEvening = new Date('2024-11-04T04:30:00Z');
    const today = todayIn('America/New_York', lateEvening);
    expect(today).toBe('2024-11-03');
    expect(addDays(today, -1)).toBe('2024-11-02');
    expect(streaks(['2024-11-02'], today).currentStreak).toBe(1);
  });

  it('validates IANA names with Intl', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });

  it('does calendar arithmetic on days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2023-12-31', 1)).toBe('2024-01-01');
    expect(daysBetween('2024-03-09', '2024-03-11')).toBe(2);
    expect(isDay('2024-02-30')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
  });
});

/** A slow but obviously right reference: walk the days one by one. */
function referenceStreaks(days: string[], today: string) {
  const set = new Set(days);
  if (set.size === 0) return { currentStreak: 0, maxStreak: 0 };
  const sorted = [...set].sort();
  let maxStreak = 0;
  for (const day of sorted) {
    let length = 0;
    while (set.has(addDays(day, -length))) length++;
    maxStreak = Math.max(maxStreak, length);
  }
  const last = sorted[sorted.length - 1]!;
  let currentStreak = 0;
  if (last >= addDays(today, -1)) while (set.has(addDays(last, -currentStreak))) currentStreak++;
  return { currentStreak, maxStreak };
}

describe('today, asked many times a second', () => {
  it('turns to the new day on the first second after midnight, in each zone on its own', () => {
    const beforeMidnight = new Date('2024-06-13T21:59:59.999Z'); // 23:59:59.999 in Berlin
    const afterMidnight = new Date('2024-06-13T22:00:00.000Z');
    expect(todayIn('Europe/Berlin', beforeMidnight)).toBe('2024-06-13');
    expect(todayIn('Europe/Berlin', afterMidnight)).toBe('2024-06-14');
    expect(todayIn('UTC', afterMidnight)).toBe('2024-06-13');
    expect(todayIn('Europe/Berlin', beforeMidnight)).toBe('2024-06-13');
  });
});

describe('streak properties', () => {
  const offsets = fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 });
  const toDays = (list: number[]) => list.map((back) => addDays(TODAY, -back));

  it('matches a day-by-day reference implementation', () => {
    fc.assert(
      fc.property(offsets, (list) => {
        expect(streaks(toDays(list), TODAY)).toEqual(referenceStreaks(toDays(list), TODAY));
      }),
    );
  });

  it('current never exceeds max, and max never exceeds the number of distinct days', () => {
    fc.assert(
      fc.property(offsets, (list) => {
        const { currentStreak, maxStreak } = streaks(toDays(list), TODAY);
        expect(currentStreak).toBeLessThanOrEqual(maxStreak);
        expect(maxStreak).toBeLessThanOrEqual(new Set(list).size);
      }),
    );
  });

  it('does not depend on order or duplicates', () => {
    fc.assert(
      fc.property(offsets, (list) => {
        const days = toDays(list);
        expect(streaks([...days].reverse().concat(days), TODAY)).toEqual(streaks(days, TODAY));
      }),
    );
  });

  it('n consecutive days ending today or yesterday give a current streak of n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.boolean(), (n, endsYesterday) => {
        const end = endsYesterday ? 1 : 0;
        const days = Array.from({ length: n }, (_, i) => addDays(TODAY, -(end + i)));
        expect(streaks(days, TODAY)).toEqual({ currentStreak: n, maxStreak: n });
      }),
    );
  });

  it('is zero when the last solve is two or more days ago', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2, max: 100 }), { minLength: 1 }), (list) => {
        expect(streaks(toDays(list), TODAY).currentStreak).toBe(0);
      }),
    );
  });

  it('days after tomorrow change nothing', () => {
    fc.assert(
      fc.property(offsets, fc.array(fc.integer({ min: 2, max: 30_000 }), { minLength: 1 }), (list, ahead) => {
        const future = ahead.map((n) => addDays(TODAY, n));
        expect(streaks([...toDays(list), ...future], TODAY)).toEqual(streaks(toDays(list), TODAY));
      }),
    );
  });

  it('adding a solve today never lowers either streak', () => {
    fc.assert(
      fc.property(offsets, (list) => {
        const before = streaks(toDays(list), TODAY);
        const after = streaks([...toDays(list), TODAY], TODAY);
        expect(after.currentStreak).toBeGreaterThanOrEqual(Math.max(1, before.currentStreak));
        expect(after.maxStreak).toBeGreaterThanOrEqual(before.maxStreak);
      }),
    );
  });

  it('a day is the same in every zone when read at noon UTC ± 10 h', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3650 }),
        fc.constantFrom('Asia/Tokyo', 'Europe/Berlin', 'America/New_York'),
        (n, zone) => {
          const day = addDays('2020-01-01', n);
          expect(dayInTimeZone(new Date(`${day}T12:00:00Z`), zone)).toBe(day);
        },
      ),
    );
  });
});

describe('streak summary: what the database keeps beside the counters', () => {
  const offsets = fc.array(fc.integer({ min: -3, max: 60 }), { maxLength: 40 });
  const toDays = (list: number[]) => list.map((back) => addDays(TODAY, -back));

  it('names the latest solve day, the run ending on it and the longest run', () => {
    expect(streakSummary([])).toEqual({ lastSolveDay: null, lastRun: 0, maxStreak: 0 });
    expect(streakSummary(['2024-06-10', '2024-06-11', '2024-06-12', '2024-06-14', '2024-06-15', '2024-06-14'])).toEqual(
      { lastSolveDay: dayNumber('2024-06-15'), lastRun: 2, maxStreak: 3 },
    );
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-06-15')).toBe(19889);
  });

  it('gives the streaks of the rule whenever its latest day is at most tomorrow', () => {
    expect(streaksFromSummary(streakSummary(['2024-06-13', '2024-06-14']), TODAY)).toEqual({
      currentStreak: 2,
      maxStreak: 2,
    });
    expect(streaksFromSummary(streakSummary(['2024-06-12', '2024-06-13']), TODAY)).toEqual({
      currentStreak: 0,
      maxStreak: 2,
    });
    expect(streaksFromSummary(streakSummary(['2024-06-16']), TODAY)).toEqual({ currentStreak: 1, maxStreak: 1 });
    fc.assert(
      fc.property(offsets, (list) => {
        const days = toDays(list).filter((day) => day <= addDays(TODAY, 1));
        expect(streaksFromSummary(streakSummary(days), TODAY)).toEqual(streaks(days, TODAY));
      }),
    );
  });

  it('cannot tell (null) once a solve day lies past tomorrow, so the days are counted instead', () => {
    expect(streaksFromSummary(streakSummary(['2024-06-14', '2024-06-17']), TODAY)).toBeNull();
  });
});
