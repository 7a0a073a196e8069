import { describe, expect, it } from 'vitest';
import {
  EXERCISE_CODE_TOO_LONG_MESSAGE,
  EXERCISE_LANGUAGE_MESSAGE,
  EXERCISE_LANGUAGES,
  type ExerciseInput,
  exerciseIssuePath,
  exerciseSchema,
  exerciseSubmitBodySchema,
} from './exercises';

const EXERCISE: ExerciseInput = {
  functionName: 'largest',
  parameters: [{ name: 'nums', type: 'int[]' }],
  returnType: 'int',
  examples: [{ args: { nums: [1, 5, 3] }, expected: 5 }],
  tests: [{ args: { nums: [-1] }, expected: -1 }],
  reference: { language: 'python', code: 'def largest(nums):\n    return max(nums)\n' },
};

const firstIssue = (input: unknown) => {
  const parsed = exerciseSchema.safeParse(input);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${exerciseIssuePath(issue)}: ${issue.message}`;
};

describe('the exercise format', () => {
  it('fills the judged problem defaults: exact comparison, 2 s a test, no starter code of its own', () => {
    const exercise = exerciseSchema.parse(EXERCISE);
    expect(exercise.comparator).toBe('exact');
    expect(exercise.timeLimitMs).toBe(2000);
    expect(exercise.starterCode).toEqual({});
    expect(exercise.examples[0]!.explanation).toBe('');
  });

  it('is solved in the three languages the server judges itself', () => {
    expect(EXERCISE_LANGUAGES).toEqual(['javascript', 'typescript', 'python']);
    expect(firstIssue({ ...EXERCISE, reference: { language: 'cpp', code: 'int x;' } })).toBe(
      `exercise.reference.language: ${EXERCISE_LANGUAGE_MESSAGE}`,
    );
  });

  it('names every argument as the signature does', () => {
    expect(firstIssue({ ...EXERCISE, tests: [{ args: {}, expected: 0 }] })).toBe(
      'exercise.tests.0.args: Give the argument "nums"',
    );
    expect(firstIssue({ ...EXERCISE, examples: [{ args: { nums: [1], extra: 2 }, expected: 1 }] })).toBe(
      'exercise.examples.0.args: "extra" is not a parameter',
    );
    expect(
      firstIssue({
        ...EXERCISE,
        parameters: [
          { name: 'nums', type: 'int[]' },
          { name: 'nums', type: 'int' },
        ],
      }),
    ).toBe('exercise.parameters.1.name: "nums" is used twice');
  });

  it('needs a visible example, a hidden test, a reference, and at most 5 examples, 100 tests and 5 s', () => {
    expect(firstIssue({ ...EXERCISE, examples: [] })).toBe('exercise.examples: Give at least one visible example');
    expect(firstIssue({ ...EXERCISE, tests: [] })).toBe('exercise.tests: Give at least one hidden test');
    expect(firstIssue({ ...EXERCISE, reference: undefined })).toMatch(/^exercise\.reference: /);
    const example = EXERCISE.examples[0]!;
    expect(firstIssue({ ...EXERCISE, examples: Array(6).fill(example) })).toBe(
      'exercise.examples: Give at most 5 visible examples',
    );
    const test = EXERCISE.tests[0]!;
    expect(firstIssue({ ...EXERCISE, tests: Array(101).fill(test) })).toBe(
      'exercise.tests: Give at most 100 hidden tests',
    );
    expect(firstIssue({ ...EXERCISE, tests: Array(100).fill(test) })).toBeNull();
    expect(firstIssue({ ...EXERCISE, timeLimitMs: 5001 })).toMatch(/^exercise\.timeLimitMs: /);
    expect(firstIssue({ ...EXERCISE, functionName: 'Largest' })).toBe('exercise.functionName: Use a camelCase name');
  });
});

describe('a submission', () => {
  it('is code of at most 64 KB in JavaScript, TypeScript or Python', () => {
    expect(exerciseSubmitBodySchema.safeParse({ language: 'typescript', code: 'x' }).success).toBe(true);
    const ruby = exerciseSubmitBodySchema.safeParse({ language: 'ruby', code: 'x' });
    expect(ruby.error?.issues[0]?.message).toBe(EXERCISE_LANGUAGE_MESSAGE);
    const long = exerciseSubmitBodySchema.safeParse({ language: 'python', code: 'x'.repeat(64 * 1024 + 1) });
    expect(long.error?.issues[0]?.message).toBe(EXERCISE_CODE_TOO_LONG_MESSAGE);
    expect(exerciseSubmitBodySchema.safeParse({ language: 'python', code: 'x'.repeat(64 * 1024) }).success).toBe(true);
    // Bytes, not characters: 22,000 three-byte characters are past 64 KB.
    expect(exerciseSubmitBodySchema.safeParse({ language: 'python', code: '€'.repeat(22_000) }).success).toBe(false);
    const blank = exerciseSubmitBodySchema.safeParse({ language: 'python', code: '  \n' });
    expect(blank.error?.issues[0]?.message).toBe('Write some code before submitting');
  });
});
