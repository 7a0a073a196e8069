import { STORAGE_KEYS } from '@learnbuild/domain/constants';
import { pendingMarks } from '@learnbuild/domain/rules/local-subject-progress';
import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { CORE_SUBJECTS } from '@learnbuild/domain/subjects';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  confirmLocalMark,
  forgetUnownedProgress,
  localProgressKeys,
  localSubjectSummaries,
  nextMarkTime,
  readLocalMark,
  readLocalProgress,
  refreshLocalSummary,
  rememberSubject,
  rememberSummaries,
  restoreLocalMark,
  writeLocalMark,
} from './local-progress';

const ANA = 'user-ana';
const BEN = 'user-ben';
const joins = { subjectId: 'dbms', topicId: 'sql', subtopicId: 'joins' };

const dbmsOutline: SubjectDetail = {
  id: 'dbms',
  name: 'DBMS',
  icon: 'database',
  description: '',
  progress: 25,
  topics: [
    {
      id: 'sql',
      name: 'SQL',
      description: '',
      subtopics: [
        { id: 'joins', name: 'Joins', completed: false },
        { id: 'views', name: 'Views', completed: true },
      ],
    },
    {
      id: 'indexing',
      name: 'Indexing',
      description: '',
      subtopics: [
        { id: 'b-trees', name: 'B+ trees', completed: false },
        { id: 'hashing', name: 'Hashing', completed: false },
      ],
    },
  ],
};

beforeEach(() => localStorage.clear());

describe('local subject progress store: one per account', () => {
  it('keeps each account under its own key, so another account neither sees nor replays the marks', () => {
    writeLocalMark(ANA, joins, { completed: true, at: '2026-11-22T10:00:00.000Z', pending: true });
    expect(localStorage.getItem(`${STORAGE_KEYS.subjectProgress}.${ANA}`)).toContain('"joins"');
    expect(localStorage.getItem(STORAGE_KEYS.subjectProgress)).toBeNull();
    expect(pendingMarks(readLocalProgress(ANA))).toHaveLength(1);
    expect(readLocalProgress(BEN)).toEqual({});
    expect(pendingMarks(readLocalProgress(BEN))).toEqual([]);
  });

  it('reads and writes nothing without a signed-in account', () => {
    writeLocalMark(null, joins, { completed: true, at: 'x', pending: true });
    expect(localStorage.length).toBe(0);
    expect(readLocalProgress(null)).toEqual({});
    expect(rememberSubject(null, dbmsOutline)).toBe(dbmsOutline);
    expect(localStorage.length).toBe(0);
  });

  it("the fallback list of one account never shows another account's progress", () => {
    rememberSummaries(ANA, [
      { id: 'dbms', name: 'DBMS', icon: 'database', progress: 60, completedTopics: 3, totalTopics: 5 },
    ]);
    expect(localSubjectSummaries(ANA, CORE_SUBJECTS)[0]).toMatchObject({
      id: 'dbms',
      progress: 60,
      completedTopics: 3,
    });
    expect(localSubjectSummaries(BEN, CORE_SUBJECTS)[0]).toMatchObject({
      id: 'dbms',
      progress: 0,
      completedTopics: 0,
      totalTopics: 5,
    });
  });

  it('drops the store of the days before it was kept per account (its owner is unknown)', () => {
    localStorage.setItem(STORAGE_KEYS.subjectProgress, '{"os":{}}');
    localStorage.setItem(`${STORAGE_KEYS.subjectProgress}.outlines`, '{}');
    writeLocalMark(ANA, joins, { completed: true, at: 'x' });
    forgetUnownedProgress();
    expect(localStorage.getItem(STORAGE_KEYS.subjectProgress)).toBeNull();
    expect(localStorage.getItem(`${STORAGE_KEYS.subjectProgress}.outlines`)).toBeNull();
    expect(readLocalMark(ANA, joins)).toEqual({ completed: true, at: 'x' });
  });
});

