import { describe, expect, it } from 'vitest';
import {
  type AttemptQuestion,
  answerProblem,
  gradeAnswer,
  matchesShortAnswer,
  patternProblem,
  revealedKey,
  shownOptions,
} from './quiz-grading';

const base = { key: 'k', version: 1, prompt: 'P', explanation: '' };
// Options shown as C, A, B: shown 0 is own 2, shown 1 is own 0, shown 2 is own 1.
const single: AttemptQuestion = {
  ...base,
  kind: 'single',
  options: ['A', 'B', 'C'],
  order: [2, 0, 1],
  answer: { option: 0 },
};
const multiple: AttemptQuestion = {
  ...base,
  kind: 'multiple',
  options: ['A', 'B', 'C', 'D'],
  order: [3, 2, 1, 0],
  answer: { options: [0, 2] },
};
const short: AttemptQuestion = {
  ...base,
  kind: 'short',
  options: [],
  order: [],
  answer: { accept: ['Binary search', 'bisection'], pattern: 'o\\(log ?n\\)' },
};
const output: AttemptQuestion = { ...base, kind: 'output', options: [], order: [], answer: { output: '1\n2\n3\n' } };

describe('gradeAnswer', () => {
  it('grades a single choice through the shown order and records the own index chosen', () => {
    expect(shownOptions(single)).toEqual(['C', 'A', 'B']);
    expect(gradeAnswer(single, 1)).toEqual({ correct: true, choice: 0 });
    expect(gradeAnswer(single, 0)).toEqual({ correct: false, choice: 2 });
    expect(gradeAnswer(single, null)).toEqual({ correct: false, choice: null });
  });

  it('grades a multiple choice as right only with exactly the right options', () => {
    // Own 0 is shown 3, own 2 is shown 1.
    expect(gradeAnswer(multiple, [3, 1])).toEqual({ correct: true, choice: 0 });
    expect(gradeAnswer(multiple, [3])).toEqual({ correct: false, choice: null });
    expect(gradeAnswer(multiple, [3, 1, 0])).toEqual({ correct: false, choice: 3 });
    expect(gradeAnswer(multiple, [])).toEqual({ correct: false, choice: null });
  });

  it('grades short text against the accepted answers, ignoring case and extra spaces', () => {
    expect(gradeAnswer(short, '  binary   SEARCH ').correct).toBe(true);
    expect(gradeAnswer(short, 'Bisection').correct).toBe(true);
    expect(gradeAnswer(short, 'linear search').correct).toBe(false);
    expect(gradeAnswer(short, '').correct).toBe(false);
  });

  it('grades short text against the pattern as a whole answer', () => {
    expect(gradeAnswer(short, 'O(log n)').correct).toBe(true);
    expect(gradeAnswer(short, 'o(logn)').correct).toBe(true);
    expect(gradeAnswer(short, 'O(log n) time').correct).toBe(false);
  });

  it('honours a case-sensitive key', () => {
    const key = { accept: ['NULL'], caseSensitive: true };
    expect(matchesShortAnswer(key, 'NULL')).toBe(true);
    expect(matchesShortAnswer(key, 'null')).toBe(false);
    expect(matchesShortAnswer({ accept: [], pattern: '[A-Z]+', caseSensitive: true }, 'abc')).toBe(false);
    expect(matchesShortAnswer({ accept: [], pattern: '[A-Z]+' }, 'abc')).toBe(true);
  });

  it('grades code output with whitespace at the ends trimmed, not inside', () => {
    expect(gradeAnswer(output, '\n1\n2\n3   ').correct).toBe(true);
    expect(gradeAnswer(output, '1\r\n2\r\n3').correct).toBe(true);
    expect(gradeAnswer(output, '1 2 3').correct).toBe(false);
    expect(gradeAnswer(output, '   ').correct).toBe(false);
  });

  it('matches a pattern that backtracking engines take forever on, at once', () => {
    const evil = { accept: [], pattern: '(a+)+b' };
    expect(matchesShortAnswer(evil, `${'a'.repeat(200)}c`)).toBe(false);
    expect(matchesShortAnswer(evil, 'aaab')).toBe(true);
  });
});

describe('answerProblem', () => {
  it('names the answer that cannot be graded', () => {
    expect(answerProblem(single, 3, 2)).toBe("Answer 2 must be one of the question's options");
    expect(answerProblem(single, 'A', 1)).toBe("Answer 1 must be one of the question's options");
    expect(answerProblem(multiple, 1, 1)).toBe("Answer 1 must be a list of the question's options");
    expect(answerProblem(multiple, [4], 3)).toBe("Answer 3 must list only the question's options");
    expect(answerProblem(multiple, [1, 1], 1)).toBe('Answer 1 lists an option twice');
    expect(answerProblem(short, 2, 4)).toBe('Answer 4 must be text');
    expect(answerProblem(output, null, 1)).toBeNull();
  });
});

describe('patternProblem', () => {
  it('accepts a pattern RE2 compiles and names what is wrong with one it does not', () => {
    expect(patternProblem('o\\(log ?n\\)')).toBeNull();
    expect(patternProblem('(a')).toBe('The pattern is not a valid regular expression: missing closing ): `(a`');
    expect(patternProblem('(?=a)')).toBe(
      'The pattern is not a valid regular expression: invalid or unsupported Perl syntax: `(?=`',
    );
  });
});

describe('revealedKey', () => {
  it('gives the right options in the shown order, or the text', () => {
    expect(revealedKey(single)).toEqual({ options: [1], text: null });
    expect(revealedKey(multiple)).toEqual({ options: [1, 3], text: null });
    expect(revealedKey(short)).toEqual({ options: [], text: 'Binary search' });
    expect(revealedKey(output)).toEqual({ options: [], text: '1\n2\n3' });
  });
});
