import { activityDays } from '@learnbuild/domain/rules/dsa-stats';
import { addDays } from '@learnbuild/domain/rules/streaks';
import { describe, expect, it } from 'vitest';
import { activityReplyText, statsReplyText } from './reply-text';

describe('hot DSA replies written as text', () => {
  it('write stats exactly as JSON.stringify would, for any whole numbers and streak freezes', () => {
    for (let trial = 0; trial < 200; trial++) {
      const n = () => Math.floor(Math.random() * 10 ** Math.floor(Math.random() * 7));
      const stats = {
        totalProblems: n(),
        completedProblems: n(),
        bookmarkedProblems: n(),
        currentStreak: n(),
        maxStreak: n(),
        difficultyStats: {
          Easy: { completed: n(), total: n() },
          Medium: { completed: n(), total: n() },
          Hard: { completed: n(), total: n() },
        },
        freezes: {
          available: n() % 3,
          usedOn: Array.from({ length: n() % 4 }, (_, index) => `2026-11-0${index + 1}`),
        },
      };
      expect(statsReplyText(stats)).toBe(JSON.stringify({ success: true, stats }));
    }
  });

  it('write the activity grid exactly as JSON.stringify would write activityDays, empty or a year long', () => {
    const today = '2026-11-27';
    const grids = [
      [],
      [{ date: today, count: 1 }],
      [
        { date: '2026-01-02', count: 1 },
        { date: '2026-11-20', count: 12 },
        { date: today, count: 3 },
      ],
      // Out of order, a date twice, a day outside every window, a zero count: summed and placed as activityDays does.
      [
        { date: '2026-11-26', count: 2 },
        { date: '2025-11-26', count: 9 },
        { date: '2026-11-26', count: 4 },
        { date: '2026-11-01', count: 0 },
      ],
      Array.from({ length: 400 }, (_, index) => ({ date: addDays(today, -index), count: 1 + (index % 8) })),
    ];
    for (const days of [1, 7, 49, 366]) {
      for (const counts of grids) {
        const activity = activityDays(counts, today, days);
        expect(activityReplyText(counts, today, days)).toBe(JSON.stringify({ success: true, activity }));
        // Twice: the second time from the kept pieces.
        expect(activityReplyText(counts, today, days)).toBe(JSON.stringify({ success: true, activity }));
      }
    }
  });
});
