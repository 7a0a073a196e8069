import { afterAll, describe, expect, it } from 'vitest';
import { readJudgeFiles } from '../modules/judge/service';
import { closeJavaScriptWorkers } from './javascript-sandbox';
import { judgeSubmission, prepareProblem } from './judge';
import { closePythonPool } from './python-sandbox';

/**
 * The content tests of the judged problems (issue 28), in the server's own sandboxes: a problem whose reference
 * does not pass every one of its tests cannot land, nor one whose tests let its too-slow solution through (the tests
 * must tell the complexities apart). The problems are dealt to `parts` test files (every `parts`-th from `part`,
 * in file order), so vitest spreads them over the machine's cores instead of judging 150 in one file after another.
 */
export function judgeEveryReference(language: 'javascript' | 'python', part: number, parts: number): void {
  const problems = readJudgeFiles().filter((_, index) => index % parts === part - 1);

  afterAll(async () => {
    await (language === 'javascript' ? closeJavaScriptWorkers() : closePythonPool());
  });

  describe(`every judged problem in ${language === 'javascript' ? 'JavaScript' : 'Python'} (part ${part} of ${parts})`, () => {
    it.each(problems.map((problem) => [problem.slug, problem] as const))(
      '%s: the reference is Accepted and a too-slow solution, if given, is sent to Time Limit Exceeded',
      async (_slug, problem) => {
        const prepared = prepareProblem(problem);
        const reference = problem.references[language] ?? problem.editorial.solutions[language];
        expect(await judgeSubmission(language, reference, prepared)).toMatchObject({
          verdict: 'Accepted',
          failedCase: null,
        });
        // Too-slow solutions are written in JavaScript, whose speed the time limits are set by.
        if (language !== 'javascript' || !problem.tooSlow || !('javascript' in problem.tooSlow)) return;
        const slow = problem.tooSlow.javascript;
        const result = await judgeSubmission(language, slow, prepared);
        expect(result.verdict, `passed ${result.passed} of ${result.total}; ${result.message ?? ''}`).toBe(
          'Time Limit Exceeded',
        );
      },
      120_000,
    );
  });
}
