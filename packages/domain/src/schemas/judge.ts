import { z } from 'zod';
import { JUDGE_SOLVE_LANGUAGES, JUDGE_TYPES, judgeProblemSchema, VERDICTS } from '../judge/format';
import { timeZoneSchema } from './dsa';

// The judge's API (issue 27): problem pages, submissions and their verdicts. The server validates with these
// and the web app reads the same limits, texts and reply shapes.

export const SUBMISSION_CODE_MAX_BYTES = 64 * 1024;
export const SUBMISSIONS_PER_MINUTE = 10;
/** How many of a learner's own submissions one problem's list shows, newest first. */
export const SUBMISSIONS_LIST_MAX = 50;

export const SUBMISSION_LANGUAGE_MESSAGE = 'Language must be javascript, typescript, python, cpp or java';
export const SUBMISSION_EMPTY_MESSAGE = 'Write some code before submitting';
export const SUBMISSION_TOO_LARGE_MESSAGE = 'Code must be at most 64 KB';
export const SUBMISSION_JUDGE0_MISSING_MESSAGE =
  'C++ and Java are judged by a Judge0 server, and this server has none (JUDGE0_URL is not set). Use JavaScript, TypeScript or Python.';
export const SUBMISSION_RATE_LIMIT_MESSAGE = `You can submit ${SUBMISSIONS_PER_MINUTE} times a minute. Please wait a moment.`;
export const SUBMISSION_NOT_FOUND_MESSAGE = 'Submission not found';
export const PRACTICE_NOT_FOUND_MESSAGE = 'This problem has no judge yet';
export const JUDGE_UNAVAILABLE_MESSAGE = 'The judge could not run this submission. Try again in a minute.';
/** A C++ or Java submission whose Judge0 server was down, slow or failing: it ends with this instead of a verdict's detail. */
export const JUDGE0_UNAVAILABLE_MESSAGE =
  'The C++ and Java judge (Judge0) could not run this submission: it is down or not answering. Try again in a minute.';

export const submissionRequestSchema = z.object({
  language: z.enum(JUDGE_SOLVE_LANGUAGES, { error: SUBMISSION_LANGUAGE_MESSAGE }),
  code: z
    .string({ error: SUBMISSION_EMPTY_MESSAGE })
    .refine((code) => code.trim().length > 0, SUBMISSION_EMPTY_MESSAGE),
  /** The learner's time zone: an Accepted solve counts on their day, as the sheet's checkbox does. */
  timeZone: timeZoneSchema,
});
export type SubmissionRequest = z.infer<typeof submissionRequestSchema>;

export const practiceExampleSchema = z.object({
  /** As a learner reads it: `nums = [2,7,11,15], target = 9`. */
  input: z.string(),
  /** The expected answer as JSON text: `[0,1]`. */
  output: z.string(),
  explanation: z.string(),
  /** The same example as values, for the browser's Run. */
  args: z.record(z.string(), z.unknown()),
  expected: z.unknown(),
});
export type PracticeExample = z.infer<typeof practiceExampleSchema>;

export const practiceSchema = z.object({
  problemId: z.string(),
  slug: z.string(),
  title: z.string(),
  difficulty: z.enum(['Easy', 'Medium', 'Hard']),
  statement: z.string(),
  constraints: z.array(z.string()),
  examples: z.array(practiceExampleSchema),
  hints: z.array(z.string()),
  functionName: z.string(),
  parameters: z.array(z.object({ name: z.string(), type: z.enum(JUDGE_TYPES) })),
  returnType: z.enum(JUDGE_TYPES),
  comparator: z.enum(['exact', 'any-order', 'float']),
  languages: z.array(z.enum(JUDGE_SOLVE_LANGUAGES)),
  starterCode: z.record(z.string(), z.string()),
  /** How many tests Submit judges (examples and hidden ones). */
  testCount: z.number().int(),
  videoUrl: z.string().nullable(),
  /** The sheet's link to the problem elsewhere. */
  externalUrl: z.string().nullable(),
});
export type Practice = z.infer<typeof practiceSchema>;
export const practiceReplySchema = z.object({ success: z.literal(true), practice: practiceSchema });

