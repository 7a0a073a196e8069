import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type JudgeProblem,
  type JudgeSolveLanguage,
  judgeProblemSchema,
  SERVER_JUDGED_LANGUAGES,
  type Verdict,
} from '@learnbuild/domain/judge/format';
import { starterCodeFor } from '@learnbuild/domain/judge/starter';
import {
  type Editorial,
  type FailedCase,
  PRACTICE_NOT_FOUND_MESSAGE,
  type Practice,
  SUBMISSION_JUDGE0_MISSING_MESSAGE,
  SUBMISSION_NOT_FOUND_MESSAGE,
  type Submission,
  type SubmissionWithCode,
} from '@learnbuild/domain/schemas/judge';
import type { Db } from '../../db/client';
import {
  argumentsText,
  type JudgeResult,
  judgeSubmission,
  type PreparedProblem,
  prepareProblem,
  SANDBOXED_LANGUAGES,
} from '../../judge/judge';
import { badRequest, notFound } from '../../lib/http-errors';

/** Python is run in the browser today; its server sandbox is the next step of issue 27. */
export const PYTHON_NOT_JUDGED_YET_MESSAGE =
  'Python submissions are not judged on this server yet. Run Python in your browser, and submit in JavaScript or TypeScript.';

import { setProgress } from '../dsa/service';
import * as q from './queries';

export const JUDGE_CONTENT_DIR = path.join(import.meta.dirname, '../../../content/dsa/judge');

/** Every problem file in the content folder, validated (a file that does not validate stops the start). */
export function readJudgeFiles(folder: string = JUDGE_CONTENT_DIR): JudgeProblem[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = judgeProblemSchema.safeParse(JSON.parse(readFileSync(path.join(folder, name), 'utf8')));
      if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return parsed.data;
    });
}

/** Gives each sheet problem that has a file its judge, once: later edits in DSA Management are kept. */
export async function seedJudgeProblems(db: Db, folder?: string): Promise<number> {
  const files = readJudgeFiles(folder);
  const ids = await q.problemIdsBySlug(db);
  const rows = files.flatMap((spec) => {
    const problemId = ids.get(spec.slug);
    return problemId ? [{ problemId, spec }] : [];
  });
  return q.insertMissingJudges(db, rows);
}

type JudgedProblem = NonNullable<Awaited<ReturnType<typeof q.findJudgedProblem>>>;

/** Expanded tests per problem, kept while the judge is unchanged (a generated test of 10⁵ numbers is built once). */
const prepared = new Map<string, { updatedAt: number; problem: PreparedProblem }>();

function preparedOf(row: JudgedProblem): PreparedProblem {
  const kept = prepared.get(row.id);
  if (kept && kept.updatedAt === row.updatedAt.getTime()) return kept.problem;
  const problem = prepareProblem(row.spec as JudgeProblem);
  prepared.set(row.id, { updatedAt: row.updatedAt.getTime(), problem });
  return problem;
}

export async function requireJudgedProblem(db: Db, idOrSlug: string): Promise<JudgedProblem> {
  const row = await q.findJudgedProblem(db, idOrSlug);
  if (!row) throw notFound(PRACTICE_NOT_FOUND_MESSAGE);
  return row;
}

/** The languages a submission can be judged in here: those with a sandbox on this server (C++ and Java need Judge0). */
export function judgedLanguages(): JudgeSolveLanguage[] {
  return [...SANDBOXED_LANGUAGES];
}

