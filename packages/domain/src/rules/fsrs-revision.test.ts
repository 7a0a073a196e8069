import { createEmptyCard, fsrs, Rating, State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import {
  cardFromSimpleSchedule,
  GRADE_RATINGS,
  gradeRevision,
  isStoredCard,
  loadCard,
  noonOf,
  REVISION_GRADES,
  storeCard,
} from './fsrs-revision';
import { addDays, dayInTimeZone } from './streaks';

/** The library itself, set up as the wrapper promises (whole days, no fuzz). */
const library = fsrs({ enable_fuzz: false, enable_short_term: false });
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
];

describe('adaptive revision: grades move the due day as ts-fsrs says', () => {
  it('maps the four grades to the library ratings', () => {
    expect(REVISION_GRADES).toEqual(['again', 'hard', 'good', 'easy']);
    expect(GRADE_RATINGS).toEqual({ again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy });
  });

  it('each grade of a stored card gives the day of the card ts-fsrs computes for the same card and time', () => {
    const start = new Date('2026-03-01T09:00:00Z');
    const reviewed = library.next(createEmptyCard(start), start, Rating.Good).card;
    const now = new Date('2026-03-20T18:30:00Z');
    for (const timeZone of ZONES) {
      const days: number[] = [];
      for (const grade of REVISION_GRADES) {
        const ours = gradeRevision({
          stored: storeCard(reviewed),
          stage: 1,
          dueOn: '2026-03-20',
          grade,
          now,
          timeZone,
        });
        const theirs = library.next(reviewed, now, GRADE_RATINGS[grade]).card;
        expect(ours.card).toEqual(storeCard(theirs));
        expect(ours.dueOn).toBe(dayInTimeZone(theirs.due, timeZone));
        expect(ours.intervalDays).toBeGreaterThanOrEqual(1);
        days.push(ours.intervalDays);
      }
      // Again < Hard < Good < Easy: a better recall waits longer.
      expect([...days].sort((a, b) => a - b)).toEqual(days);
      expect(new Set(days).size).toBe(4);
    }
  });

  it('grades a carried-over card exactly as the library grades that card', () => {
    const now = new Date('2026-05-10T07:00:00Z');
    for (const grade of REVISION_GRADES) {
      const ours = gradeRevision({
        stored: null,
        stage: 2,
        dueOn: '2026-05-10',
        grade,
        now,
        timeZone: 'Europe/Berlin',
      });
      const theirs = library.next(cardFromSimpleSchedule(2, '2026-05-10', 'Europe/Berlin'), now, GRADE_RATINGS[grade]);
      expect(ours.dueOn).toBe(dayInTimeZone(theirs.card.due, 'Europe/Berlin'));
      expect(ours.card.reps).toBe(4);
    }
    // 'Good' on a card that had reached the 7-day interval waits longer than 7 days; 'Again' comes back sooner.
    const good = gradeRevision({ stored: null, stage: 2, dueOn: '2026-05-10', grade: 'good', now, timeZone: 'UTC' });
    const again = gradeRevision({ stored: null, stage: 2, dueOn: '2026-05-10', grade: 'again', now, timeZone: 'UTC' });
    expect(good.intervalDays).toBeGreaterThan(7);
    expect(again.intervalDays).toBeLessThan(7);
    expect(again.card.lapses).toBe(1);
  });

  it('stores dates as ISO strings and reads them back to the same card', () => {
    const card = library.next(
      createEmptyCard(new Date('2026-01-01T00:00:00Z')),
      new Date('2026-01-01T00:00:00Z'),
      Rating.Easy,
    ).card;
    const stored = storeCard(card);
    expect(stored.due).toBe(card.due.toISOString());
    expect(JSON.parse(JSON.stringify(stored))).toEqual(stored);
    expect(loadCard(stored)).toEqual(card);
    expect(isStoredCard(stored)).toBe(true);
    for (const junk of [null, 'x', {}, { due: 'nope', stability: 1 }, { ...stored, reps: '2' }]) {
      expect(isStoredCard(junk)).toBe(false);
    }
  });
});

describe('carry-over from the 1-3-7-14-30 schedule: nothing is lost', () => {
  it('noon of a day falls on that day in every zone', () => {
    for (const timeZone of ZONES) {
      for (const day of ['2026-01-01', '2026-03-29', '2026-10-25', '2026-12-31', '2024-02-29']) {
        expect(dayInTimeZone(noonOf(day, timeZone), timeZone)).toBe(day);
      }
    }
  });

  it('every stage 0..4 and due day maps to a card in review due that very day, reviewed one interval before', () => {
    const intervals = [1, 3, 7, 14, 30];
    for (const timeZone of ZONES) {
      for (const dueOn of ['2026-01-01', '2026-03-29', '2026-07-15', '2026-12-31']) {
        for (let stage = 0; stage <= 4; stage++) {
          const card = cardFromSimpleSchedule(stage, dueOn, timeZone);
          expect(dayInTimeZone(card.due, timeZone), `${timeZone} ${dueOn} stage ${stage}`).toBe(dueOn);
          expect(card.state).toBe(State.Review);
          expect(card.scheduled_days).toBe(intervals[stage]);
          expect(card.stability).toBe(intervals[stage]);
          expect(card.reps).toBe(stage + 1);
          expect(card.lapses).toBe(0);
          expect(dayInTimeZone(card.last_review!, timeZone)).toBe(addDays(dueOn, -intervals[stage]!));
          // Stored and read back, the due day is still the old one.
          const stored = storeCard(card);
          expect(dayInTimeZone(loadCard(stored).due, timeZone)).toBe(dueOn);
        }
      }
    }
  });

  it('a review before the due day counts the days actually elapsed (the library sees the early review)', () => {
    const early = gradeRevision({
      stored: null,
      stage: 3,
      dueOn: '2026-06-30',
      grade: 'good',
      now: new Date('2026-06-20T12:00:00Z'),
      timeZone: 'UTC',
    });
    const onTime = gradeRevision({
      stored: null,
      stage: 3,
      dueOn: '2026-06-30',
      grade: 'good',
      now: new Date('2026-06-30T12:00:00Z'),
      timeZone: 'UTC',
    });
    expect(early.intervalDays).toBeLessThan(onTime.intervalDays);
  });
});
