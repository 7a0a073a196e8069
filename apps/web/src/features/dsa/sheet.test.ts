import type { CatalogueProblem } from '@learnbuild/domain/schemas/dsa';
import { describe, expect, it } from 'vitest';
import { companiesInUse, filterSheet, type LearnerFlags, mergeSheet, SORT_HEADINGS, sortSheet } from './sheet';

const TOPIC_ID = '6f1c2a43-8a53-4d6e-9c1e-3f0b1d2e4a5b';

function problem(id: string, overrides: Partial<CatalogueProblem> = {}): CatalogueProblem {
  return {
    id,
    slug: id,
    title: `Problem ${id}`,
    step: 'Step 1',
    topic: 'Arrays',
    topicId: TOPIC_ID,
    difficulty: 'Easy',
    url: `https://leetcode.com/problems/${id}/`,
    altUrl: null,
    tags: [],
    companies: [],
    position: 0,
    ...overrides,
  };
}

const catalogue = [
  problem('a', { title: 'Two Sum', tags: ['hash-map'], judge: true, companies: ['Google', 'Amazon'] }),
  problem('b', {
    title: 'Number of Islands',
    topic: 'Graphs',
    topicId: 'other',
    difficulty: 'Medium',
    companies: ['amazon', 'Microsoft'],
  }),
  problem('c', { title: 'Word Ladder', topic: 'Graphs', topicId: 'other', difficulty: 'Hard' }),
];

const flags: LearnerFlags = {
  solved: { a: '2026-11-20', gone: '2026-11-20' },
  bookmarked: ['c', 'gone'],
  notes: { c: 'Use BFS levels' },
  revision: { a: { stage: 1, dueOn: '2026-11-25' } },
  // 'b' is not solved (any more): a verified flag without a solve counts for nothing.
  verified: ['a', 'b'],
};

const rows = mergeSheet(catalogue, flags);
const ids = (filters: Parameters<typeof filterSheet>[1], today = '2026-11-25') =>
  filterSheet(rows, filters, today).map((row) => row.id);

describe('mergeSheet', () => {
  it('keeps the catalogue order and puts each flag on its problem, the untouched ones all false', () => {
    // A flag on a problem no longer in the catalogue ('gone') is left out.
    expect(rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(rows[0]).toMatchObject({ title: 'Two Sum', solved: true, solvedOn: '2026-11-20', revisionStage: 1 });
    expect(rows[1]).toMatchObject({ solved: false, solvedOn: null, bookmarked: false, notes: '' });
    expect([rows[1]?.revisionStage, rows[1]?.revisionDueOn]).toEqual([null, null]);
    expect(rows[2]).toMatchObject({ bookmarked: true, notes: 'Use BFS levels' });
  });

  it("puts everyone's numbers on the problems that have some, none on the others (issue 28)", () => {
    const withStats = mergeSheet(catalogue, flags, { b: { solvedCount: 12, acceptanceRate: 41.7 } });
    expect(withStats.map((row) => [row.id, row.solvedCount, row.acceptanceRate])).toEqual([
      ['a', 0, null],
      ['b', 12, 41.7],
      ['c', 0, null],
    ]);
  });

  it('marks the judged problems and the solves the judge accepted (issue 27)', () => {
    expect(rows.map((row) => [row.id, row.judge, row.verified])).toEqual([
      ['a', true, true],
      ['b', false, false],
      ['c', false, false],
    ]);
  });
});

describe('filterSheet', () => {
  it('filters as the server does', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ topic: 'graphs' })).toEqual(['b', 'c']);
    expect(ids({ topic: TOPIC_ID })).toEqual(['a']);
    expect(ids({ difficulty: 'Hard' })).toEqual(['c']);
    expect(ids({ status: 'solved' })).toEqual(['a']);
    expect(ids({ status: 'unsolved' })).toEqual(['b', 'c']);
    expect(ids({ status: 'bookmarked' })).toEqual(['c']);
    expect(ids({ topic: 'Graphs', difficulty: 'Medium' })).toEqual(['b']);
    // Issue 28: solved through an Accepted submission only ('b' has the flag but no solve).
    expect(ids({ status: 'verified' })).toEqual(['a']);
  });

  it("counts a revision due on or before today only, in the learner's day", () => {
    expect(ids({ status: 'revision' }, '2026-11-25')).toEqual(['a']);
    expect(ids({ status: 'revision' }, '2026-11-24')).toEqual([]);
  });

  it('filters by a company tag in any case, with the other filters (issue 28)', () => {
    expect(ids({ company: 'Amazon' })).toEqual(['a', 'b']);
    expect(ids({ company: 'GOOGLE' })).toEqual(['a']);
    expect(ids({ company: 'Amazon', difficulty: 'Medium' })).toEqual(['b']);
    expect(ids({ company: 'Amazon', status: 'unsolved' })).toEqual(['b']);
    expect(ids({ company: ' ' })).toEqual(['a', 'b', 'c']);
    expect(ids({ company: 'Nobody' })).toEqual([]);
  });

  it('searches the title, the tags and the note in any case', () => {
    expect(ids({ q: 'islands' })).toEqual(['b']);
    expect(ids({ q: 'HASH' })).toEqual(['a']);
    expect(ids({ q: 'bfs level' })).toEqual(['c']);
    expect(ids({ q: '  ' })).toEqual(['a', 'b', 'c']);
    expect(ids({ q: 'nothing like it' })).toEqual([]);
  });
});