describe('settling a mark', () => {
  it('a reply confirms only the mark it was sent for, never a later pending one', () => {
    writeLocalMark(ANA, joins, { completed: true, at: 't1', pending: true });
    writeLocalMark(ANA, joins, { completed: false, at: 't2', pending: true });
    expect(confirmLocalMark(ANA, joins, 't1')).toBe(false);
    expect(readLocalMark(ANA, joins)).toEqual({ completed: false, at: 't2', pending: true });
    expect(confirmLocalMark(ANA, joins, 't2')).toBe(true);
    expect(readLocalMark(ANA, joins)).toEqual({ completed: false, at: 't2' });
  });

  it('a refusal restores the earlier mark, unless a later mark replaced it', () => {
    writeLocalMark(ANA, joins, { completed: true, at: 't1', pending: true });
    expect(restoreLocalMark(ANA, joins, 't1', { completed: false, at: 't0' })).toBe(true);
    expect(readLocalMark(ANA, joins)).toEqual({ completed: false, at: 't0' });
    writeLocalMark(ANA, joins, { completed: true, at: 't2', pending: true });
    expect(restoreLocalMark(ANA, joins, 't1', { completed: false, at: 't0' })).toBe(false);
    expect(readLocalMark(ANA, joins)).toEqual({ completed: true, at: 't2', pending: true });
  });

  it('a new mark is always later than the one it replaces, even within the same millisecond', () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    expect(Date.parse(nextMarkTime({ completed: true, at: future }))).toBe(Date.parse(future) + 1);
    expect(Date.parse(nextMarkTime(undefined))).toBeLessThanOrEqual(Date.now());
  });
});

describe('what the device remembers from the server', () => {
  it('an outline mirrors the server flags, keeps marks not yet synced and shows them', () => {
    const bTrees = { subjectId: 'dbms', topicId: 'indexing', subtopicId: 'b-trees' };
    writeLocalMark(ANA, bTrees, { completed: true, at: 't1', pending: true });
    const shown = rememberSubject(ANA, dbmsOutline);
    expect(shown.topics[1]!.subtopics[0]).toMatchObject({ id: 'b-trees', completed: true });
    expect(shown.progress).toBe(50);
    expect(readLocalProgress(ANA).dbms?.sql).toMatchObject({
      joins: { completed: false },
      views: { completed: true },
    });
    expect(readLocalMark(ANA, bTrees)).toEqual({ completed: true, at: 't1', pending: true });
    expect(JSON.parse(localStorage.getItem(localProgressKeys(ANA).outlines)!)).toEqual({
      dbms: { sql: 2, indexing: 2 },
    });
  });

  it("keeps the subject list's numbers, so subjects never opened on this device are known offline", () => {
    const shown = rememberSummaries(ANA, [
      { id: 'dbms', name: 'DBMS', icon: 'database', progress: 10, completedTopics: 0, totalTopics: 5 },
      {
        id: 'oop',
        name: 'OOP',
        icon: 'boxes',
        progress: 67,
        completedTopics: 4,
        totalTopics: 6,
        completedSubtopics: 12,
        totalSubtopics: 18,
      },
    ]);
    expect(shown[1]!.progress).toBe(67);
    const offline = localSubjectSummaries(ANA, CORE_SUBJECTS);
    expect(offline.map((s) => [s.id, s.progress, s.completedTopics, s.totalTopics])).toEqual([
      ['dbms', 10, 0, 5],
      ['os', 0, 0, 5],
      ['cn', 0, 0, 5],
      ['oop', 67, 4, 6],
    ]);
  });

  it("a subject with marks not yet synced shows this device's numbers in the list, and keeps them offline", () => {
    rememberSubject(ANA, dbmsOutline);
    writeLocalMark(ANA, joins, { completed: true, at: 't1', pending: true });
    const [dbms] = rememberSummaries(ANA, [
      { id: 'dbms', name: 'DBMS', icon: 'database', progress: 25, completedTopics: 0, totalTopics: 2 },
    ]);
    expect(dbms).toMatchObject({ progress: 50, completedTopics: 1, totalTopics: 2 });
    expect(localSubjectSummaries(ANA, CORE_SUBJECTS)[0]).toMatchObject({ progress: 50, completedTopics: 1 });
  });

  it('numbers from this device follow a new mark at once', () => {
    rememberSubject(ANA, dbmsOutline);
    expect(refreshLocalSummary(ANA, 'dbms')).toMatchObject({ progress: 25, completedTopics: 0 });
    writeLocalMark(ANA, joins, { completed: true, at: 't1', pending: true });
    expect(refreshLocalSummary(ANA, 'dbms')).toMatchObject({ progress: 50, completedTopics: 1 });
    expect(localSubjectSummaries(ANA, CORE_SUBJECTS)[0]).toMatchObject({ progress: 50 });
    expect(refreshLocalSummary(ANA, 'os')).toBeUndefined();
  });
});
