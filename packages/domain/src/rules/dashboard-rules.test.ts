import { describe, expect, it } from 'vitest';
import { careerLevel } from './career-level';
import { overallCoreProgress, subjectTopicCounts } from './core-progress';
import { greetingFor } from './greeting';
import { levelBadge } from './level-badge';
import { relativeTime } from './relative-time';
import { skillHints } from './skill-hints';

/** A local time on a fixed day: the greeting reads the hour of the user's own clock. */
const at = (time: string) => new Date(`2026-11-24T${time}:00`);

describe("SPEC 2 greeting: 'Good Morning' before 12, 'Good Afternoon' before 17, otherwise 'Good Evening'", () => {
  it.each([
    ['00:00', 'Good Morning'],
    ['11:59', 'Good Morning'],
    ['12:00', 'Good Afternoon'],
    ['16:59', 'Good Afternoon'],
    ['17:00', 'Good Evening'],
    ['23:59', 'Good Evening'],
  ])('at %s → %s', (time, greeting) => expect(greetingFor(at(time).getHours())).toBe(greeting));
});

describe('SPEC 9 level badges: Advanced at 80% or more, Intermediate at 50% or more, otherwise Beginner', () => {
  it.each([
    [49, 'Beginner'],
    [49.9, 'Beginner'],
    [50, 'Intermediate'],
    [79, 'Intermediate'],
    [79.9, 'Intermediate'],
    [80, 'Advanced'],
  ])('%d%% → %s', (percent, badge) => expect(levelBadge(percent)).toBe(badge));
});

describe('SPEC 9 career level by the mean of course, DSA and topic completion', () => {
  it.each([
    // at least 80 Advanced
    [[80, 80, 80], 80, 'Advanced'],
    [[100, 100, 40], 80, 'Advanced'],
    [[80, 80, 79], 79.67, 'Intermediate'],
    // at least 50 Intermediate
    [[50, 50, 50], 50, 'Intermediate'],
    [[0, 50, 100], 50, 'Intermediate'],
    [[50, 50, 49], 49.67, 'Beginner+'],
    // at least 20 Beginner+
    [[20, 20, 20], 20, 'Beginner+'],
    [[60, 0, 0], 20, 'Beginner+'],
    [[20, 20, 19], 19.67, 'Beginner'],
    // otherwise Beginner
    [[0, 0, 0], 0, 'Beginner'],
  ] as const)('%j (mean %d) → %s', ([course, dsa, topic], _mean, level) =>
    expect(careerLevel(course, dsa, topic)).toBe(level));
});

describe('SPEC 9 skill hints: DSA below 30%, topics below 40%, courses below 50%; at most 4', () => {
  const texts = (input: Parameters<typeof skillHints>[0]) => skillHints(input).map((hint) => hint.href);

  it('shows none at the thresholds themselves', () => {
    expect(skillHints({ dsaPercent: 30, topicPercent: 40, coursePercent: 50 })).toEqual([]);
  });
  it('shows the DSA hints just below 30%, each linking to the sheet', () => {
    expect(texts({ dsaPercent: 29, topicPercent: 40, coursePercent: 50 })).toEqual(['/dsa-sheet', '/dsa-sheet']);
  });
  it('shows the topics hint just below 40%, linking to the subjects', () => {
    expect(texts({ dsaPercent: 30, topicPercent: 39, coursePercent: 50 })).toEqual(['/core-subject']);
  });
  it('shows the courses hint just below 50%, linking to the courses', () => {
    expect(texts({ dsaPercent: 30, topicPercent: 40, coursePercent: 49 })).toEqual(['/courses']);
  });
  it('orders DSA, then topics, then courses, and shows at most 4', () => {
    expect(texts({ dsaPercent: 0, topicPercent: 0, coursePercent: 0 })).toEqual([
      '/dsa-sheet',
      '/dsa-sheet',
      '/core-subject',
      '/courses',
    ]);
    expect(texts({ dsaPercent: 30, topicPercent: 0, coursePercent: 0 })).toEqual(['/core-subject', '/courses']);
    for (const hint of skillHints({ dsaPercent: 0, topicPercent: 0, coursePercent: 0 })) {
      expect(hint.text.length).toBeGreaterThan(10);
    }
  });
});

describe('SPEC 9 core progress', () => {
  it('is the rounded mean over subjects', () => {
    expect(overallCoreProgress([50, 50, 50, 51])).toBe(50); // 50.25
    expect(overallCoreProgress([50, 50, 51, 51])).toBe(51); // 50.5 rounds up
    expect(overallCoreProgress([0, 0, 0, 0])).toBe(0);
  });
  it('counts each server subject as 10 topics when no real counts come: completed = round(progress/100*10)', () => {
    expect(subjectTopicCounts({ progress: 0 })).toEqual({ completed: 0, total: 10 });
    expect(subjectTopicCounts({ progress: 14 })).toEqual({ completed: 1, total: 10 });
    expect(subjectTopicCounts({ progress: 15 })).toEqual({ completed: 2, total: 10 });
    expect(subjectTopicCounts({ progress: 95 })).toEqual({ completed: 10, total: 10 });
    // DESIGN decision 4: real counts win when the server sends them.
    expect(subjectTopicCounts({ progress: 60, completedTopics: 3, totalTopics: 5 })).toEqual({
      completed: 3,
      total: 5,
    });
  });
});

describe('relative times of the recent-activity list', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [0, 'just now'],
    [59_999, 'just now'],
    [-5_000, 'just now'],
    [60_000, '1 minute ago'],
    [59 * 60_000, '59 minutes ago'],
    [3_600_000, '1 hour ago'],
    [23 * 3_600_000, '23 hours ago'],
    [24 * 3_600_000, 'yesterday'],
    [2 * 86_400_000, '2 days ago'],
    [6 * 86_400_000, '6 days ago'],
    [7 * 86_400_000, '2026-11-17'],
  ])('%i ms ago → %s', (ms, text) => expect(relativeTime(ago(ms), now)).toBe(text));

  it("writes a date a week or more ago with the caller's formatter, and nothing newer", () => {
    const written = (at: Date) => `on ${at.toISOString().slice(5, 10)}`;
    expect(relativeTime(ago(7 * 86_400_000), now, written)).toBe('on 11-17');
    expect(relativeTime(ago(6 * 86_400_000), now, written)).toBe('6 days ago');
  });
});
