import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frozenDayTooltip } from './activity-level';
import {
  addDays,
  dayInTimeZone,
  FREEZE_EVERY_DAYS,
  FREEZES_MAX,
  freezesAvailableText,
  frozenStreaksFromSummary,
  streakSummary,
  streaks,
  streaksWithFreezes,
} from './streaks';

const TODAY = '2024-06-30';

/** `count` consecutive days starting on `from`. */
const run = (from: string, count: number) => Array.from({ length: count }, (_, index) => addDays(from, index));

describe('streak freezes: the rule', () => {
  it('keeps the issue numbers: a freeze every 7 days of streak, at most 2 held', () => {
    expect(FREEZE_EVERY_DAYS).toBe(7);
    expect(FREEZES_MAX).toBe(2);
  });

  it('earns a freeze on the 7th active day of a streak, not the 6th', () => {
    expect(streaksWithFreezes(run('2024-06-25', 6), TODAY)).toEqual({
      currentStreak: 6,
      maxStreak: 6,
      freezes: { available: 0, usedOn: [] },
    });
    expect(streaksWithFreezes(run('2024-06-24', 7), TODAY)).toEqual({
      currentStreak: 7,
      maxStreak: 7,
      freezes: { available: 1, usedOn: [] },
    });
    expect(streaksWithFreezes(run('2024-06-17', 14), TODAY).freezes.available).toBe(2);
  });

  it('holds at most 2: the third earned (day 21) is lost', () => {
    const days = run('2024-06-01', 21); // 2024-06-01 .. 2024-06-21, then nothing until today (the 30th)
    const atDay21 = streaksWithFreezes(days, '2024-06-21');
    expect(atDay21.freezes).toEqual({ available: 2, usedOn: [] });
    // Two missed days use both; the third missed day breaks the streak (a third freeze would have kept it).
    const later = streaksWithFreezes(days, '2024-06-25');
    expect(later.freezes).toEqual({ available: 0, usedOn: ['2024-06-22', '2024-06-23'] });
    expect(later.currentStreak).toBe(0);
    expect(later.maxStreak).toBe(21);
  });

  it('uses a held freeze automatically on a missed day: the streak runs through it without counting it', () => {
    const days = [...run('2024-06-20', 7), '2024-06-28', '2024-06-29'];
    expect(streaksWithFreezes(days, '2024-06-29')).toEqual({
      currentStreak: 9,
      maxStreak: 9,
      freezes: { available: 0, usedOn: ['2024-06-27'] },
    });
    // Without freezes the same days are a 7-day streak then a 2-day one.
    expect(streaks(days, '2024-06-29')).toEqual({ currentStreak: 2, maxStreak: 7 });
  });

  it('two missed days with one freeze break the streak; the freeze is still spent on the first', () => {
    const days = [...run('2024-06-20', 7), '2024-06-29'];
    expect(streaksWithFreezes(days, '2024-06-29')).toEqual({
      currentStreak: 1,
      maxStreak: 7,
      freezes: { available: 0, usedOn: ['2024-06-27'] },
    });
  });

  it('never freezes today: the day is not over, and the streak survives it as before', () => {
    const days = run('2024-06-23', 7); // last solve yesterday
    expect(streaksWithFreezes(days, '2024-06-30')).toEqual({
      currentStreak: 7,
      maxStreak: 7,
      freezes: { available: 1, usedOn: [] },
    });
    // The next day, yesterday (the 30th) is over and missed: the freeze is used and the streak is still current.
    expect(streaksWithFreezes(days, '2024-07-01')).toEqual({
      currentStreak: 7,
      maxStreak: 7,
      freezes: { available: 0, usedOn: ['2024-06-30'] },
    });
    // One more missed day and it breaks.
    expect(streaksWithFreezes(days, '2024-07-02').currentStreak).toBe(0);
  });

  it('frozen days do not count toward the next freeze: 7 active days on either side of one frozen day earn 2', () => {
    const days = [...run('2024-06-01', 7), ...run('2024-06-09', 7)]; // the 8th is missed
    const result = streaksWithFreezes(days, '2024-06-15');
    expect(result.freezes).toEqual({ available: 1, usedOn: ['2024-06-08'] });
    expect(result.currentStreak).toBe(14);
  });

  it('a broken streak starts counting toward a freeze from zero', () => {
    // 6 days, a gap with nothing held, then 6 more: 12 active days but never 7 in one streak.
    const days = [...run('2024-06-01', 6), ...run('2024-06-10', 6)];
    expect(streaksWithFreezes(days, '2024-06-15').freezes).toEqual({ available: 0, usedOn: [] });
  });

  it('past answers stay put as today moves on', () => {
    const days = [...run('2024-05-01', 14), ...run('2024-05-17', 3)];
    const early = streaksWithFreezes(days, '2024-05-19').freezes.usedOn;
    const late = streaksWithFreezes(days, '2024-08-01').freezes.usedOn;
    expect(early).toEqual(['2024-05-15', '2024-05-16']);
    expect(late.slice(0, early.length)).toEqual(early);
  });
});

