import { answersMatch } from '@learnbuild/domain/judge/compare';
import type { JudgeComparator, JudgeProblem, JudgeSolveLanguage, Verdict } from '@learnbuild/domain/judge/format';
import { expandGenerated, holdsGenerator } from '@learnbuild/domain/judge/generators';
import type { HarnessSignature } from '@learnbuild/domain/judge/harness';
import type { FailedCase } from '@learnbuild/domain/schemas/judge';
import { javascriptSandbox } from './javascript-sandbox';
import { pythonSandbox } from './python-sandbox';
import type { Sandbox, SandboxLimits, TestOutcome } from './sandbox';

// A submission judged: the learner's code opened in its language's sandbox, each test's arguments handed in one
// at a time, each answer compared here (the expected answers never enter the sandbox), the first failure ending
// the run with one of the six verdicts.

export type ServerLanguage = 'javascript' | 'typescript' | 'python';

/** A problem ready to judge: its tests expanded from the file once, as JSON text for the sandboxes. */
export interface PreparedProblem {
  signature: HarnessSignature;
  comparator: JudgeComparator;
  timeLimitMs: number;
  memoryLimitMb: number;
  cases: PreparedCase[];
}

interface PreparedCase {
  argumentsJson: string;
  expected: unknown;
  hidden: boolean;
  /** How the case reads in a verdict (examples only; never for generated or hidden ones). */
  inputText: string | null;
}

export interface JudgeResult {
  verdict: Verdict;
  passed: number;
  total: number;
  runtimeMs: number | null;
  failedCase: FailedCase | null;
  message?: string;
}

/** A submission never runs longer than this in all, whatever its tests' limits add up to. */
export const SUBMISSION_TIME_MAX_MS = 20_000;
/** What a submission may print (console.log, print) in all; past it the run ends as a Runtime Error. */
export const SUBMISSION_OUTPUT_MAX_BYTES = 1024 * 1024;
/** An answer longer than this (as JSON) is not read. */
const ANSWER_MAX_CHARS = 16 * 1024 * 1024;
/** How much of an input, expected or actual answer a verdict shows. */
const SHOWN_MAX_CHARS = 2000;

/** The sandbox of each language this server judges itself. */
const SANDBOXES: Partial<Record<ServerLanguage, () => Sandbox>> = {
  javascript: () => javascriptSandbox('javascript'),
  typescript: () => javascriptSandbox('typescript'),
  python: () => pythonSandbox(),
};

/** The languages judged on this server, in the code editor's names. */
export const SANDBOXED_LANGUAGES = Object.keys(SANDBOXES) as ServerLanguage[];

/** Sandboxes the caller adds to this server's own: C++ and Java on Judge0, when the configuration names one. */
export type ExtraSandboxes = Partial<Record<JudgeSolveLanguage, () => Sandbox>>;

/** A new sandbox for `language`: this server's own, or one from `extra`; undefined when there is none. */
export function sandboxFor(language: JudgeSolveLanguage, extra: ExtraSandboxes = {}): Sandbox | undefined {
  const own = (SANDBOXES as Partial<Record<JudgeSolveLanguage, () => Sandbox>>)[language];
  return (own ?? extra[language])?.();
}

function shown(text: string): string {
  return text.length > SHOWN_MAX_CHARS ? `${text.slice(0, SHOWN_MAX_CHARS)}…` : text;
}

/** `nums = [2,7,11,15], target = 9`: an example's arguments as a learner reads them. */
export function argumentsText(signature: HarnessSignature, args: Record<string, unknown>): string {
  return signature.parameters
    .map((parameter) => `${parameter.name} = ${JSON.stringify(args[parameter.name])}`)
    .join(', ');
}

/** Expands a problem file's examples and tests into what the judge runs (examples first, shown; tests hidden). */
export function prepareProblem(
  problem: Pick<
    JudgeProblem,
    'functionName' | 'parameters' | 'returnType' | 'comparator' | 'timeLimitMs' | 'memoryLimitMb' | 'examples' | 'tests'
  >,
): PreparedProblem {
  const signature = {
    functionName: problem.functionName,
    parameters: problem.parameters,
    returnType: problem.returnType,
  };
  const prepare = (test: { args: Record<string, unknown>; expected: unknown }, hidden: boolean): PreparedCase => {
    const args = expandGenerated(test.args) as Record<string, unknown>;
    const written = !hidden && !Object.values(test.args).some(holdsGenerator);
    return {
      argumentsJson: JSON.stringify(args),
      expected: expandGenerated(test.expected),
      hidden,
      inputText: written ? argumentsText(signature, args) : null,
    };
  };
  return {
    signature,
    comparator: problem.comparator,
    timeLimitMs: problem.timeLimitMs,
    memoryLimitMb: problem.memoryLimitMb,
    cases: [
      ...problem.examples.map((test) => prepare(test, false)),
      ...problem.tests.map((test) => prepare(test, true)),
    ],
  };
}

