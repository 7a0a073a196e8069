import { describe, expect, it } from 'vitest';
import { activityTooltip } from './activity-level';
import { careerLevel } from './career-level';
import { overallCoreProgress, percentOf, subjectTopicCounts } from './core-progress';
import { greetingFor } from './greeting';
import { INSTRUCTOR_CARD_TEXT, instructorCardState } from './instructor-card';
import { levelBadge } from './level-badge';
import { localSubjectProgress, pendingMarks, setLocalMark } from './local-subject-progress';
import { skillHints } from './skill-hints';

describe('greeting: Good Morning before 12, Good Afternoon before 17, otherwise Good Evening', () => {
  it.each([
    [0, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [16, 'Good Afternoon'],
    [17, 'Good Evening'],
    [23, 'Good Evening'],
  ])('hour %i → %s', (hour, greeting) => expect(greetingFor(hour)).toBe(greeting));
});

describe('level badge: Advanced at 80% or more, Intermediate at 50% or more, otherwise Beginner', () => {
  it.each([
    [0, 'Beginner'],
    [49, 'Beginner'],
    [50, 'Intermediate'],
    [79, 'Intermediate'],
    [80, 'Advanced'],
    [100, 'Advanced'],
  ])('%i%% → %s', (percent, badge) => expect(levelBadge(percent)).toBe(badge));
});

describe('career level: mean ≥80 Advanced, ≥50 Intermediate, ≥20 Beginner+, else Beginner', () => {
  it.each([
    [[80, 80, 80], 'Advanced'],
    [[100, 70, 70], 'Advanced'],
    [[79, 80, 80], 'Intermediate'],
    [[50, 50, 50], 'Intermediate'],
    [[49, 50, 50], 'Beginner+'],
    [[20, 20, 20], 'Beginner+'],
    [[19, 20, 20], 'Beginner'],
    [[0, 0, 0], 'Beginner'],
  ] as const)('%j → %s', ([c, d, t], level) => expect(careerLevel(c, d, t)).toBe(level));
});

describe('skill hints: DSA below 30%, topics below 40%, courses below 50%; at most 4', () => {
  it('shows none when every area is at its threshold', () => {
    expect(skillHints({ dsaPercent: 30, topicPercent: 40, coursePercent: 50 })).toEqual([]);
  });
  it('shows hints for each weak area', () => {
    expect(skillHints({ dsaPercent: 29, topicPercent: 40, coursePercent: 50 }).length).toBeGreaterThan(0);
    expect(skillHints({ dsaPercent: 30, topicPercent: 39, coursePercent: 50 })).toHaveLength(1);
    expect(skillHints({ dsaPercent: 30, topicPercent: 40, coursePercent: 49 })).toHaveLength(1);
  });
  it('never shows more than 4', () => {
    expect(skillHints({ dsaPercent: 0, topicPercent: 0, coursePercent: 0 })).toHaveLength(4);
  });
});

describe('core progress', () => {
  it('overall core progress is the rounded mean over subjects', () => {
    expect(overallCoreProgress([10, 20, 25, 30])).toBe(21); // 21.25
    expect(overallCoreProgress([0, 0, 1, 1])).toBe(1); // 0.5 rounds up
    expect(overallCoreProgress([33, 33, 34])).toBe(33); // 33.33
    expect(overallCoreProgress([])).toBe(0);
  });
  it('uses real topic counts when the server sends them', () => {
    expect(subjectTopicCounts({ progress: 40, completedTopics: 2, totalTopics: 5 })).toEqual({
      completed: 2,
      total: 5,
    });
  });
  it('falls back to 10 topics per subject, completed = round(progress/100*10)', () => {
    expect(subjectTopicCounts({ progress: 44 })).toEqual({ completed: 4, total: 10 });
    expect(subjectTopicCounts({ progress: 45 })).toEqual({ completed: 5, total: 10 });
    expect(subjectTopicCounts({ progress: 100 })).toEqual({ completed: 10, total: 10 });
  });
  it('rounds percentages and guards an empty total', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });
});

