import type { Difficulty } from '@learnbuild/domain/rules/dsa-stats';
import type { StudyPlanKind } from '@learnbuild/domain/rules/study-plan';
import { and, asc, eq, inArray, isNull, min, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dsaProblems, dsaProgress, judgeProblems, studyPlans } from '../../db/schema';

export type StudyPlanRow = typeof studyPlans.$inferSelect;

export async function findPlan(db: DbOrTx, userId: string): Promise<StudyPlanRow | undefined> {
  const [row] = await db.select().from(studyPlans).where(eq(studyPlans.userId, userId)).limit(1);
  return row;
}

/** One plan per learner: a new choice replaces the old one and starts again. */
export async function savePlan(
  db: DbOrTx,
  values: { userId: string; kind: StudyPlanKind; steps: string[]; startOn: string; finishOn: string },
): Promise<void> {
  const { userId, ...plan } = values;
  await db
    .insert(studyPlans)
    .values(values)
    .onConflictDoUpdate({ target: studyPlans.userId, set: { ...plan, updatedAt: sql`now()` } });
}

export async function deletePlan(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(studyPlans)
    .where(eq(studyPlans.userId, userId))
    .returning({ userId: studyPlans.userId });
  return rows.length > 0;
}

/** The steps of the live bank in the sheet's order (a step sits where its first problem does). */
export async function sheetSteps(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ step: dsaProblems.step, first: min(dsaProblems.position) })
    .from(dsaProblems)
    .where(isNull(dsaProblems.deletedAt))
    .groupBy(dsaProblems.step)
    .orderBy(asc(min(dsaProblems.position)), asc(dsaProblems.step));
  return rows.map((row) => row.step);
}

/**
 * The live problems a plan covers, in the sheet's order, with the learner's solves. `steps` null is the whole
 * sheet; `difficulties` null is every difficulty.
 */
export async function planProblems(
  db: DbOrTx,
  userId: string,
  cover: { steps: readonly string[] | null; difficulties: readonly Difficulty[] | null },
) {
  const conditions = [isNull(dsaProblems.deletedAt)];
  if (cover.steps) conditions.push(inArray(dsaProblems.step, [...cover.steps]));
  if (cover.difficulties) conditions.push(inArray(dsaProblems.difficulty, [...cover.difficulties]));
  if (cover.steps?.length === 0) return [];
  return db
    .select({
      problemId: dsaProblems.id,
      slug: dsaProblems.slug,
      title: dsaProblems.title,
      difficulty: dsaProblems.difficulty,
      step: dsaProblems.step,
      judged: sql<boolean>`exists (select 1 from ${judgeProblems} where ${judgeProblems.problemId} = ${dsaProblems.id} and ${judgeProblems.enabled})`,
      solved: sql<boolean>`coalesce(${dsaProgress.solved}, false)`,
      solvedOn: dsaProgress.solvedOn,
    })
    .from(dsaProblems)
    .leftJoin(dsaProgress, and(eq(dsaProgress.problemId, dsaProblems.id), eq(dsaProgress.userId, userId)))
    .where(and(...conditions))
    .orderBy(asc(dsaProblems.position), asc(dsaProblems.title));
}
