import { createHash } from 'node:crypto';
import type { JudgeProblem } from '@learnbuild/domain/judge/format';
import { GeneratorError } from '@learnbuild/domain/judge/generators';
import {
  JUDGE_NOT_SAVED_MESSAGE,
  JUDGE_VALIDATE_FIRST_MESSAGE,
  type JudgeValidation,
  type JudgeValidationResult,
  judgeSpecIssuePath,
  judgeSpecSchema,
  type ManagedJudge,
} from '@learnbuild/domain/schemas/judge';
import type { Db, DbOrTx } from '../../db/client';
import { retryingTransaction } from '../../db/transactions';
import { judgeSubmission, prepareProblem, SANDBOXED_LANGUAGES, type ServerLanguage } from '../../judge/judge';
import { badRequest, conflict, invalidFields, notFound } from '../../lib/http-errors';
import { invalidateProblemIndex } from '../dsa/problem-index';
import { PROBLEM_NOT_FOUND } from '../dsa/service';
import * as q from './queries';

// DSA Management's side of the judge (issue 27, "Authoring"): an author saves a problem's judge, validates it by
// running its own references against every test, and turns it on only while the validated spec is the saved one.

/** The languages a problem file has reference solutions in; each is run when this server has its sandbox. */
const REFERENCE_LANGUAGES = ['javascript', 'python'] as const satisfies readonly ServerLanguage[];

type Judge = NonNullable<q.ProblemJudgeRow['judge']>;

/** JSON with every object's keys sorted: the same spec gives the same text, whatever order jsonb keeps. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * Which version of a spec a validation ran on. The slug and title are left out: they follow the problem's, so a
 * problem renamed in the sheet keeps its judge's validation.
 */
export function specHash(spec: unknown): string {
  const { slug: _slug, title: _title, ...judged } = spec as Record<string, unknown>;
  return createHash('sha256').update(canonicalJson(judged)).digest('hex');
}

function passedValidation(judge: Judge): boolean {
  return judge.validationPassed && judge.validationHash === specHash(judge.spec);
}

/** The judge as its editor reads it, under the problem's current slug and title (a rename leaves the spec be). */
function toManagedJudge({ slug, title, judge }: q.ProblemJudgeRow & { judge: Judge }): ManagedJudge {
  const current = judge.validatedAt !== null && judge.validationHash === specHash(judge.spec);
  const validation: JudgeValidation | null = current
    ? {
        valid: judge.validationPassed,
        results: (judge.validationResults ?? []) as JudgeValidationResult[],
        validatedAt: judge.validatedAt!.toISOString(),
      }
    : null;
  return { spec: { ...(judge.spec as JudgeProblem), slug, title }, enabled: judge.enabled, validation };
}

async function requireProblem(db: DbOrTx, problemId: string, options: { lock?: boolean } = {}) {
  const row = await q.findProblemJudge(db, problemId, options);
  if (!row) throw notFound(PROBLEM_NOT_FOUND);
  return row;
}

function requireJudge(row: q.ProblemJudgeRow): q.ProblemJudgeRow & { judge: Judge } {
  if (!row.judge) throw notFound(JUDGE_NOT_SAVED_MESSAGE);
  return row as q.ProblemJudgeRow & { judge: Judge };
}

/** The problem's judge as its editor shows it; null when it has none yet. */
export async function judgeOf(db: Db, problemId: string): Promise<ManagedJudge | null> {
  const row = await requireProblem(db, problemId);
  return row.judge ? toManagedJudge(requireJudge(row)) : null;
}

/**
 * The problem file an author sent, checked; its slug and title are the problem's own (the sheet names it).
 * A 400 names the first wrong field: "spec.tests.3.args: Give the argument "target"".
 */
export function readJudgeSpec(input: Record<string, unknown>, problem: { slug: string; title: string }): JudgeProblem {
  const parsed = judgeSpecSchema.safeParse({ ...input, slug: problem.slug, title: problem.title });
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({ path: judgeSpecIssuePath(issue), message: issue.message }));
  const first = details[0]!;
  throw invalidFields(`${first.path}: ${first.message}`, details);
}

