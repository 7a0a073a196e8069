import { z } from 'zod';
import {
  JUDGE_COMPARATORS,
  JUDGE_TYPES,
  judgeExampleSchema,
  judgeParameterSchema,
  judgeTestSchema,
  SERVER_JUDGED_LANGUAGES,
  VERDICTS,
} from '../judge/format';
import { utf8ByteLength } from './code-editor';
import { checkArgumentNames, failedCaseSchema, practiceExampleSchema, SUBMISSION_CODE_MAX_BYTES } from './judge';

// Code exercises (issue 30): a course lesson of kind 'exercise' (or a core-subject subtopic) that the DSA judge
// grades. The format is the judged problem's signature, examples (visible tests), hidden tests, comparator, time
// limit and starter code, plus one reference solution that must pass every test before the exercise is saved.

/** Exercises are solved and judged on this server only: JavaScript, TypeScript and Python. */
export const EXERCISE_LANGUAGES = SERVER_JUDGED_LANGUAGES;
export type ExerciseLanguage = (typeof EXERCISE_LANGUAGES)[number];

export const EXERCISE_LANGUAGE_MESSAGE = 'Language must be javascript, typescript or python';
export const EXERCISE_CODE_TOO_LONG_MESSAGE = 'Code must be at most 64 KB';
export const EXERCISE_CODE_EMPTY_MESSAGE = 'Write some code before submitting';
export const EXERCISE_TESTS_MAX = 100;
export const EXERCISE_EXAMPLES_MAX = 5;
/** A test's wall time is capped lower than a sheet problem's: an exercise is a short function. */
export const EXERCISE_TIME_LIMIT_MAX_MS = 5000;
export const EXERCISE_MEMORY_LIMIT_MB = 256;
/** How many of a learner's own submissions of one exercise the list shows, newest first. */
export const EXERCISE_SUBMISSIONS_LIST_MAX = 50;

export const EXERCISE_MISSING_MESSAGE = 'An exercise lesson needs its exercise: a signature, tests and a reference';
export const EXERCISE_COMPLETE_BY_PASSING_MESSAGE =
  'Pass the exercise (an Accepted submission) to complete this lesson';
export const EXERCISE_NOT_FOUND_MESSAGE = 'This lesson has no exercise';

const exerciseLanguageSchema = z.enum(EXERCISE_LANGUAGES, { error: EXERCISE_LANGUAGE_MESSAGE });

const codeSchema = z
  .string({ error: EXERCISE_CODE_EMPTY_MESSAGE })
  .refine((code) => code.trim().length > 0, EXERCISE_CODE_EMPTY_MESSAGE)
  .refine((code) => utf8ByteLength(code) <= SUBMISSION_CODE_MAX_BYTES, EXERCISE_CODE_TOO_LONG_MESSAGE);

/** The exercise as its author writes it and as it is stored (`course_lessons.exercise`, `subject_subtopics.exercise`). */
export const exerciseSchema = z
  .object({
    functionName: judgeParameterSchema.shape.name,
    parameters: z.array(judgeParameterSchema).min(1, 'Give the function at least one parameter').max(6),
    returnType: z.enum(JUDGE_TYPES),
    comparator: z.enum(JUDGE_COMPARATORS).default('exact'),
    /** Wall time one test may take in the server's sandbox. */
    timeLimitMs: z.number().int().min(100).max(EXERCISE_TIME_LIMIT_MAX_MS).default(2000),
    /** Visible tests: shown in the statement, run by the browser's Run, judged first on Submit. */
    examples: z
      .array(judgeExampleSchema)
      .min(1, 'Give at least one visible example')
      .max(EXERCISE_EXAMPLES_MAX, `Give at most ${EXERCISE_EXAMPLES_MAX} visible examples`),
    /** Hidden tests: judged after the examples; never sent to a learner. */
    tests: z
      .array(judgeTestSchema)
      .min(1, 'Give at least one hidden test')
      .max(EXERCISE_TESTS_MAX, `Give at most ${EXERCISE_TESTS_MAX} hidden tests`),
    /** Starter code per language; a language left out gets one drawn from the signature. */
    starterCode: z
      .object({
        javascript: z.string().max(20_000),
        typescript: z.string().max(20_000),
        python: z.string().max(20_000),
      })
      .partial()
      .default({}),
    /** Judged against every test before the exercise is saved; never sent to a learner. */
    reference: z.object({ language: exerciseLanguageSchema, code: codeSchema }),
  })
  .superRefine(checkArgumentNames);