export function practiceOf(row: JudgedProblem): Practice {
  const spec = row.spec as JudgeProblem;
  const signature = { functionName: spec.functionName, parameters: spec.parameters, returnType: spec.returnType };
  const languages = judgedLanguages();
  return {
    problemId: row.id,
    slug: row.slug,
    title: row.title,
    difficulty: row.difficulty,
    statement: spec.statement,
    constraints: spec.constraints,
    examples: spec.examples.map((example) => ({
      input: argumentsText(signature, example.args),
      output: JSON.stringify(example.expected),
      explanation: example.explanation,
      args: example.args,
      expected: example.expected,
    })),
    hints: spec.hints,
    functionName: spec.functionName,
    parameters: spec.parameters,
    returnType: spec.returnType,
    comparator: spec.comparator,
    languages,
    starterCode: starterCodeFor(signature, languages, spec.starterCode),
    testCount: spec.examples.length + spec.tests.length,
    videoUrl: spec.videoUrl ?? null,
    externalUrl: row.url || null,
  };
}

export function editorialOf(row: JudgedProblem): Editorial {
  const { approach, complexity, solutions } = (row.spec as JudgeProblem).editorial;
  return { approach, complexity, solutions };
}

/** Refuses what cannot be judged here, with why: C++ and Java without (or before) Judge0. */
export function requireJudgeableLanguage(language: JudgeSolveLanguage, judge0Url: string | undefined): void {
  if ((SANDBOXED_LANGUAGES as readonly string[]).includes(language)) return;
  if ((SERVER_JUDGED_LANGUAGES as readonly string[]).includes(language))
    throw badRequest(PYTHON_NOT_JUDGED_YET_MESSAGE);
  if (!judge0Url) throw badRequest(SUBMISSION_JUDGE0_MISSING_MESSAGE);
  throw badRequest('Submissions in C++ and Java are not judged yet. Use JavaScript, TypeScript or Python.');
}

export function toSubmission(row: q.SubmissionRow): Submission {
  return {
    id: row.id,
    problemId: row.problemId,
    language: row.language as JudgeSolveLanguage,
    status: row.status,
    verdict: (row.verdict as Verdict | null) ?? null,
    passed: row.passed,
    total: row.total,
    runtimeMs: row.runtimeMs,
    failedCase: (row.failedCase as FailedCase | null) ?? null,
    ...(row.message ? { message: row.message } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toSubmissionWithCode(row: q.SubmissionRow): SubmissionWithCode {
  return { ...toSubmission(row), code: row.code };
}

/** The submission, to its owner only: anyone else learns nothing, not even that it exists. */
export async function ownSubmission(db: Db, userId: string, id: string): Promise<Submission> {
  const row = await q.findSubmission(db, id);
  if (!row || row.userId !== userId) throw notFound(SUBMISSION_NOT_FOUND_MESSAGE);
  return toSubmission(row);
}

export interface JudgeJob {
  submissionId: string;
  timeZone: string;
}

/**
 * Judges one queued submission (the queue's handler): its verdict written, and an Accepted one marks the
 * problem solved and verified through the sheet's own write. Returns the user whose progress moved, if any.
 * A submission another worker took, or one already done, is left alone.
 */
export async function judgeQueuedSubmission(
  db: Db,
  job: JudgeJob,
  judge: typeof judgeSubmission = judgeSubmission,
): Promise<{ userId: string; accepted: boolean } | null> {
  const submission = await q.startSubmission(db, job.submissionId);
  if (!submission) return null;
  const problem = await q.findJudgedProblem(db, submission.problemId);
  let result: JudgeResult;
  let message: string | null = null;
  if (!problem) {
    result = { verdict: 'Runtime Error', passed: 0, total: submission.total, runtimeMs: null, failedCase: null };
    message = 'This problem no longer has a judge.';
  } else {
    result = await judge(
      submission.language as 'javascript' | 'typescript' | 'python',
      submission.code,
      preparedOf(problem),
    );
    message = result.message ?? null;
  }
  const accepted = result.verdict === 'Accepted';
  if (accepted) {
    await setProgress(db, submission.userId, submission.problemId, { solved: true, verified: true }, job.timeZone);
  }
  await q.finishSubmission(db, submission.id, {
    verdict: result.verdict,
    passed: result.passed,
    total: result.total,
    runtimeMs: result.runtimeMs,
    failedCase: result.failedCase,
    message,
  });
  return { userId: submission.userId, accepted };
}
