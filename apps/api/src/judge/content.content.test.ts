import { readFileSync } from 'node:fs';
import { CONTENT_RULES } from '@learnbuild/domain/judge/format';
import { sharedSentences } from '@learnbuild/domain/judge/shared-sentences';
import { describe, expect, it } from 'vitest';
import { PROBLEM_BANK_FILE } from '../modules/dsa/seed';
import { readJudgeFiles } from '../modules/judge/service';
import { contentFindings, sheetTitles } from './check-problems';

// Issue 28: the judged problems as content. At least 150 of the sheet, every step covered in about the sheet's
// mix of difficulties, each problem complete, and no statement sharing a long sentence with another.

const problems = readJudgeFiles();
const bank = JSON.parse(readFileSync(PROBLEM_BANK_FILE, 'utf8')) as {
  steps: string[];
  problems: { slug: string; step: string; difficulty: 'Easy' | 'Medium' | 'Hard' }[];
};
const judged = new Set(problems.map((problem) => problem.slug));
const titles = sheetTitles();

describe('the judged problems', () => {
  it('are at least 150 problems of the sheet', () => {
    expect(problems.length).toBeGreaterThanOrEqual(150);
  });

  it('cover every step of the sheet, each with at least a third of its problems', () => {
    for (const step of bank.steps) {
      const inStep = bank.problems.filter((problem) => problem.step === step);
      const done = inStep.filter((problem) => judged.has(problem.slug)).length;
      expect(done * 3, `${step}: ${done} of ${inStep.length}`).toBeGreaterThanOrEqual(inStep.length);
    }
  });

  it("mix Easy, Medium and Hard within 10 points of the sheet's own shares", () => {
    const share = (rows: { difficulty: string }[], difficulty: string) =>
      (100 * rows.filter((row) => row.difficulty === difficulty).length) / rows.length;
    const judgedRows = bank.problems.filter((problem) => judged.has(problem.slug));
    for (const difficulty of ['Easy', 'Medium', 'Hard']) {
      expect(
        Math.abs(share(judgedRows, difficulty) - share(bank.problems, difficulty)),
        difficulty,
      ).toBeLessThanOrEqual(10);
    }
  });

  it.each(
    problems.map((problem) => [problem.slug, problem] as const),
  )('%s: a sheet problem (its slug and title) with 2-3 examples explained, 2-3 hints, at least 20 tests and a too-slow solution', (_slug, problem) => {
    expect(contentFindings(problem, titles)).toEqual([]);
  });

  it('say why when a problem has no too-slow solution, and only for a few', () => {
    const without = problems.filter((problem) => problem.tooSlow && 'none' in problem.tooSlow);
    expect(without.length, without.map((problem) => problem.slug).join(', ')).toBeLessThanOrEqual(
      problems.length * CONTENT_RULES.tooSlowNoneShare,
    );
  });

  it('share no sentence of ten words or more between two statements', () => {
    expect(sharedSentences(problems)).toEqual([]);
  });
});
