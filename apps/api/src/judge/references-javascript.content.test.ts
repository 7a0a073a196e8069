import { afterAll, describe, expect, it } from 'vitest';
import { readJudgeFiles } from '../modules/judge/service';
import { closeJavaScriptWorkers } from './javascript-sandbox';
import { judgeSubmission, prepareProblem } from './judge';

// A problem whose JavaScript reference does not pass every one of its tests in the server's sandbox cannot land;
// nor one whose tests let its too-slow solution through (issue 28: the tests must tell the complexities apart).

const problems = readJudgeFiles();

afterAll(async () => {
  await closeJavaScriptWorkers();
});

describe('every judged problem in JavaScript', () => {
  it.each(problems.map((problem) => [problem.slug, problem] as const))(
    '%s: the reference is Accepted and the too-slow solution is sent to Time Limit Exceeded',
    async (_slug, problem) => {
      const prepared = prepareProblem(problem);
      const reference = problem.references.javascript ?? problem.editorial.solutions.javascript;
      expect(await judgeSubmission('javascript', reference, prepared)).toMatchObject({
        verdict: 'Accepted',
        failedCase: null,
      });
      if (!problem.tooSlow || !('javascript' in problem.tooSlow)) return;
      const slow = await judgeSubmission('javascript', problem.tooSlow.javascript, prepared);
      expect(slow.verdict, `passed ${slow.passed} of ${slow.total}; ${slow.message ?? ''}`).toBe('Time Limit Exceeded');
    },
    60_000,
  );
});
