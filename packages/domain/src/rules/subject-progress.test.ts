import { describe, expect, it } from 'vitest';
import { subjectNumbers } from './core-progress';
import { hasPendingMarks, localSubjectProgress, setLocalMark } from './local-subject-progress';

describe('subject numbers: rounded percent of completed subtopics, fully completed topics', () => {
  it('rounds the percent and counts a topic only when every lesson is done', () => {
    expect(
      subjectNumbers([
        { total: 3, completed: 3 },
        { total: 3, completed: 1 },
        { total: 3, completed: 0 },
      ]),
    ).toEqual({ progress: 44, completedTopics: 1, totalTopics: 3, completedSubtopics: 4, totalSubtopics: 9 });
  });

  it('leaves a topic with no lessons out of the topic counts, so 100% never shows beside an open topic', () => {
    const numbers = subjectNumbers([
      { total: 2, completed: 2 },
      { total: 0, completed: 0 },
    ]);
    expect(numbers).toEqual({
      progress: 100,
      completedTopics: 1,
      totalTopics: 1,
      completedSubtopics: 2,
      totalSubtopics: 2,
    });
    expect(subjectNumbers([{ total: 0, completed: 0 }])).toMatchObject({ progress: 0, totalTopics: 0 });
  });

  it('never counts more completed lessons than a topic has', () => {
    expect(subjectNumbers([{ total: 2, completed: 5 }])).toMatchObject({ progress: 100, completedSubtopics: 2 });
  });
});

describe('local subject progress follows the same rule', () => {
  it('an empty topic in the remembered outline is left out of the local topic counts', () => {
    let store = setLocalMark({}, 'algo', 'sorting', 'merge', { completed: true, at: 'x' });
    store = setLocalMark(store, 'algo', 'sorting', 'quick', { completed: true, at: 'x' });
    expect(localSubjectProgress(store, { sorting: 2, graphs: 0 }, 'algo', 2)).toMatchObject({
      progress: 100,
      completedTopics: 1,
      totalTopics: 1,
    });
  });

  it('knows which subjects hold marks the server has not confirmed', () => {
    const store = setLocalMark(setLocalMark({}, 'os', 'a', 'a1', { completed: true, at: 'x' }), 'cn', 'b', 'b1', {
      completed: false,
      at: 'y',
      pending: true,
    });
    expect(hasPendingMarks(store, 'cn')).toBe(true);
    expect(hasPendingMarks(store, 'os')).toBe(false);
    expect(hasPendingMarks(store, 'dbms')).toBe(false);
  });
});
