import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type JudgeProblem,
  type JudgeSolveLanguage,
  judgeProblemSchema,
  type Verdict,
} from '@learnbuild/domain/judge/format';
import { starterCodeFor } from '@learnbuild/domain/judge/starter';
import {
  type Editorial,
  type FailedCase,
  JUDGE_UNAVAILABLE_MESSAGE,
  PRACTICE_NOT_FOUND_MESSAGE,
  type Practice,
  SUBMISSION_JUDGE0_MISSING_MESSAGE,
  SUBMISSION_NOT_FOUND_MESSAGE,
  type Submission,
  type SubmissionWithCode,
} from '@learnbuild/domain/schemas/judge';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  argumentsText,
  type ExtraSandboxes,
  type JudgeResult,
  judgeSubmission,
  type PreparedProblem,
  prepareProblem,
  SANDBOXED_LANGUAGES,
  sandboxFor,
} from '../../judge/judge';
import { type Judge0SandboxOptions, judge0Sandbox } from '../../judge/judge0-sandbox';
import { badRequest, notFound } from '../../lib/http-errors';

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

/** C++ and Java go to Judge0, when this server is given one (JUDGE0_URL). */
const JUDGE0_LANGUAGES = ['cpp', 'java'] as const satisfies readonly JudgeSolveLanguage[];

/** The languages a submission can be judged in here: those with a sandbox on this server, and C++ and Java with Judge0. */
export function judgedLanguages(judge0Url?: string): JudgeSolveLanguage[] {
  return [...SANDBOXED_LANGUAGES, ...(judge0Url ? JUDGE0_LANGUAGES : [])];
}

/** How the judge reaches Judge0, from the configuration; undefined when JUDGE0_URL is not set. */
export function judge0OptionsOf(
  config: Pick<Config, 'judge0Url' | 'judge0AuthToken' | 'judge0TimeoutMs'>,
  log?: FastifyBaseLogger,
): Judge0SandboxOptions | undefined {
  if (!config.judge0Url) return undefined;
  return {
    url: config.judge0Url,
    authToken: config.judge0AuthToken,
    timeoutMs: config.judge0TimeoutMs,
    log: (reason, detail) => log?.warn({ reason, detail }, 'Judge0 could not judge a submission'),
  };
}

/** The sandboxes beyond the server's own: C++ and Java on Judge0 when it is configured, none otherwise. */
export function judge0Sandboxes(judge0: Judge0SandboxOptions | undefined): ExtraSandboxes {
  if (!judge0) return {};
  return { cpp: () => judge0Sandbox('cpp', judge0), java: () => judge0Sandbox('java', judge0) };
}

/** The practice page's content; `judge0Url` adds C++ and Java to its languages. */
export function practiceOf(row: JudgedProblem, judge0Url?: string): Practice {
  const spec = row.spec as JudgeProblem;
  const signature = { functionName: spec.functionName, parameters: spec.parameters, returnType: spec.returnType };
  const languages = judgedLanguages(judge0Url);
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
  if (!judge0Url) throw badRequest(SUBMISSION_JUDGE0_MISSING_MESSAGE);
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

export interface JudgeQueueOptions {
  /** Judge0, when configured: C++ and Java submissions are judged there. */
  judge0?: Judge0SandboxOptions;
  judge?: typeof judgeSubmission;
}

/**
 * Judges one queued submission (the queue's handler): its verdict written, and an Accepted one marks the
 * problem solved and verified through the sheet's own write. Returns the user whose progress moved, if any.
 * A submission another worker took, or one already done, is left alone.
 */
export async function judgeQueuedSubmission(
  db: Db,
  job: JudgeJob,
  options: JudgeQueueOptions = {},
): Promise<{ userId: string; accepted: boolean } | null> {
  const judge = options.judge ?? judgeSubmission;
  const submission = await q.startSubmission(db, job.submissionId);
  if (!submission) return null;
  const problem = await q.findJudgedProblem(db, submission.problemId);
  let result: JudgeResult;
  let message: string | null = null;
  if (!problem) {
    result = { verdict: 'Runtime Error', passed: 0, total: submission.total, runtimeMs: null, failedCase: null };
    message = 'This problem no longer has a judge.';
  } else {
    const language = submission.language as JudgeSolveLanguage;
    const sandbox = sandboxFor(language, judge0Sandboxes(options.judge0));
    if (sandbox) {
      result = await judge(language, submission.code, preparedOf(problem), sandbox);
      message = result.message ?? null;
    } else {
      // Taken by an instance that cannot judge it (C++ sent to one with Judge0, judged by one without).
      result = { verdict: 'Runtime Error', passed: 0, total: submission.total, runtimeMs: null, failedCase: null };
      message = (JUDGE0_LANGUAGES as readonly string[]).includes(language)
        ? SUBMISSION_JUDGE0_MISSING_MESSAGE
        : JUDGE_UNAVAILABLE_MESSAGE;
    }
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