describe('streak freezes: days in the learner time zone', () => {
  /** The solve days of instants, each read in the zone the learner was in then (how solvedOn is stored). */
  const solveDays = (solves: [string, string][]) => solves.map(([iso, zone]) => dayInTimeZone(new Date(iso), zone));

  it('midnight: a solve at 23:59 keeps the day, one at 00:01 is the next day (in the learner zone, not UTC)', () => {
    const week = run('2024-06-20', 7); // earns one freeze
    const zone = 'Europe/Berlin'; // UTC+2 in June
    // 23:59 on the 27th in Berlin is 21:59Z: the 27th is active, so no freeze is used.
    const lateNight = solveDays([['2024-06-27T21:59:00Z', zone]]);
    expect(lateNight).toEqual(['2024-06-27']);
    expect(streaksWithFreezes([...week, ...lateNight], '2024-06-28')).toMatchObject({
      currentStreak: 8,
      freezes: { available: 1, usedOn: [] },
    });
    // 00:01 on the 28th in Berlin is 22:01Z on the 27th (still the 27th in UTC): the 27th is missed and frozen.
    const pastMidnight = solveDays([['2024-06-27T22:01:00Z', zone]]);
    expect(pastMidnight).toEqual(['2024-06-28']);
    expect(streaksWithFreezes([...week, ...pastMidnight], '2024-06-28')).toMatchObject({
      currentStreak: 8,
      freezes: { available: 0, usedOn: ['2024-06-27'] },
    });
  });

  it('the freeze of a missed yesterday is used at the learner midnight, not at UTC midnight', () => {
    const week = run('2024-06-20', 7); // last solve the 26th
    const zone = 'America/Los_Angeles'; // UTC-7 in June
    // 2024-06-28T03:00Z is still the 27th in Los Angeles: the 27th is today there, not over, nothing is used.
    const laToday = dayInTimeZone(new Date('2024-06-28T03:00:00Z'), zone);
    expect(laToday).toBe('2024-06-27');
    expect(streaksWithFreezes(week, laToday).freezes.usedOn).toEqual([]);
    // At 07:01Z it is the 28th there: the 27th is over and frozen.
    const laNext = dayInTimeZone(new Date('2024-06-28T07:01:00Z'), zone);
    expect(streaksWithFreezes(week, laNext).freezes.usedOn).toEqual(['2024-06-27']);
  });

  for (const [zone, change] of [
    ['America/New_York', '2024-03-10'], // 23-hour day
    ['America/New_York', '2024-11-03'], // 25-hour day
    ['Europe/London', '2024-03-31'],
    ['Europe/London', '2024-10-27'],
  ] as const) {
    it(`a DST week (${zone}, ${change}): a solve every evening at 23:30 is 7 days, one freeze, no day lost or doubled`, () => {
      const days: string[] = [];
      for (let offset = -3; offset <= 3; offset++) {
        const day = addDays(change, offset);
        // 23:30 local: find the instant by stepping through the UTC hours of that date and the next.
        const instant = Array.from(
          { length: 48 * 4 },
          (_, q) => new Date(Date.parse(`${day}T00:00:00Z`) + q * 900_000),
        ).find(
          (at) =>
            dayInTimeZone(at, zone) === day &&
            new Intl.DateTimeFormat('en-GB', {
              timeZone: zone,
              hour: '2-digit',
              minute: '2-digit',
              hourCycle: 'h23',
            }).format(at) === '23:30',
        )!;
        days.push(dayInTimeZone(instant, zone));
      }
      expect(days).toEqual(run(addDays(change, -3), 7));
      const after = addDays(change, 5); // the day after the week is missed (over), and frozen
      expect(streaksWithFreezes(days, after)).toEqual({
        currentStreak: 7,
        maxStreak: 7,
        freezes: { available: 0, usedOn: [addDays(change, 4)] },
      });
    });
  }

  it('24 hours after 00:30 on the New York fall-back day is still the same day: one solve day, not two', () => {
    const first = dayInTimeZone(new Date('2024-11-03T04:30:00Z'), 'America/New_York'); // 00:30 EDT
    const second = dayInTimeZone(new Date('2024-11-04T04:30:00Z'), 'America/New_York'); // 23:30 EST, same date
    expect([first, second]).toEqual(['2024-11-03', '2024-11-03']);
    expect(streaksWithFreezes([first, second], '2024-11-03').currentStreak).toBe(1);
  });

  it('a move east (New York to Tokyo) skips no day and a move west (Tokyo to Los Angeles) doubles none', () => {
    // Each solve at 20:00 local, day by day; the zone is the one the learner was in at the time.
    const solves: [string, string][] = [
      ['2024-06-01T00:00:00Z', 'America/New_York'], // May 31 20:00 EDT
      ['2024-06-02T00:00:00Z', 'America/New_York'], // Jun 1
      ['2024-06-03T00:00:00Z', 'America/New_York'], // Jun 2
      // Flight: the next solve is Jun 3 20:00 in Tokyo (11:00Z), less than a day after the last.
      ['2024-06-03T11:00:00Z', 'Asia/Tokyo'], // Jun 3
      ['2024-06-04T11:00:00Z', 'Asia/Tokyo'], // Jun 4
      // Back over the date line: Jun 5 20:00 in Los Angeles is 03:00Z on the 6th, more than a day later.
      ['2024-06-06T03:00:00Z', 'America/Los_Angeles'], // Jun 5
      ['2024-06-07T03:00:00Z', 'America/Los_Angeles'], // Jun 6
    ];
    const days = solveDays(solves);
    expect(days).toEqual(run('2024-05-31', 7));
    expect(streaksWithFreezes(days, '2024-06-06')).toEqual({
      currentStreak: 7,
      maxStreak: 7,
      freezes: { available: 1, usedOn: [] },
    });
  });

  it('a solve read in a zone a day ahead (tomorrow) still counts, and days after tomorrow do not', () => {
    const days = [...run('2024-06-24', 6), '2024-07-01', '2024-07-05'];
    // Today the 30th, nothing today, tomorrow active: today is not frozen and breaks nothing it would not before.
    expect(streaks(days, TODAY)).toEqual({ currentStreak: 1, maxStreak: 6 });
    expect(streaksWithFreezes(days, TODAY)).toEqual({
      currentStreak: 1,
      maxStreak: 6,
      freezes: { available: 0, usedOn: [] },
    });
  });
});

