import { isDeepStrictEqual } from 'node:util';
import { answersMatch } from '@learnbuild/domain/judge/compare';
import type { Verdict } from '@learnbuild/domain/judge/format';
import { GeneratorError } from '@learnbuild/domain/judge/generators';
import { starterCodeFor } from '@learnbuild/domain/judge/starter';
import {
  EXERCISE_LANGUAGES,
  EXERCISE_MEMORY_LIMIT_MB,
  type Exercise,
  type ExerciseLanguage,
  type ExerciseTestResult,
  type ExerciseValidateReply,
  exerciseIssuePath,
  exerciseSchema,
  type PublicExercise,
} from '@learnbuild/domain/schemas/exercises';
import {
  argumentsText,
  failureVerdict,
  type JudgeResult,
  judgeSubmission,
  limitsOf,
  type PreparedProblem,
  prepareProblem,
  sandboxFor,
} from '../../judge/judge';
import type { SandboxSession } from '../../judge/sandbox';
import { badRequest, invalidFields } from '../../lib/http-errors';

// An exercise judged by the DSA judge's engine (apps/api/src/judge): the same preparation of tests, the same
// sandboxes and the same six verdicts. Only the authors' Validate runs every test on its own, to show each result.

/** A stored exercise; the column holds only exercises that passed their reference. */
export function storedExercise(value: unknown): Exercise | null {
  const parsed = exerciseSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The exercise an author sent, checked; a 400 names the first wrong field: "exercise.tests.3.args: …". */
export function readExercise(input: unknown): Exercise {
  const parsed = exerciseSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: exerciseIssuePath(issue), message: issue.message }));
  const first = details[0]!;
  throw invalidFields(`${first.path}: ${first.message}`, details);
}

/** Examples first (visible), then the hidden tests, as the judge runs them. */
export function prepareExercise(exercise: Exercise): PreparedProblem {
  try {
    return prepareProblem({ ...exercise, memoryLimitMb: EXERCISE_MEMORY_LIMIT_MB });
  } catch (error) {
    if (error instanceof GeneratorError) throw badRequest(`A test could not be generated: ${error.message}`);
    throw error;
  }
}

/** What a learner reads of an exercise: signature, starter code and the visible examples; no hidden test. */
export function publicExerciseOf(exercise: Exercise): PublicExercise {
  const signature = {
    functionName: exercise.functionName,
    parameters: exercise.parameters,
    returnType: exercise.returnType,
  };
  return {
    ...signature,
    comparator: exercise.comparator,
    timeLimitMs: exercise.timeLimitMs,
    languages: [...EXERCISE_LANGUAGES],
    starterCode: starterCodeFor(signature, EXERCISE_LANGUAGES, exercise.starterCode),
    examples: exercise.examples.map((example) => ({
      input: argumentsText(signature, example.args),
      output: JSON.stringify(example.expected),
      explanation: example.explanation,
      args: example.args,
      expected: example.expected,
    })),
    testCount: exercise.examples.length + exercise.tests.length,
  };
}

/** Judges a learner's code against every test of the exercise: the DSA judge's own run, first failure ends it. */
export function judgeExercise(language: ExerciseLanguage, code: string, exercise: Exercise): Promise<JudgeResult> {
  return judgeSubmission(language, code, prepareExercise(exercise));
}

const SHOWN_MAX_CHARS = 2000;
const shown = (text: string) => (text.length > SHOWN_MAX_CHARS ? `${text.slice(0, SHOWN_MAX_CHARS)}…` : text);

/**
 * The authors' Validate: the reference run against each test on its own (a failing test does not stop the
 * others), so the editor shows every test's result. Valid when every test passes.
 */
export async function validateExercise(exercise: Exercise): Promise<Omit<ExerciseValidateReply, 'success'>> {
  const prepared = prepareExercise(exercise);
  const { language, code } = exercise.reference;
  const limits = limitsOf(prepared);
  let session: SandboxSession | null = null;
  const open = async () => {
    const sandbox = sandboxFor(language);
    if (!sandbox) throw new Error(`No sandbox for ${language}`);
    return sandbox.open(code, prepared.signature, limits);
  };
  const tests: ExerciseTestResult[] = [];
  try {
    for (const [index, testCase] of prepared.cases.entries()) {
      if (!session) {
        const opened = await open();
        if (opened.kind !== 'open') {
          const verdict: Verdict =
            opened.kind === 'compile-error'
              ? 'Compilation Error'
              : opened.kind === 'time-limit'
                ? 'Time Limit Exceeded'
                : opened.kind === 'memory-limit'
                  ? 'Memory Limit Exceeded'
                  : 'Runtime Error';
          const message = 'message' in opened ? opened.message : undefined;
          return { valid: false, verdict, ...(message ? { message } : {}), tests: [] };
        }
        session = opened.session;
      }
      const base = {
        index: index + 1,
        hidden: testCase.hidden,
        input: shown(argumentsText(prepared.signature, JSON.parse(testCase.argumentsJson) as Record<string, unknown>)),
        expected: shown(JSON.stringify(testCase.expected)),
      };
      const outcome = await session.runTest(testCase.argumentsJson);
      if (outcome.kind !== 'answer') {
        tests.push({ ...base, passed: false, actual: null, ...failureVerdict(outcome) });
        // A program stopped mid-test is not asked again: the next test gets a fresh one.
        await session.close();
        session = null;
        continue;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(outcome.answerJson);
      } catch {
        answer = undefined;
      }
      const passed = answer !== undefined && answersMatch(answer, testCase.expected, prepared.comparator);
      tests.push({
        ...base,
        passed,
        verdict: passed ? 'Accepted' : 'Wrong Answer',
        actual: shown(outcome.answerJson),
      });
    }
  } finally {
    await (session as SandboxSession | null)?.close();
  }
  const failed = tests.find((test) => !test.passed);
  return { valid: failed === undefined, verdict: failed?.verdict ?? 'Accepted', tests };
}

/**
 * An exercise fit to save: well formed, and its reference passes every test (else 400 naming the first failure).
 * The exercise the lesson already stores (`stored`, checked when it was saved) is not judged again: the editor
 * sends the whole lesson on every save, and a title fixed is no reason to run the reference.
 */
export async function checkedExercise(input: unknown, stored: unknown = null): Promise<Exercise> {
  const exercise = readExercise(input);
  if (stored != null && isDeepStrictEqual(JSON.parse(JSON.stringify(exercise)), stored)) return exercise;
  const result = await validateExercise(exercise);
  if (result.valid) return exercise;
  const failed = result.tests.find((test) => !test.passed);
  const message = failed
    ? `The reference solution fails test ${failed.index} (${failed.verdict}): it must pass every test`
    : `The reference solution does not run (${result.verdict}${result.message ? `: ${result.message}` : ''})`;
  throw invalidFields(message, [{ path: 'exercise.reference', message }]);
}