export type Exercise = z.infer<typeof exerciseSchema>;
export type ExerciseInput = z.input<typeof exerciseSchema>;

/** Where an issue is, as the API's validation details name it: `exercise.tests.3.args`. */
export function exerciseIssuePath(issue: { path: readonly PropertyKey[] }): string {
  return ['exercise', ...issue.path.map(String)].join('.');
}

/** What a learner gets of an exercise: no hidden test and no reference. */
export const publicExerciseSchema = z.object({
  functionName: z.string(),
  parameters: z.array(z.object({ name: z.string(), type: z.enum(JUDGE_TYPES) })),
  returnType: z.enum(JUDGE_TYPES),
  comparator: z.enum(JUDGE_COMPARATORS),
  timeLimitMs: z.number().int(),
  languages: z.array(exerciseLanguageSchema),
  starterCode: z.record(z.string(), z.string()),
  examples: z.array(practiceExampleSchema),
  /** How many tests Submit judges (examples and hidden ones). */
  testCount: z.number().int(),
});
export type PublicExercise = z.infer<typeof publicExerciseSchema>;

export const exerciseSubmitBodySchema = z.object({ language: exerciseLanguageSchema, code: codeSchema });
export type ExerciseSubmitBody = z.infer<typeof exerciseSubmitBodySchema>;

export const exerciseSubmissionSchema = z.object({
  /** Null for the owner's or an admin's try of their own exercise, which is judged but not stored. */
  id: z.string().nullable(),
  language: exerciseLanguageSchema,
  verdict: z.enum(VERDICTS),
  passed: z.number().int(),
  total: z.number().int(),
  runtimeMs: z.number().int().nullable(),
  /** The first failing test: its input, expected and actual answers only when it is a visible example. */
  failedCase: failedCaseSchema.nullable(),
  message: z.string().optional(),
  createdAt: z.string(),
});
export type ExerciseSubmission = z.infer<typeof exerciseSubmissionSchema>;

export const exerciseSubmissionWithCodeSchema = exerciseSubmissionSchema.extend({ code: z.string() });

export const exerciseSubmitReplySchema = z.object({
  success: z.literal(true),
  submission: exerciseSubmissionSchema,
  /** Whether the lesson is completed for the learner now (an Accepted submission completes it). */
  completed: z.boolean(),
  /** The learner's lessons completed in the course after this submission (course lessons, enrolled learners). */
  completedLessonIds: z.array(z.string()).optional(),
});
export type ExerciseSubmitReply = z.infer<typeof exerciseSubmitReplySchema>;

export const exerciseSubmissionsReplySchema = z.object({
  success: z.literal(true),
  submissions: z.array(exerciseSubmissionWithCodeSchema),
});
export type ExerciseSubmissionsReply = z.infer<typeof exerciseSubmissionsReplySchema>;

/** The editor's Validate: the exercise as written (not yet saved), its reference run against each test. */
export const exerciseValidateBodySchema = z.object({
  exercise: z.record(z.string(), z.unknown(), { error: 'exercise must be an object' }),
});

export const exerciseTestResultSchema = z.object({
  /** 1-based, examples first: "Test 3". */
  index: z.number().int(),
  hidden: z.boolean(),
  passed: z.boolean(),
  /** Accepted for a passing test; otherwise the verdict this test alone gets. */
  verdict: z.enum(VERDICTS),
  input: z.string(),
  expected: z.string(),
  actual: z.string().nullable(),
  message: z.string().optional(),
});
export type ExerciseTestResult = z.infer<typeof exerciseTestResultSchema>;

export const exerciseValidateReplySchema = z.object({
  success: z.literal(true),
  /** Every test passed: the exercise can be saved. */
  valid: z.boolean(),
  /** Set when the reference did not compile or load; then `tests` is empty. */
  verdict: z.enum(VERDICTS),
  message: z.string().optional(),
  tests: z.array(exerciseTestResultSchema),
});
export type ExerciseValidateReply = z.infer<typeof exerciseValidateReplySchema>;