describe('streak freezes: properties', () => {
  const dayArb = fc.integer({ min: 0, max: 90 }).map((n) => addDays('2024-04-01', n));
  const daysArb = fc.array(dayArb, { maxLength: 60 });
  const todayArb = fc.integer({ min: 0, max: 95 }).map((n) => addDays('2024-04-01', n));

  it('a learner who never had 7 consecutive active days reads exactly what streaks() says, with no freezes', () => {
    fc.assert(
      fc.property(daysArb, todayArb, (days, today) => {
        const visible = days.filter((day) => day <= addDays(today, 1));
        fc.pre(streaks(visible, addDays('2024-04-01', 200)).maxStreak < FREEZE_EVERY_DAYS);
        expect(streaksWithFreezes(days, today)).toEqual({
          ...streaks(days, today),
          freezes: { available: 0, usedOn: [] },
        });
      }),
    );
  });

  it('the kept summary answers without the days exactly when no freeze could have been earned', () => {
    fc.assert(
      fc.property(daysArb, todayArb, (days, today) => {
        const fromSummary = frozenStreaksFromSummary(streakSummary(days), today);
        if (fromSummary) expect(fromSummary).toEqual(streaksWithFreezes(days, today));
        if (streakSummary(days).maxStreak >= FREEZE_EVERY_DAYS) expect(fromSummary).toBeNull();
      }),
    );
  });

  it('freezes never lower a streak, hold 0-2, and are used only on days before today with no solve', () => {
    fc.assert(
      fc.property(daysArb, todayArb, (days, today) => {
        const plain = streaks(days, today);
        const frozen = streaksWithFreezes(days, today);
        expect(frozen.currentStreak).toBeGreaterThanOrEqual(plain.currentStreak);
        expect(frozen.maxStreak).toBeGreaterThanOrEqual(plain.maxStreak);
        expect(frozen.freezes.available).toBeGreaterThanOrEqual(0);
        expect(frozen.freezes.available).toBeLessThanOrEqual(FREEZES_MAX);
        const solved = new Set(days);
        for (const day of frozen.freezes.usedOn) {
          expect(solved.has(day)).toBe(false);
          expect(day < today).toBe(true);
        }
        expect([...frozen.freezes.usedOn].sort()).toEqual(frozen.freezes.usedOn);
      }),
    );
  });
});

describe('streak freezes: the words', () => {
  it('the stats line says how many are held and the rule', () => {
    expect(freezesAvailableText(0)).toBe(
      '0 streak freezes available (hold at most 2; earn one every 7 days of streak)',
    );
    expect(freezesAvailableText(1)).toBe('1 streak freeze available (hold at most 2; earn one every 7 days of streak)');
    expect(freezesAvailableText(2)).toBe(
      '2 streak freezes available (hold at most 2; earn one every 7 days of streak)',
    );
  });

  it('a frozen day of the grid reads its date, No activity and why the streak held', () => {
    expect(frozenDayTooltip('Jun 2, 2024')).toBe('Jun 2, 2024: No activity. Frozen: a streak freeze kept the streak');
  });
});