/** Saves a judge; a new one starts off, and a changed one is off until it passes Validate again. */
export async function saveJudge(db: Db, problemId: string, input: Record<string, unknown>) {
  const outcome = await retryingTransaction(db, async (tx) => {
    const row = await requireProblem(tx, problemId, { lock: true });
    const spec = readJudgeSpec(input, row);
    if (!row.judge) {
      await q.insertJudge(tx, problemId, spec);
      return { change: 'new' as const, wasEnabled: false };
    }
    if (specHash(row.judge.spec) === specHash(spec)) return { change: 'none' as const, wasEnabled: row.judge.enabled };
    await q.updateJudgeSpec(tx, problemId, spec);
    return { change: 'changed' as const, wasEnabled: row.judge.enabled };
  });
  if (outcome.change === 'changed' && outcome.wasEnabled) invalidateProblemIndex(db);
  const message =
    outcome.change === 'none'
      ? 'Nothing changed: the judge is as it was.'
      : outcome.wasEnabled
        ? 'Judge saved and turned off: learners cannot solve it here until it passes Validate and is turned on again.'
        : 'Judge saved. It stays off until it passes Validate and you turn it on.';
  return { judge: toManagedJudge(requireJudge(await requireProblem(db, problemId))), message };
}

/** Runs each reference this server can judge against every test of the saved spec, and keeps the result. */
export async function validateJudge(db: Db, problemId: string) {
  const { judge } = requireJudge(await requireProblem(db, problemId));
  const spec = judge.spec as JudgeProblem;
  const hash = specHash(spec);
  let prepared: ReturnType<typeof prepareProblem>;
  try {
    prepared = prepareProblem(spec);
  } catch (error) {
    if (error instanceof GeneratorError) throw badRequest(`A test could not be generated: ${error.message}`);
    throw error;
  }
  const results: JudgeValidationResult[] = [];
  // One language after the other: the sandboxes run off this event loop, and two at once would only share the CPU.
  for (const language of REFERENCE_LANGUAGES.filter((name) => SANDBOXED_LANGUAGES.includes(name))) {
    const code = spec.references[language] ?? spec.editorial.solutions[language];
    const { verdict, passed, total, runtimeMs, failedCase, message } = await judgeSubmission(language, code, prepared);
    results.push({ language, verdict, passed, total, runtimeMs, failedCase, ...(message ? { message } : {}) });
  }
  const valid = results.length > 0 && results.every((result) => result.verdict === 'Accepted');
  // Kept only while the spec is still the one that ran: an edit saved meanwhile needs its own validation.
  await retryingTransaction(db, async (tx) => {
    const row = await requireProblem(tx, problemId, { lock: true });
    if (row.judge && specHash(row.judge.spec) === hash)
      await q.recordJudgeValidation(tx, problemId, { hash, passed: valid, results });
  });
  return { valid, results, judge: toManagedJudge(requireJudge(await requireProblem(db, problemId))) };
}

/** Turns the judge on (only while the saved spec has passed Validate) or off (always). */
export async function switchJudge(db: Db, problemId: string, enabled: boolean) {
  const changed = await retryingTransaction(db, async (tx) => {
    const { judge } = requireJudge(await requireProblem(tx, problemId, { lock: true }));
    if (enabled && !passedValidation(judge)) throw conflict(JUDGE_VALIDATE_FIRST_MESSAGE);
    if (judge.enabled === enabled) return false;
    await q.setJudgeEnabled(tx, problemId, enabled);
    return true;
  });
  // The sheet's rows carry `judge: true` for enabled judges.
  if (changed) invalidateProblemIndex(db);
  const message = enabled
    ? 'Judge on: learners can solve this problem on its own page.'
    : 'Judge off: the problem page is gone until it is turned on again.';
  return { judge: toManagedJudge(requireJudge(await requireProblem(db, problemId))), message };
}
