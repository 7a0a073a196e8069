import { activityDays } from '@learnbuild/domain/rules/dsa-stats';
import { describe, expect, it } from 'vitest';
import { activityReplyText, statsReplyText } from './reply-text';

describe('hot DSA replies written as text', () => {
  it('write stats exactly as JSON.stringify would, for any whole numbers', () => {
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
      };
      expect(statsReplyText(stats)).toBe(JSON.stringify({ success: true, stats }));
    }
  });

  it('write the activity grid exactly as JSON.stringify would, empty or a year long', () => {
    for (const days of [1, 7, 49, 366]) {
      const counts = [
        { date: '2026-11-27', count: 3 },
        { date: '2026-11-20', count: 12 },
        { date: '2026-01-02', count: 1 },
      ];
      const activity = activityDays(counts, '2026-11-27', days);
      expect(activityReplyText(activity)).toBe(JSON.stringify({ success: true, activity }));
    }
    expect(activityReplyText([])).toBe(JSON.stringify({ success: true, activity: [] }));
  });
});