// The level thresholds are tested in dsa-stats.test.ts.
describe('activity tooltips', () => {
  it("reads the date plus the count, or 'No activity'", () => {
    expect(activityTooltip('2026-11-02', 3)).toBe('2026-11-02: 3 problems');
    expect(activityTooltip('2026-11-02', 1)).toBe('2026-11-02: 1 problem');
    expect(activityTooltip('2026-11-02', 0)).toBe('2026-11-02: No activity');
  });
});

describe('instructor card states (SPEC 4)', () => {
  const status = (over: Partial<Parameters<typeof instructorCardState>[1] & object> = {}) => ({
    applicationStatus: 'none' as const,
    canApply: true,
    wantsToBeInstructor: false,
    resubmissionAllowed: true,
    rejectionReason: null,
    ...over,
  });
  it('is hidden for instructors and admins', () => {
    expect(instructorCardState('Instructor', status())).toEqual({ kind: 'hidden' });
    expect(instructorCardState('Admin', status())).toEqual({ kind: 'hidden' });
  });
  it("offers 'Apply as Instructor' only to a Student who canApply with no application", () => {
    expect(instructorCardState('Student', status())).toEqual({ kind: 'apply', resubmit: false });
    expect(instructorCardState('Student', status({ canApply: false }))).toEqual({ kind: 'unavailable' });
    expect(INSTRUCTOR_CARD_TEXT.unavailable).toBe(
      'Instructor applications are currently not available for your account.',
    );
  });
  it("shows 'Under Review' while pending, also when the role is pending_instructor", () => {
    expect(instructorCardState('Student', status({ applicationStatus: 'pending' }))).toEqual({ kind: 'pending' });
    expect(instructorCardState('pending_instructor', null)).toEqual({ kind: 'pending' });
    expect(INSTRUCTOR_CARD_TEXT.pending).toBe('Under Review');
  });
  it("after rejection allows reapplying unless resubmissionAllowed is false ('Application Permanently Declined')", () => {
    expect(instructorCardState('Student', status({ applicationStatus: 'rejected' }))).toEqual({
      kind: 'apply',
      resubmit: true,
    });
    expect(
      instructorCardState('Student', status({ applicationStatus: 'rejected', resubmissionAllowed: false })),
    ).toEqual({ kind: 'declined' });
    expect(
      instructorCardState(
        'Student',
        status({ applicationStatus: 'rejected', canApply: false, rejectionReason: 'Thin portfolio' }),
      ),
    ).toEqual({
      kind: 'rejected',
      reason: 'Thin portfolio',
    });
    expect(INSTRUCTOR_CARD_TEXT.declined).toBe('Application Permanently Declined');
    expect(INSTRUCTOR_CARD_TEXT.rejected).toBe('Not Approved');
  });
});

describe('local subject progress store', () => {
  it('keys marks by subject, topic and subtopic and lists the pending ones', () => {
    let store = setLocalMark({}, 'dbms', 'sql', 'joins', {
      completed: true,
      at: '2026-11-22T10:00:00Z',
      pending: true,
    });
    store = setLocalMark(store, 'dbms', 'sql', 'views', { completed: true, at: '2026-11-22T10:01:00Z' });
    expect(store.dbms?.sql?.joins?.completed).toBe(true);
    expect(pendingMarks(store).map((m) => m.subtopicId)).toEqual(['joins']);
  });
  it('computes percent of completed subtopics and fully completed topics', () => {
    let store = setLocalMark({}, 'os', 'a', 'a1', { completed: true, at: 'x' });
    store = setLocalMark(store, 'os', 'a', 'a2', { completed: true, at: 'x' });
    store = setLocalMark(store, 'os', 'b', 'b1', { completed: false, at: 'x' });
    expect(localSubjectProgress(store, { a: 2, b: 2 }, 'os', 5)).toEqual({
      progress: 50,
      completedTopics: 1,
      totalTopics: 2,
      completedSubtopics: 2,
      totalSubtopics: 4,
    });
    expect(localSubjectProgress({}, undefined, 'os', 5)).toMatchObject({
      progress: 0,
      completedTopics: 0,
      totalTopics: 5,
    });
  });
});
