import { SUBMISSIONS_LIST_MAX } from '@learnbuild/domain/schemas/judge';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dsaProblems, judgeProblems, judgeSubmissions } from '../../db/schema';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SubmissionRow = typeof judgeSubmissions.$inferSelect;

/** A live problem with an enabled judge, by id or slug, with its spec and when the spec last changed. */
export async function findJudgedProblem(db: DbOrTx, idOrSlug: string) {
  const [row] = await db
    .select({
      id: dsaProblems.id,
      slug: dsaProblems.slug,
      title: dsaProblems.title,
      difficulty: dsaProblems.difficulty,
      url: dsaProblems.url,
      spec: judgeProblems.spec,
      updatedAt: judgeProblems.updatedAt,
    })
    .from(judgeProblems)
    .innerJoin(dsaProblems, eq(dsaProblems.id, judgeProblems.problemId))
    .where(
      and(
        UUID_PATTERN.test(idOrSlug) ? eq(dsaProblems.id, idOrSlug) : eq(dsaProblems.slug, idOrSlug),
        isNull(dsaProblems.deletedAt),
        eq(judgeProblems.enabled, true),
      ),
    );
  return row;
}

export async function problemIdsBySlug(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ id: dsaProblems.id, slug: dsaProblems.slug }).from(dsaProblems);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Adds judges for problems that have none; an existing judge (perhaps edited by an instructor) is kept. */
export async function insertMissingJudges(db: DbOrTx, rows: { problemId: string; spec: unknown }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(judgeProblems)
    .values(rows)
    .onConflictDoNothing()
    .returning({ problemId: judgeProblems.problemId });
  return inserted.length;
}

export async function insertSubmission(
  db: DbOrTx,
  values: { userId: string; problemId: string; language: string; code: string; total: number },
): Promise<SubmissionRow> {
  const [row] = await db.insert(judgeSubmissions).values(values).returning();
  return row!;
}

export async function findSubmission(db: DbOrTx, id: string): Promise<SubmissionRow | undefined> {
  if (!UUID_PATTERN.test(id)) return undefined;
  const [row] = await db.select().from(judgeSubmissions).where(eq(judgeSubmissions.id, id));
  return row;
}

/** Takes a queued submission for judging; undefined when another worker already has it (or it is done). */
export async function startSubmission(db: DbOrTx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await db
    .update(judgeSubmissions)
    .set({ status: 'running' })
    .where(and(eq(judgeSubmissions.id, id), eq(judgeSubmissions.status, 'queued')))
    .returning();
  return row;
}

export async function finishSubmission(
  db: DbOrTx,
  id: string,
  result: {
    verdict: string;
    passed: number;
    total: number;
    runtimeMs: number | null;
    failedCase: unknown;
    message: string | null;
  },
): Promise<void> {
  await db
    .update(judgeSubmissions)
    .set({ ...result, status: 'done', finishedAt: sql`now()` })
    .where(eq(judgeSubmissions.id, id));
}

export async function listSubmissions(db: DbOrTx, userId: string, problemId: string): Promise<SubmissionRow[]> {
  return db
    .select()
    .from(judgeSubmissions)
    .where(and(eq(judgeSubmissions.userId, userId), eq(judgeSubmissions.problemId, problemId)))
    .orderBy(desc(judgeSubmissions.createdAt))
    .limit(SUBMISSIONS_LIST_MAX);
}

// DSA Management: a problem's judge as authors edit it.

export interface ProblemJudgeRow {
  problemId: string;
  slug: string;
  title: string;
  judge: {
    spec: unknown;
    enabled: boolean;
    validationHash: string | null;
    validationPassed: boolean;
    validationResults: unknown;
    validatedAt: Date | null;
  } | null;
}

/**
 * A live problem of the bank with its judge (null when it has none); undefined for an unknown or deleted problem.
 * `lock` holds the problem's row until the transaction ends, so that writes to one judge take turns.
 */
export async function findProblemJudge(
  db: DbOrTx,
  problemId: string,
  options: { lock?: boolean } = {},
): Promise<ProblemJudgeRow | undefined> {
  const query = db
    .select({
      problemId: dsaProblems.id,
      slug: dsaProblems.slug,
      title: dsaProblems.title,
      spec: judgeProblems.spec,
      enabled: judgeProblems.enabled,
      validationHash: judgeProblems.validationHash,
      validationPassed: judgeProblems.validationPassed,
      validationResults: judgeProblems.validationResults,
      validatedAt: judgeProblems.validatedAt,
    })
    .from(dsaProblems)
    .leftJoin(judgeProblems, eq(judgeProblems.problemId, dsaProblems.id))
    .where(and(eq(dsaProblems.id, problemId), isNull(dsaProblems.deletedAt)));
  const [row] = options.lock ? await query.for('update', { of: dsaProblems }) : await query;
  if (!row) return undefined;
  const { spec, enabled, validationHash, validationPassed, validationResults, validatedAt, ...problem } = row;
  return {
    ...problem,
    judge:
      spec === null || enabled === null
        ? null
        : {
            spec,
            enabled,
            validationHash,
            validationPassed: validationPassed ?? false,
            validationResults,
            validatedAt,
          },
  };
}

/** A new judge starts off: it is turned on only once its references pass. */
export async function insertJudge(db: DbOrTx, problemId: string, spec: unknown): Promise<void> {
  await db.insert(judgeProblems).values({ problemId, spec, enabled: false });
}

/** A changed spec turns the judge off until it is validated again. */
export async function updateJudgeSpec(db: DbOrTx, problemId: string, spec: unknown): Promise<void> {
  await db
    .update(judgeProblems)
    .set({ spec, enabled: false, updatedAt: sql`now()` })
    .where(eq(judgeProblems.problemId, problemId));
}

export async function recordJudgeValidation(
  db: DbOrTx,
  problemId: string,
  validation: { hash: string; passed: boolean; results: unknown },
): Promise<void> {
  await db
    .update(judgeProblems)
    .set({
      validationHash: validation.hash,
      validationPassed: validation.passed,
      validationResults: validation.results,
      validatedAt: sql`now()`,
    })
    .where(eq(judgeProblems.problemId, problemId));
}

export async function setJudgeEnabled(db: DbOrTx, problemId: string, enabled: boolean): Promise<void> {
  await db.update(judgeProblems).set({ enabled }).where(eq(judgeProblems.problemId, problemId));
}