describe('companiesInUse (issue 28)', () => {
  it('lists each company once, in its first spelling, alphabetically; none when no problem has one', () => {
    expect(companiesInUse(rows)).toEqual(['Amazon', 'Google', 'Microsoft']);
    expect(companiesInUse([problem('x'), problem('y')])).toEqual([]);
  });
});

describe('sortSheet (issue 28)', () => {
  const sorted = mergeSheet(
    [
      problem('hard', { difficulty: 'Hard' }),
      problem('easy-new', { difficulty: 'Easy' }),
      problem('medium', { difficulty: 'Medium' }),
      problem('easy', { difficulty: 'Easy' }),
      problem('medium-2', { difficulty: 'Medium' }),
    ],
    { solved: {}, bookmarked: [], notes: {}, revision: {} },
    {
      hard: { acceptanceRate: 20, solvedCount: 3 },
      medium: { acceptanceRate: 75.5, solvedCount: 40 },
      easy: { acceptanceRate: 0, solvedCount: 40 },
      'medium-2': { acceptanceRate: 75.5, solvedCount: 1 },
    },
  );
  const order = (sort: Parameters<typeof sortSheet>[1]) => sortSheet(sorted, sort).map((row) => row.id);

  it('keeps the learning path as it is (the same array)', () => {
    expect(sortSheet(sorted, 'path')).toBe(sorted);
  });

  it('sorts by difficulty, acceptance rate (problems without one last) and solvers, ties in path order', () => {
    expect(order('difficulty')).toEqual(['easy-new', 'easy', 'medium', 'medium-2', 'hard']);
    expect(order('acceptance')).toEqual(['medium', 'medium-2', 'hard', 'easy', 'easy-new']);
    expect(order('solved')).toEqual(['medium', 'easy', 'hard', 'medium-2', 'easy-new']);
    expect(SORT_HEADINGS.acceptance).toBe('All problems, highest acceptance first');
  });
});

describe('confidence and the Revise today order (issue 29)', () => {
  const five = ['p', 'q', 'r', 's', 't'].map((id, position) => problem(id, { position }));
  const learner: LearnerFlags = {
    solved: { p: '2026-11-01', q: '2026-11-01', r: '2026-11-01', s: '2026-11-01', t: '2026-11-01' },
    bookmarked: [],
    notes: {},
    revision: {
      p: { stage: 1, dueOn: '2026-11-25' },
      q: { stage: 0, dueOn: '2026-11-24' },
      r: { stage: 2, dueOn: '2026-11-25' },
      s: { stage: 0, dueOn: '2026-11-25' },
      t: { stage: 0, dueOn: '2026-11-26' },
    },
    confidence: { p: 'expert', r: 'low', t: 'medium' },
  };
  const sheet = mergeSheet(five, learner);
  const pick = (filters: Parameters<typeof filterSheet>[1]) =>
    filterSheet(sheet, filters, '2026-11-25').map((row) => row.id);

  it('puts the learner confidence on each row, null when not set (and for flags from before issue 29)', () => {
    expect(sheet.map((row) => row.confidence)).toEqual(['expert', null, 'low', null, 'medium']);
    expect(mergeSheet(five, { ...learner, confidence: undefined }).every((row) => row.confidence === null)).toBe(true);
  });

  it('filters by confidence, not-set meaning none', () => {
    expect(pick({ confidence: 'low' })).toEqual(['r']);
    expect(pick({ confidence: 'expert' })).toEqual(['p']);
    expect(pick({ confidence: 'high' })).toEqual([]);
    expect(pick({ confidence: 'not-set' })).toEqual(['q', 's']);
  });

  it('orders Revise today by due day, then lowest confidence (not set first); other lists keep the path', () => {
    expect(pick({ status: 'revision' })).toEqual(['q', 's', 'r', 'p']);
    expect(pick({ status: 'revision', confidence: 'not-set' })).toEqual(['q', 's']);
    expect(pick({ status: 'solved' })).toEqual(['p', 'q', 'r', 's', 't']);
  });
});