export const SUBMISSION_STATUSES = ['queued', 'running', 'done'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const failedCaseSchema = z.object({
  /** 1-based: "Test 7". */
  index: z.number().int(),
  hidden: z.boolean(),
  input: z.string().optional(),
  expected: z.string().optional(),
  actual: z.string().optional(),
});
export type FailedCase = z.infer<typeof failedCaseSchema>;

export const submissionSchema = z.object({
  id: z.string(),
  problemId: z.string(),
  language: z.enum(JUDGE_SOLVE_LANGUAGES),
  status: z.enum(SUBMISSION_STATUSES),
  verdict: z.enum(VERDICTS).nullable(),
  passed: z.number().int(),
  total: z.number().int(),
  runtimeMs: z.number().int().nullable(),
  failedCase: failedCaseSchema.nullable(),
  message: z.string().optional(),
  createdAt: z.string(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionReplySchema = z.object({ success: z.literal(true), submission: submissionSchema });

/** A row of a problem's submissions tab: the submission and the code it sent. */
export const submissionWithCodeSchema = submissionSchema.extend({ code: z.string() });
export type SubmissionWithCode = z.infer<typeof submissionWithCodeSchema>;
export const submissionsReplySchema = z.object({
  success: z.literal(true),
  submissions: z.array(submissionWithCodeSchema),
});

export const submitReplySchema = z.object({
  success: z.literal(true),
  submission: z.object({ id: z.string(), status: z.enum(SUBMISSION_STATUSES) }),
});

export const editorialSchema = z.object({
  approach: z.string(),
  complexity: z.object({ time: z.string(), space: z.string() }),
  solutions: z.object({ javascript: z.string(), python: z.string() }),
});
export type Editorial = z.infer<typeof editorialSchema>;
export const editorialReplySchema = z.object({ success: z.literal(true), editorial: editorialSchema });

// DSA Management's judge editor (issue 27, "Authoring"): read, save and validate a problem's judge, and turn it
// on once its own references pass every test.

export const JUDGE_VALIDATE_FIRST_MESSAGE = 'Validate the judge first: its own reference must pass every test';
export const JUDGE_NOT_SAVED_MESSAGE = 'This problem has no judge yet: save one first';

/**
 * The problem file as DSA Management saves it: the file's own schema, and every example's and test's
 * arguments named exactly as the signature's parameters (a misspelt name would reach the function as undefined).
 */
/**
 * Every parameter named once, and every example's and test's arguments named exactly as the parameters (a
 * misspelt name would reach the function as undefined): for a judged problem and a course's code exercise alike.
 */
export function checkArgumentNames(
  spec: {
    parameters: readonly { name: string }[];
    examples: readonly { args: Record<string, unknown> }[];
    tests: readonly { args: Record<string, unknown> }[];
  },
  context: z.RefinementCtx,
) {
  const names = spec.parameters.map((parameter) => parameter.name);
  for (const [index, name] of names.entries()) {
    if (names.indexOf(name) !== index)
      context.addIssue({ code: 'custom', path: ['parameters', index, 'name'], message: `"${name}" is used twice` });
  }
  const checkArguments = (list: 'examples' | 'tests', args: Record<string, unknown>, index: number) => {
    const missing = names.find((name) => !(name in args));
    const extra = Object.keys(args).find((name) => !names.includes(name));
    const path = [list, index, 'args'];
    if (missing) context.addIssue({ code: 'custom', path, message: `Give the argument "${missing}"` });
    else if (extra) context.addIssue({ code: 'custom', path, message: `"${extra}" is not a parameter` });
  };
  for (const [index, example] of spec.examples.entries()) checkArguments('examples', example.args, index);
  for (const [index, test] of spec.tests.entries()) checkArguments('tests', test.args, index);
}

export const judgeSpecSchema = judgeProblemSchema.superRefine(checkArgumentNames);

/** Where an issue is, as the API's validation details name it: `spec.examples.0.args`. */
export function judgeSpecIssuePath(issue: { path: readonly PropertyKey[] }): string {
  return ['spec', ...issue.path.map(String)].join('.');
}

/** The spec is read by `judgeSpecSchema` in the service, so that the 400 names the field: "spec.tests.3.args: …". */
export const judgeSaveRequestSchema = z.object({
  spec: z.record(z.string(), z.unknown(), { error: 'spec must be a problem file (a JSON object)' }),
});
export type JudgeSaveRequest = z.infer<typeof judgeSaveRequestSchema>;

export const judgeEnabledRequestSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type JudgeEnabledRequest = z.infer<typeof judgeEnabledRequestSchema>;

/** One reference solution judged against every test. */
export const judgeValidationResultSchema = z.object({
  language: z.enum(JUDGE_SOLVE_LANGUAGES),
  verdict: z.enum(VERDICTS),
  passed: z.number().int(),
  total: z.number().int(),
  runtimeMs: z.number().int().nullable(),
  failedCase: failedCaseSchema.nullable(),
  message: z.string().optional(),
});
export type JudgeValidationResult = z.infer<typeof judgeValidationResultSchema>;

export const judgeValidationSchema = z.object({
  /** Every reference the server can run was Accepted. */
  valid: z.boolean(),
  results: z.array(judgeValidationResultSchema),
  validatedAt: z.string(),
});
export type JudgeValidation = z.infer<typeof judgeValidationSchema>;

export const managedJudgeSchema = z.object({
  spec: judgeProblemSchema,
  enabled: z.boolean(),
  /** The last validation of this very spec; null when it was never validated or has changed since. */
  validation: judgeValidationSchema.nullable(),
});
export type ManagedJudge = z.infer<typeof managedJudgeSchema>;

export const managedJudgeReplySchema = z.object({ success: z.literal(true), judge: managedJudgeSchema.nullable() });
export const judgeChangeReplySchema = z.object({
  success: z.literal(true),
  judge: managedJudgeSchema,
  message: z.string(),
});
export const judgeValidateReplySchema = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  results: z.array(judgeValidationResultSchema),
  judge: managedJudgeSchema,
});
