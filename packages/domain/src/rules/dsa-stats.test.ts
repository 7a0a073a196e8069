import { describe, expect, it } from 'vitest';
import { activityLevel, activityTooltip } from './activity-level';
import {
  activityDays,
  activityOrFallback,
  activityWindowStart,
  difficultyStats,
  emptyDsaStats,
  statsOrFallback,
  totalsOf,
} from './dsa-stats';

describe('per-difficulty counts', () => {
  it('fills Easy, Medium and Hard, with 0/0 for a difficulty without problems', () => {
    const stats = difficultyStats([
      { difficulty: 'Easy', total: 10, completed: 4 },
      { difficulty: 'Hard', total: 3, completed: 0 },
    ]);
    expect(stats).toEqual({
      Easy: { completed: 4, total: 10 },
      Medium: { completed: 0, total: 0 },
      Hard: { completed: 0, total: 3 },
    });
    expect(totalsOf(stats)).toEqual({ total: 13, completed: 4 });
  });

  it('ignores unknown difficulties', () => {
    expect(difficultyStats([{ difficulty: 'Insane', total: 5, completed: 5 }])).toEqual(
      emptyDsaStats().difficultyStats,
    );
  });
});

describe('activity levels 0-4 (SPEC 3/9)', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 3],
    [6, 4],
    [40, 4],
  ] as const)('%i solves → level %i', (count, level) => expect(activityLevel(count)).toBe(level));

  it('tooltips read the date plus the count, or No activity', () => {
    expect(activityTooltip('2024-06-15', 0)).toBe('2024-06-15: No activity');
    expect(activityTooltip('2024-06-15', 1)).toBe('2024-06-15: 1 problem');
    expect(activityTooltip('2024-06-15', 3)).toBe('2024-06-15: 3 problems');
  });
});

describe('activity days', () => {
  it('gives the last 49 days ending today, oldest first, zero where nothing was solved', () => {
    const days = activityDays(
      [
        { date: '2024-06-15', count: 2 },
        { date: '2024-05-01', count: 9 }, // before the window
        { date: '2024-04-28', count: 1 }, // first day of the window
      ],
      '2024-06-15',
    );
    expect(days).toHaveLength(49);
    expect(days[0]).toEqual({ date: '2024-04-28', count: 1, level: 1 });
    expect(days[48]).toEqual({ date: '2024-06-15', count: 2, level: 2 });
    expect(days.filter((d) => d.count > 0)).toHaveLength(3);
  });

  it('asks for more days (a year for the profile)', () => {
    const days = activityDays([], '2024-12-31', 366);
    expect(days).toHaveLength(366);
    expect(days[0]!.date).toBe('2024-01-01');
  });

  it('starts its window on the first day of the grid, across months and a leap day', () => {
    expect(activityWindowStart('2024-06-15')).toBe('2024-04-28');
    expect(activityWindowStart('2024-12-31', 366)).toBe('2024-01-01');
    expect(activityWindowStart('2024-03-01', 2)).toBe('2024-02-29');
    expect(activityWindowStart('2024-03-01', 1)).toBe('2024-03-01');
  });
});

describe('stats fallback (SPEC 8, DESIGN decision 2)', () => {
  it('a failed or malformed stats reply falls back to zeroed stats', () => {
    for (const reply of [undefined, null, {}, { stats: { totalProblems: 'x' } }, { success: false, error: 'down' }]) {
      expect(statsOrFallback(reply)).toEqual({ stats: emptyDsaStats(), fallback: true });
    }
    expect(emptyDsaStats()).toEqual({
      totalProblems: 0,
      completedProblems: 0,
      bookmarkedProblems: 0,
      currentStreak: 0,
      maxStreak: 0,
      difficultyStats: {
        Easy: { completed: 0, total: 0 },
        Medium: { completed: 0, total: 0 },
        Hard: { completed: 0, total: 0 },
      },
    });
  });

  it('a good stats reply is kept', () => {
    const stats = { ...emptyDsaStats(), totalProblems: 9, completedProblems: 2 };
    expect(statsOrFallback({ success: true, stats })).toEqual({ stats, fallback: false });
  });

  it('a failed activity reply falls back to an all-empty 49-day grid, not a random one', () => {
    const { activity, fallback } = activityOrFallback(undefined, '2024-06-15');
    expect(fallback).toBe(true);
    expect(activity).toHaveLength(49);
    expect(activity.every((day) => day.count === 0 && day.level === 0)).toBe(true);
    expect(activity[48]!.date).toBe('2024-06-15');
    // Deterministic: the same call gives the same grid.
    expect(activityOrFallback(null, '2024-06-15').activity).toEqual(activity);
  });
});
