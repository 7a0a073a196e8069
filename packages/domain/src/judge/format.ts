import { z } from 'zod';

// The judged problem (issue 27): one file per problem under apps/api/content/dsa/judge/<slug>.json, read by the
// server's judge and by DSA Management's editor through this one schema.

/** The parameter and return types a problem may declare; ListNode and TreeNode travel as arrays (level order). */
export const JUDGE_TYPES = [
  'int',
  'float',
  'bool',
  'string',
  'int[]',
  'float[]',
  'bool[]',
  'string[]',
  'int[][]',
  'float[][]',
  'bool[][]',
  'string[][]',
  'ListNode',
  'TreeNode',
] as const;
export type JudgeType = (typeof JUDGE_TYPES)[number];

/** Languages a judged problem is solved in; the server runs the first three itself, C++ and Java through Judge0. */
export const JUDGE_SOLVE_LANGUAGES = ['javascript', 'typescript', 'python', 'cpp', 'java'] as const;
export type JudgeSolveLanguage = (typeof JUDGE_SOLVE_LANGUAGES)[number];
export const SERVER_JUDGED_LANGUAGES = ['javascript', 'typescript', 'python'] as const;

/**
 * How an answer is compared with the expected one: `exact` (deep equality), `any-order` (the same items in any
 * order, e.g. Two Sum's indices or a list of groups), `float` (numbers within 1e-5, absolute or relative).
 */
export const JUDGE_COMPARATORS = ['exact', 'any-order', 'float'] as const;
export type JudgeComparator = (typeof JUDGE_COMPARATORS)[number];

/** The six verdicts a submission ends in, exactly as shown. */
export const VERDICTS = [
  'Accepted',
  'Wrong Answer',
  'Time Limit Exceeded',
  'Memory Limit Exceeded',
  'Runtime Error',
  'Compilation Error',
] as const;
export type Verdict = (typeof VERDICTS)[number];

/** A deterministic input generator, so that a test of 10⁵ numbers is a line in the file, not 700 KB of it. */
export type Generated = { $gen: string; [key: string]: unknown };

const identifier = z.string().regex(/^[a-z][A-Za-z0-9]*$/, 'Use a camelCase name');

export const judgeParameterSchema = z.object({ name: identifier, type: z.enum(JUDGE_TYPES) });
export type JudgeParameter = z.infer<typeof judgeParameterSchema>;

/** Arguments by parameter name; a value may be a generator object ({"$gen": ...}). */
const argumentsSchema = z.record(z.string(), z.unknown());

export const judgeExampleSchema = z.object({
  args: argumentsSchema,
  expected: z.unknown(),
  explanation: z.string().max(2000).default(''),
});

export const judgeTestSchema = z.object({
  args: argumentsSchema,
  expected: z.unknown(),
  /** What the test is for, for authors ("one element", "largest n"); never shown to learners. */
  note: z.string().max(200).optional(),
});

export const judgeProblemSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(1).max(200),
  /** Markdown: the task, written for LearnBuild. */
  statement: z.string().min(1).max(20_000),
  /** Markdown lines, e.g. "`2 <= nums.length <= 10^5`". */
  constraints: z.array(z.string().min(1).max(300)).min(1).max(20),
  functionName: identifier,
  parameters: z.array(judgeParameterSchema).min(1).max(6),
  returnType: z.enum(JUDGE_TYPES),
  comparator: z.enum(JUDGE_COMPARATORS).default('exact'),
  /** Wall time one test may take in the server's sandbox; the whole submission gets tests × this, at most 20 s. */
  timeLimitMs: z.number().int().min(100).max(10_000).default(2000),
  memoryLimitMb: z.number().int().min(16).max(512).default(256),
  examples: z.array(judgeExampleSchema).min(1).max(5),
  /** Hidden tests; examples are judged too, first. */
  tests: z.array(judgeTestSchema).min(1).max(200),
  hints: z.array(z.string().min(1).max(1000)).max(3).default([]),
  editorial: z.object({
    approach: z.string().min(1).max(20_000),
    complexity: z.object({ time: z.string().min(1).max(100), space: z.string().min(1).max(100) }),
    solutions: z.object({ javascript: z.string().min(1), python: z.string().min(1) }),
  }),
  videoUrl: z.string().url().optional(),
  /** Reference solutions judged against every test; default: the editorial's solutions. */
  references: z
    .object({ javascript: z.string().min(1), python: z.string().min(1) })
    .partial()
    .default({}),
  /** Starter code per language; default: drawn from the signature. */
  starterCode: z.record(z.string(), z.string()).default({}),
  /**
   * A correct solution that is too slow (issue 28): the tests must send it to Time Limit Exceeded, which proves
   * they tell the expected complexity from a slower one. Never shown to learners.
   */
  tooSlow: z
    .union([
      z.object({ javascript: z.string().min(1) }),
      /** Why no slower correct solution can be told apart by time (one call of an O(log n) search, say). */
      z.object({ none: z.string().min(20).max(500) }),
    ])
    .optional(),
});
export type JudgeProblem = z.infer<typeof judgeProblemSchema>;
export type JudgeProblemInput = z.input<typeof judgeProblemSchema>;

/**
 * What a judged problem of the sheet holds (issue 28), checked by the authors' command (judge:check) and the
 * content tests: explained examples, graded hints, tests counting the examples, and a too-slow solution except
 * for a few problems that say why (at most TOO_SLOW_NONE_SHARE of them).
 */
export const CONTENT_RULES = {
  examplesMin: 2,
  examplesMax: 3,
  hintsMin: 2,
  hintsMax: 3,
  testsMin: 20,
  tooSlowNoneShare: 0.1,
  /** The authors' check judges the too-slow solution with this many times the time limit: it must still fail. */
  tooSlowMargin: 2,
} as const;

/** The learner-facing name of the function in each language's usual case: twoSum in JS, two_sum in Python. */
export function functionNameIn(language: JudgeSolveLanguage, name: string): string {
  return language === 'python' ? snakeCase(name) : name;
}

export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
