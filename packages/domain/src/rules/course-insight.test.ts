import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  daysInactive,
  defaultNudgeMessage,
  ITEM_EVERYONE_RIGHT_SHARE,
  ITEM_EVERYONE_WRONG_SHARE,
  ITEM_FLAG_MIN_ANSWERS,
  isStalled,
  itemFlag,
  median,
  medianMinutes,
  NUDGES_PER_SENDER_PER_DAY,
  STALLED_AFTER_DAYS,
  shareOf,
} from './course-insight';

const now = new Date('2026-11-28T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('the stalled rule: no progress for 7 days while behind the schedule', () => {
  it('states its numbers', () => {
    expect(STALLED_AFTER_DAYS).toBe(7);
    expect(NUDGES_PER_SENDER_PER_DAY).toBe(50);
  });

  it('counts exactly 7 days without progress as stalled, and a millisecond less as not', () => {
    const base = { now, courseCompleted: false, overdueLessons: null };
    expect(isStalled({ ...base, lastActivityAt: ago(7 * DAY_MS) })).toBe(true);
    expect(isStalled({ ...base, lastActivityAt: ago(7 * DAY_MS - 1) })).toBe(false);
    expect(isStalled({ ...base, lastActivityAt: ago(30 * DAY_MS) })).toBe(true);
  });

  it('needs a passed due date when the learner has a schedule', () => {
    const base = { now, courseCompleted: false, lastActivityAt: ago(10 * DAY_MS) };
    expect(isStalled({ ...base, overdueLessons: 0 })).toBe(false);
    expect(isStalled({ ...base, overdueLessons: 1 })).toBe(true);
    // No schedule (no cohort, or no due dates in the course): inactivity alone.
    expect(isStalled({ ...base, overdueLessons: null })).toBe(true);
  });

  it('never lists a learner who completed the course', () => {
    expect(isStalled({ now, courseCompleted: true, lastActivityAt: ago(40 * DAY_MS), overdueLessons: 3 })).toBe(false);
  });

  it('counts whole days of inactivity', () => {
    expect(daysInactive(ago(7 * DAY_MS), now)).toBe(7);
    expect(daysInactive(ago(7 * DAY_MS - 1), now)).toBe(6);
    expect(daysInactive(new Date(now.getTime() + 1000), now)).toBe(0);
  });
});

describe('median time per lesson', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('answers minutes to one decimal and ignores negative durations', () => {
    const minute = 60_000;
    expect(medianMinutes([10 * minute, 20 * minute, 90 * minute])).toBe(20);
    expect(medianMinutes([10 * minute, 15 * minute])).toBe(12.5);
    expect(medianMinutes([minute + 3_000])).toBe(1.1);
    expect(medianMinutes([-5 * minute])).toBeNull();
    expect(medianMinutes([])).toBeNull();
  });
});

describe('item flags: everybody right (≥ 95 %) or wrong (≤ 5 %)', () => {
  it('states the thresholds', () => {
    expect(ITEM_EVERYONE_RIGHT_SHARE).toBe(0.95);
    expect(ITEM_EVERYONE_WRONG_SHARE).toBe(0.05);
    expect(ITEM_FLAG_MIN_ANSWERS).toBe(5);
  });

  it('flags at the thresholds exactly and not just inside them', () => {
    expect(itemFlag(20, 19)).toBe('everyone_right'); // 95 %
    expect(itemFlag(20, 20)).toBe('everyone_right');
    expect(itemFlag(100, 94)).toBeNull();
    expect(itemFlag(20, 1)).toBe('everyone_wrong'); // 5 %
    expect(itemFlag(20, 0)).toBe('everyone_wrong');
    expect(itemFlag(100, 6)).toBeNull();
  });

  it('flags nothing on fewer than 5 answers', () => {
    expect(itemFlag(4, 4)).toBeNull();
    expect(itemFlag(4, 0)).toBeNull();
    expect(itemFlag(5, 5)).toBe('everyone_right');
  });
});

describe('shares and the default nudge', () => {
  it('rounds shares to a tenth of a percent', () => {
    expect(shareOf(1, 3)).toBe(0.333);
    expect(shareOf(2, 3)).toBe(0.667);
    expect(shareOf(0, 0)).toBe(0);
  });

  it('greets the learner by first name and names the course', () => {
    expect(defaultNudgeMessage('Ana Lima', 'SQL Basics')).toBe(
      'Hi Ana, we have not seen you in SQL Basics for a while. Pick up where you left off: you are closer to the end than you think!',
    );
  });
});
