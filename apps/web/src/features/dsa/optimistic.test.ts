import { emptyDsaStats } from '@learnbuild/domain/rules/dsa-stats';
import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { describe, expect, it } from 'vitest';
import { adjustStats, applyChange } from './optimistic';

const problem: DsaProblem = {
  id: 'p1',
  slug: 'two-sum',
  title: 'Two Sum',
  step: 'Step 1',
  topic: 'Arrays',
  topicId: 't1',
  difficulty: 'Easy',
  url: 'https://leetcode.com/problems/two-sum/',
  altUrl: null,
  tags: [],
  companies: [],
  position: 0,
  solved: false,
  solvedOn: null,
  bookmarked: false,
  notes: '',
  revisionStage: null,
  revisionDueOn: null,
  acceptanceRate: null,
  solvedCount: 0,
};

describe('optimistic sheet updates', () => {
  it('a solve shows at once, and the header counts move with it', () => {
    const after = applyChange(problem, { problemId: 'p1', solved: true }, '2024-06-15');
    expect(after).toMatchObject({ solved: true, solvedOn: '2024-06-15' });
    const stats = {
      ...emptyDsaStats(),
      totalProblems: 3,
      difficultyStats: { ...emptyDsaStats().difficultyStats, Easy: { completed: 0, total: 3 } },
    };
    const moved = adjustStats(stats, problem, after);
    expect(moved.completedProblems).toBe(1);
    expect(moved.difficultyStats.Easy).toEqual({ completed: 1, total: 3 });
    expect(adjustStats(moved, after, problem)).toEqual(stats);
  });

  it('unsolving clears the revision schedule, like the server does', () => {
    const solved = { ...problem, solved: true, solvedOn: '2024-06-01', revisionStage: 2, revisionDueOn: '2024-06-20' };
    expect(applyChange(solved, { problemId: 'p1', solved: false }, '2024-06-15')).toMatchObject({
      solved: false,
      solvedOn: null,
      revisionStage: null,
      revisionDueOn: null,
    });
  });

  it('bookmarks and notes change only themselves', () => {
    const after = applyChange(problem, { problemId: 'p1', bookmarked: true, notes: ' idea ' }, '2024-06-15');
    expect(after).toMatchObject({ solved: false, bookmarked: true, notes: 'idea' });
    expect(adjustStats(emptyDsaStats(), problem, after).bookmarkedProblems).toBe(1);
  });
});
