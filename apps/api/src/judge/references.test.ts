import { afterAll, describe, expect, it } from 'vitest';
import { readJudgeFiles } from '../modules/judge/service';
import { closeJavaScriptWorkers } from './javascript-sandbox';
import { judgeSubmission, prepareProblem } from './judge';
import { closePythonPool } from './python-sandbox';

// A problem whose own reference does not pass every one of its tests in the server's sandbox cannot land.

const problems = readJudgeFiles();

afterAll(async () => {
  await closeJavaScriptWorkers();
  await closePythonPool();
});

describe('every judged problem', () => {
  it('has at least the twelve of issue 27, each with at least 20 tests', () => {
    expect(problems.length).toBeGreaterThanOrEqual(12);
    for (const problem of problems) {
      expect(problem.examples.length + problem.tests.length, problem.slug).toBeGreaterThanOrEqual(20);
    }
  });

  it.each(problems.map((problem) => [problem.slug, problem] as const))(
    '%s: the JavaScript reference is Accepted in the sandbox',
    async (_slug, problem) => {
      const reference = problem.references.javascript ?? problem.editorial.solutions.javascript;
      const result = await judgeSubmission('javascript', reference, prepareProblem(problem));
      expect(result).toMatchObject({ verdict: 'Accepted', failedCase: null });
    },
    60_000,
  );

  it.each(problems.map((problem) => [problem.slug, problem] as const))(
    '%s: the Python reference is Accepted in the sandbox',
    async (_slug, problem) => {
      const reference = problem.references.python ?? problem.editorial.solutions.python;
      const result = await judgeSubmission('python', reference, prepareProblem(problem));
      expect(result).toMatchObject({ verdict: 'Accepted', failedCase: null });
    },
    120_000,
  );
});
