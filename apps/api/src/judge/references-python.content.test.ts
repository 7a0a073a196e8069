import { afterAll, describe, expect, it } from 'vitest';
import { readJudgeFiles } from '../modules/judge/service';
import { judgeSubmission, prepareProblem } from './judge';
import { closePythonPool } from './python-sandbox';

// A problem whose Python reference does not pass every one of its tests in the server's sandbox cannot land.

const problems = readJudgeFiles();

afterAll(async () => {
  await closePythonPool();
});

describe('every judged problem in Python', () => {
  it.each(problems.map((problem) => [problem.slug, problem] as const))(
    '%s: the reference is Accepted in the sandbox',
    async (_slug, problem) => {
      const reference = problem.references.python ?? problem.editorial.solutions.python;
      const result = await judgeSubmission('python', reference, prepareProblem(problem));
      expect(result).toMatchObject({ verdict: 'Accepted', failedCase: null });
    },
    120_000,
  );
});