/** A submission's limits: per test, in all (capped at SUBMISSION_TIME_MAX_MS), memory and output. */
export function limitsOf(problem: PreparedProblem): SandboxLimits {
  return {
    testTimeMs: problem.timeLimitMs,
    totalTimeMs: Math.min(SUBMISSION_TIME_MAX_MS, problem.timeLimitMs * problem.cases.length),
    memoryMb: problem.memoryLimitMb,
    outputBytes: SUBMISSION_OUTPUT_MAX_BYTES,
  };
}

/** The verdict of a test that did not answer. */
export function failureVerdict(outcome: Exclude<TestOutcome, { kind: 'answer' }>): {
  verdict: Verdict;
  message?: string;
} {
  switch (outcome.kind) {
    case 'time-limit':
      return { verdict: 'Time Limit Exceeded' };
    case 'memory-limit':
      return { verdict: 'Memory Limit Exceeded' };
    case 'output-limit':
      return { verdict: 'Runtime Error', message: 'Output limit exceeded: the program printed more than 1 MB.' };
    case 'runtime-error':
      return { verdict: 'Runtime Error', message: outcome.message };
  }
}

/** Runs `code` against every case of `problem` in the language's sandbox and returns the verdict. */
export async function judgeSubmission(
  language: JudgeSolveLanguage,
  code: string,
  problem: PreparedProblem,
  sandbox: Sandbox | undefined = sandboxFor(language),
): Promise<JudgeResult> {
  if (!sandbox) throw new Error(`No sandbox for ${language}`);
  const total = problem.cases.length;
  const limits = limitsOf(problem);
  const opened = await sandbox.open(
    code,
    problem.signature,
    limits,
    problem.cases.map((testCase) => testCase.argumentsJson),
  );
  if (opened.kind === 'unavailable') {
    // Nothing was judged; the submission still ends, with the reason instead of a verdict's usual detail.
    return { verdict: 'Runtime Error', passed: 0, total, runtimeMs: null, failedCase: null, message: opened.message };
  }
  if (opened.kind !== 'open') {
    if (opened.kind === 'compile-error') {
      return {
        verdict: 'Compilation Error',
        passed: 0,
        total,
        runtimeMs: null,
        failedCase: null,
        message: opened.message,
      };
    }
    return { ...failureVerdict(opened), passed: 0, total, runtimeMs: null, failedCase: null };
  }
  const { session } = opened;
  // The total limit counts from a loaded program: starting the runtime (Python's, from its snapshot) is ours.
  const started = Date.now();
  let runtimeMs = 0;
  try {
    for (const [index, testCase] of problem.cases.entries()) {
      const outcome =
        !session.ranAhead && Date.now() - started > limits.totalTimeMs
          ? ({ kind: 'time-limit' } as const)
          : await session.runTest(testCase.argumentsJson);
      const failedCase: FailedCase = { index: index + 1, hidden: testCase.hidden };
      if (!testCase.hidden && testCase.inputText !== null) failedCase.input = shown(testCase.inputText);
      if (outcome.kind !== 'answer') {
        return { ...failureVerdict(outcome), passed: index, total, runtimeMs: null, failedCase };
      }
      runtimeMs += outcome.timeMs;
      let answer: unknown;
      try {
        answer = outcome.answerJson.length > ANSWER_MAX_CHARS ? undefined : JSON.parse(outcome.answerJson);
      } catch {
        answer = undefined;
      }
      if (answer === undefined) {
        const message = 'The answer could not be read (it is too large, or not a value of the return type).';
        return { verdict: 'Runtime Error', message, passed: index, total, runtimeMs: null, failedCase };
      }
      if (!answersMatch(answer, testCase.expected, problem.comparator)) {
        if (!testCase.hidden && failedCase.input !== undefined) {
          failedCase.expected = shown(JSON.stringify(testCase.expected));
          failedCase.actual = shown(outcome.answerJson);
        }
        return { verdict: 'Wrong Answer', passed: index, total, runtimeMs: Math.round(runtimeMs), failedCase };
      }
    }
    // Whole milliseconds, as stored: a sandbox may time its tests finer.
    return { verdict: 'Accepted', passed: total, total, runtimeMs: Math.round(runtimeMs), failedCase: null };
  } finally {
    await session.close();
  }
}
