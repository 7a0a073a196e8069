import type { ConfidenceFilter, RevisionSchedule } from '@learnbuild/domain/rules/revision';
import type { ProblemStatus } from '@learnbuild/domain/schemas/dsa';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  dsaLearnerCounters,
  dsaProblems,
  dsaProgress,
  dsaReviews,
  dsaTopics,
  judgeProblems,
  judgeSubmissions,
  userPreferences,
} from '../../db/schema';
import { batchLoaderPerDatabase } from '../../lib/batch-loader';

/** Joins progress for nobody when the reader is anonymous, so every flag reads false. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

export type ProblemRow = typeof dsaProblems.$inferSelect;
export type ProgressRow = typeof dsaProgress.$inferSelect;
export type TopicRow = typeof dsaTopics.$inferSelect;

export interface ProblemFilter {
  userId: string | null;
  /** Issue 29: a confidence level, or 'not-set'. */
  confidence?: ConfidenceFilter;
  topic?: string;
  step?: string;
  difficulty?: 'Easy' | 'Medium' | 'Hard';
  status?: ProblemStatus;
  q?: string;
  /** A company tag, any case (issue 28). */
  company?: string;
  /** The reader's today, for the 'revision' status. */
  today: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

function statusCondition(status: ProblemStatus, today: string): SQL {
  switch (status) {
    case 'solved':
      return eq(dsaProgress.solved, true);
    case 'unsolved':
      return sql`coalesce(${dsaProgress.solved}, false) = false`;
    case 'bookmarked':
      return eq(dsaProgress.bookmarked, true);
    case 'verified':
      return and(eq(dsaProgress.solved, true), eq(dsaProgress.verified, true)) as SQL;
    case 'revision':
      return lte(dsaProgress.revisionDueOn, today);
  }
}

/** A problem's fields that are the same for every reader (the sheet's row without the flags). */
const catalogueColumns = {
  id: dsaProblems.id,
  slug: dsaProblems.slug,
  title: dsaProblems.title,
  step: dsaProblems.step,
  topic: dsaTopics.name,
  topicId: dsaProblems.topicId,
  difficulty: dsaProblems.difficulty,
  url: dsaProblems.url,
  altUrl: dsaProblems.altUrl,
  tags: dsaProblems.tags,
  companies: dsaProblems.companies,
  position: dsaProblems.position,
  /** Issue 27: solvable on its own page, by a judge that passes its own references. */
  judge: sql<boolean>`exists (select 1 from ${judgeProblems} where ${judgeProblems.problemId} = ${dsaProblems.id} and ${judgeProblems.enabled})`,
};

/** The sheet in learning-path order, with the reader's flags; deleted problems never appear. */
export async function listProblems(db: DbOrTx, filter: ProblemFilter) {
  const conditions: (SQL | undefined)[] = [isNull(dsaProblems.deletedAt)];
  if (filter.topic) {
    conditions.push(
      UUID_PATTERN.test(filter.topic)
        ? eq(dsaProblems.topicId, filter.topic)
        : sql`lower(${dsaTopics.name}) = lower(${filter.topic})`,
    );
  }
  if (filter.step) conditions.push(eq(dsaProblems.step, filter.step));
  if (filter.difficulty) conditions.push(eq(dsaProblems.difficulty, filter.difficulty));
  if (filter.status) conditions.push(statusCondition(filter.status, filter.today));
  if (filter.confidence) {
    conditions.push(
      filter.confidence === 'not-set' ? isNull(dsaProgress.confidence) : eq(dsaProgress.confidence, filter.confidence),
    );
  }
  if (filter.company) {
    conditions.push(
      sql`exists (select 1 from unnest(${dsaProblems.companies}) as company where lower(company) = lower(${filter.company}))`,
    );
  }
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(
      or(
        ilike(dsaProblems.title, pattern),
        sql`array_to_string(${dsaProblems.tags}, ' ') ilike ${pattern}`,
        ilike(dsaProgress.notes, pattern),
      ),
    );
  }
  return db
    .select({
      ...catalogueColumns,
      solved: sql<boolean>`coalesce(${dsaProgress.solved}, false)`,
      solvedOn: dsaProgress.solvedOn,
      bookmarked: sql<boolean>`coalesce(${dsaProgress.bookmarked}, false)`,
      notes: sql<string>`coalesce(${dsaProgress.notes}, '')`,
      revisionStage: dsaProgress.revisionStage,
      revisionDueOn: dsaProgress.revisionDueOn,
      confidence: dsaProgress.confidence,
      verified: sql<boolean>`coalesce(${dsaProgress.solved} and ${dsaProgress.verified}, false)`,
    })
    .from(dsaProblems)
    .innerJoin(dsaTopics, eq(dsaTopics.id, dsaProblems.topicId))
    .leftJoin(
      dsaProgress,
      and(eq(dsaProgress.problemId, dsaProblems.id), eq(dsaProgress.userId, filter.userId ?? NO_USER)),
    )
    .where(and(...conditions))
    .orderBy(...(filter.status === 'revision' ? revisionOrder : []), asc(dsaProblems.position), asc(dsaProblems.title));
}

/** 'Revise today' (issue 29): the earliest due day first, then the lowest confidence, not set lowest of all. */
const revisionOrder = [
  asc(dsaProgress.revisionDueOn),
  sql`case ${dsaProgress.confidence} when 'low' then 1 when 'medium' then 2 when 'high' then 3 when 'expert' then 4 else 0 end`,
];

/** The live bank in the sheet's order with no reader's flags: the catalogue every learner shares. */
export async function catalogueProblems(db: DbOrTx) {
  return db
    .select(catalogueColumns)
    .from(dsaProblems)
    .innerJoin(dsaTopics, eq(dsaTopics.id, dsaProblems.topicId))
    .where(isNull(dsaProblems.deletedAt))
    .orderBy(asc(dsaProblems.position), asc(dsaProblems.title));
}

/**
 * Learners' flags as the JSON text of each one's whole reply (`FlagsReply`), built by PostgreSQL from the rows that
 * hold something (the primary key's user_id ranges, no join: the deleted problems come from the in-memory index):
 * one text value per learner crosses to Node instead of a row per problem. The learners of one round of requests
 * share the query (lib/batch-loader.ts).
 */
function learnersFlagsQuery(db: DbOrTx) {
  return db
    .select({
      userId: dsaProgress.userId,
      body: sql<string>`json_build_object(
        'success', true,
        'solved', coalesce(json_object_agg(${dsaProgress.problemId}, ${dsaProgress.solvedOn}) filter (where ${dsaProgress.solved}), '{}'),
        'bookmarked', coalesce(json_agg(${dsaProgress.problemId}) filter (where ${dsaProgress.bookmarked}), '[]'),
        'notes', coalesce(json_object_agg(${dsaProgress.problemId}, ${dsaProgress.notes}) filter (where ${dsaProgress.notes} <> ''), '{}'),
        'revision', coalesce(json_object_agg(${dsaProgress.problemId}, json_build_object('stage', ${dsaProgress.revisionStage}, 'dueOn', ${dsaProgress.revisionDueOn})) filter (where ${dsaProgress.revisionStage} is not null), '{}'),
        'verified', coalesce(json_agg(${dsaProgress.problemId}) filter (where ${dsaProgress.solved} and ${dsaProgress.verified}), '[]'),
        'confidence', coalesce(json_object_agg(${dsaProgress.problemId}, ${dsaProgress.confidence}) filter (where ${dsaProgress.confidence} is not null), '{}')
      )::text`,
    })
    .from(dsaProgress)
    .where(
      and(
        sql`${dsaProgress.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
        sql`${dsaProgress.problemId} <> all(${sql.placeholder('deleted')}::uuid[])`,
        or(
          eq(dsaProgress.solved, true),
          eq(dsaProgress.bookmarked, true),
          sql`${dsaProgress.notes} <> ''`,
          isNotNull(dsaProgress.revisionStage),
          isNotNull(dsaProgress.confidence),
        ),
      ),
    )
    .groupBy(dsaProgress.userId)
    .prepare('dsa_learners_flags');
}

/** The flags reply of a learner who has marked nothing. */
export const NO_FLAGS_JSON =
  '{"success":true,"solved":{},"bookmarked":[],"notes":{},"revision":{},"verified":[],"confidence":{}}';

/**
 * The deleted problems are the same for every learner of a round only while the bank does not change: a round
 * is keyed by the bank's deleted ids too, so a round never mixes two versions of the bank.
 */
const learnersFlagsFor = batchLoaderPerDatabase<string>((db) => {
  const query = learnersFlagsQuery(db as DbOrTx);
  return async (keys) => {
    const byDeleted = new Map<string, string[]>();
    for (const key of keys) {
      const [deleted = '', userId = ''] = key.split('|');
      const userIds = byDeleted.get(deleted);
      if (userIds) userIds.push(userId);
      else byDeleted.set(deleted, [userId]);
    }
    const found = new Map<string, string>();
    for (const [deleted, userIds] of byDeleted) {
      const rows = await query.execute({ userIds, deleted: deleted ? deleted.split(',') : [] });
      for (const row of rows) found.set(`${deleted}|${row.userId}`, row.body);
    }
    return found;
  };
});

export async function learnerFlagsJson(db: DbOrTx, userId: string, deletedIds: readonly string[]): Promise<string> {
  return (await learnersFlagsFor(db)(`${deletedIds.join(',')}|${userId}`)) ?? NO_FLAGS_JSON;
}

export async function findLiveProblem(db: DbOrTx, problemId: string) {
  const [row] = await db
    .select()
    .from(dsaProblems)
    .where(and(eq(dsaProblems.id, problemId), isNull(dsaProblems.deletedAt)))
    .limit(1);
  return row;
}

// Progress

/**
 * Creates the learner's row if missing and locks it for the rest of the transaction, so two
 * sessions changing the same problem at once apply one after the other.
 */
export async function lockProgress(tx: DbOrTx, userId: string, problemId: string): Promise<ProgressRow> {
  await tx.insert(dsaProgress).values({ userId, problemId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(dsaProgress)
    .where(and(eq(dsaProgress.userId, userId), eq(dsaProgress.problemId, problemId)))
    .for('update');
  return row!;
}

export type ProgressValues = Pick<
  ProgressRow,
  'solved' | 'solvedAt' | 'solvedOn' | 'bookmarked' | 'notes' | 'revisionStage' | 'revisionDueOn' | 'verified'
> &
  /** Issue 29: left out (imports), the row keeps its FSRS card and confidence. */
  Partial<Pick<ProgressRow, 'fsrsCard' | 'confidence'>>;

export async function writeProgress(
  tx: DbOrTx,
  userId: string,
  problemId: string,
  values: ProgressValues,
): Promise<ProgressRow> {
  const [row] = await tx
    .update(dsaProgress)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(dsaProgress.userId, userId), eq(dsaProgress.problemId, problemId)))
    .returning();
  return row!;
}

/** The learner's revision schedule (issue 29): no preferences row means the default, adaptive. */
export async function findRevisionSchedule(db: DbOrTx, userId: string): Promise<RevisionSchedule> {
  const [row] = await db
    .select({ revisionSchedule: userPreferences.revisionSchedule })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row?.revisionSchedule ?? 'adaptive';
}

export async function insertReview(tx: DbOrTx, userId: string, problemId: string, stage: number): Promise<void> {
  await tx.insert(dsaReviews).values({ userId, problemId, stage });
}

/** Every problem's difficulty and whether it is deleted: the small index stats count against (problem-index.ts). */
export async function problemDifficulties(db: DbOrTx) {
  return db
    .select({ id: dsaProblems.id, difficulty: dsaProblems.difficulty, deleted: isNotNull(dsaProblems.deletedAt) })
    .from(dsaProblems);
}

/**
 * Loads the given columns of the counters rows of the learners of one round of reads (lib/batch-loader.ts),
 * in one prepared query; each learner with a row gets that row.
 */
function learnersCountersLoader<Columns extends Record<string, AnyPgColumn>>(columns: Columns, name: string) {
  return batchLoaderPerDatabase((db) => {
    const query = (db as DbOrTx)
      .select({ ...columns, userId: dsaLearnerCounters.userId })
      .from(dsaLearnerCounters)
      .where(sql`${dsaLearnerCounters.userId} = any(${sql.placeholder('userIds')}::uuid[])`)
      .prepare(name);
    return async (userIds) => new Map((await query.execute({ userIds })).map((row) => [row.userId, row]));
  });
}

/** A stats read: the solve and bookmark counts and the streak summary. */
const learnersCountersFor = learnersCountersLoader(
  {
    solvedEasy: dsaLearnerCounters.solvedEasy,
    solvedMedium: dsaLearnerCounters.solvedMedium,
    solvedHard: dsaLearnerCounters.solvedHard,
    bookmarked: dsaLearnerCounters.bookmarked,
    lastSolveDay: dsaLearnerCounters.lastSolveDay,
    lastRun: dsaLearnerCounters.lastRun,
    maxStreak: dsaLearnerCounters.maxStreak,
  },
  'dsa_learners_counters',
);

/** An activity read: the solve days as kept text (see solveDayCounts). */
const learnersSolveDaysFor = learnersCountersLoader(
  { solveDayList: dsaLearnerCounters.solveDayList },
  'dsa_learners_solve_days',
);

export type LearnerCounters = Omit<NonNullable<Awaited<ReturnType<ReturnType<typeof learnersCountersFor>>>>, 'userId'>;

export const NO_COUNTERS: LearnerCounters = {
  solvedEasy: 0,
  solvedMedium: 0,
  solvedHard: 0,
  bookmarked: 0,
  lastSolveDay: null,
  lastRun: 0,
  maxStreak: 0,
};

/** Kept equal to a recount of the learner's progress rows by the triggers of migrations 0011 and 0014. */
export async function learnerCounters(db: DbOrTx, userId: string): Promise<LearnerCounters> {
  return (await learnersCountersFor(db)(userId)) ?? NO_COUNTERS;
}

/**
 * The learner's solve days from `fromDay` on (every day when it is omitted), oldest first. The kept list is
 * 'YYYY-MM-DD:count' joined by commas in date order, so it is read from its end and only the days asked for
 * are taken apart: the activity grid reads 49 days of a history of any length.
 */
export async function solveDayCounts(
  db: DbOrTx,
  userId: string,
  fromDay = '',
): Promise<{ date: string; count: number }[]> {
  const list = (await learnersSolveDaysFor(db)(userId))?.solveDayList ?? '';
  const days: { date: string; count: number }[] = [];
  let end = list.length;
  while (end > 0) {
    const start = list.lastIndexOf(',', end - 1) + 1;
    const date = list.slice(start, start + 10);
    if (date < fromDay) break;
    days.push({ date, count: Number(list.slice(start + 11, end)) });
    end = start - 1;
  }
  return days.reverse();
}

/** Recounts every learner's counters from the progress rows; returns how many learners have some. */
export async function rebuildLearnerCounters(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ learners: number }>(sql`select dsa_rebuild_counters() as learners`);
  return Number(result.rows[0]?.learners ?? 0);
}

/** Every progress row of a learner that holds something, with its problem's slug (for export). */
export async function progressForExport(db: DbOrTx, userId: string) {
  return db
    .select({
      slug: dsaProblems.slug,
      title: dsaProblems.title,
      solved: dsaProgress.solved,
      solvedOn: dsaProgress.solvedOn,
      bookmarked: dsaProgress.bookmarked,
      notes: dsaProgress.notes,
      revisionStage: dsaProgress.revisionStage,
      revisionDueOn: dsaProgress.revisionDueOn,
    })
    .from(dsaProgress)
    .innerJoin(dsaProblems, eq(dsaProblems.id, dsaProgress.problemId))
    .where(
      and(
        eq(dsaProgress.userId, userId),
        isNull(dsaProblems.deletedAt),
        or(
          eq(dsaProgress.solved, true),
          eq(dsaProgress.bookmarked, true),
          sql`${dsaProgress.notes} <> ''`,
          isNotNull(dsaProgress.revisionStage),
        ),
      ),
    )
    .orderBy(asc(dsaProblems.position));
}

export async function progressRows(db: DbOrTx, userId: string, problemIds: string[]) {
  if (problemIds.length === 0) return [];
  return db
    .select()
    .from(dsaProgress)
    .where(and(eq(dsaProgress.userId, userId), inArray(dsaProgress.problemId, problemIds)));
}

/** Writes a whole progress row (import); the row lock of a concurrent toggle makes this wait. */
export async function upsertProgress(tx: DbOrTx, userId: string, problemId: string, values: ProgressValues) {
  await tx
    .insert(dsaProgress)
    .values({ userId, problemId, ...values })
    .onConflictDoUpdate({
      target: [dsaProgress.userId, dsaProgress.problemId],
      set: { ...values, updatedAt: new Date() },
    });
}

// Topics

export async function listTopics(db: DbOrTx) {
  return db
    .select({
      id: dsaTopics.id,
      name: dsaTopics.name,
      position: dsaTopics.position,
      problemCount: sql<number>`(count(${dsaProblems.id}) filter (where ${dsaProblems.deletedAt} is null))::int`,
    })
    .from(dsaTopics)
    .leftJoin(dsaProblems, eq(dsaProblems.topicId, dsaTopics.id))
    .groupBy(dsaTopics.id)
    .orderBy(asc(dsaTopics.position), asc(dsaTopics.name));
}

export async function findTopic(db: DbOrTx, topicId: string) {
  const [row] = await db.select().from(dsaTopics).where(eq(dsaTopics.id, topicId)).limit(1);
  return row;
}

export async function findTopicByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(dsaTopics).where(sql`lower(${dsaTopics.name}) = lower(${name})`).limit(1);
  return row;
}

export async function nextTopicPosition(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${dsaTopics.position})` }).from(dsaTopics);
  return (row?.max ?? -1) + 1;
}

/** Inserts a topic; undefined when the name is taken (the unique index decides, even under a race). */
export async function insertTopic(db: DbOrTx, name: string, position: number): Promise<TopicRow | undefined> {
  const [row] = await db.insert(dsaTopics).values({ name, position }).onConflictDoNothing().returning();
  return row;
}

export async function renameTopic(db: DbOrTx, topicId: string, name: string): Promise<TopicRow | undefined> {
  const [row] = await db.update(dsaTopics).set({ name }).where(eq(dsaTopics.id, topicId)).returning();
  return row;
}

export async function countLiveProblemsInTopic(db: DbOrTx, topicId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(dsaProblems)
    .where(and(eq(dsaProblems.topicId, topicId), isNull(dsaProblems.deletedAt)));
  return row?.n ?? 0;
}

/** Removes a topic with the deleted problems still filed under it (they are already out of every list and count). */
export async function deleteTopicWithDeletedProblems(tx: DbOrTx, topicId: string): Promise<boolean> {
  await tx.delete(dsaProblems).where(and(eq(dsaProblems.topicId, topicId), isNotNull(dsaProblems.deletedAt)));
  const deleted = await tx.delete(dsaTopics).where(eq(dsaTopics.id, topicId)).returning({ id: dsaTopics.id });
  return deleted.length > 0;
}

export async function topicPositions(db: DbOrTx, topicIds: string[]) {
  return db
    .select({ id: dsaTopics.id, position: dsaTopics.position })
    .from(dsaTopics)
    .where(inArray(dsaTopics.id, topicIds));
}

export async function setTopicPositions(tx: DbOrTx, ids: string[], positions: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${dsaTopics} set position = v.position
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(positions)}::int[]) as v(id, position)
    where ${dsaTopics.id} = v.id`);
}

// Problems (management)

/** Every problem, deleted ones too, keyed for import matching. */
export async function allProblemsWithTopic(db: DbOrTx) {
  return db
    .select({ problem: dsaProblems, topic: dsaTopics.name })
    .from(dsaProblems)
    .innerJoin(dsaTopics, eq(dsaTopics.id, dsaProblems.topicId))
    .orderBy(asc(dsaProblems.position), asc(dsaProblems.title));
}

export async function findProblemBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select().from(dsaProblems).where(eq(dsaProblems.slug, slug)).limit(1);
  return row;
}

/** Live problems in sheet order: the list new problems are slotted into. */
export async function liveProblemOrder(db: DbOrTx) {
  return db
    .select({ id: dsaProblems.id, step: dsaProblems.step, position: dsaProblems.position })
    .from(dsaProblems)
    .where(isNull(dsaProblems.deletedAt))
    .orderBy(asc(dsaProblems.position), asc(dsaProblems.title));
}

export type NewProblem = typeof dsaProblems.$inferInsert;

/** Inserts a problem; undefined when the slug is taken. */
export async function insertProblem(db: DbOrTx, values: NewProblem): Promise<ProblemRow | undefined> {
  const [row] = await db.insert(dsaProblems).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateProblem(
  db: DbOrTx,
  problemId: string,
  values: Partial<Omit<NewProblem, 'id' | 'createdAt'>>,
): Promise<ProblemRow | undefined> {
  const [row] = await db
    .update(dsaProblems)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(dsaProblems.id, problemId))
    .returning();
  return row;
}

/**
 * Tags a live problem with companies unless staff already tagged it (the demo seed, which must not overwrite
 * their edits); true when it wrote.
 */
export async function tagUntaggedProblem(db: DbOrTx, slug: string, companies: string[]): Promise<boolean> {
  const rows = await db
    .update(dsaProblems)
    .set({ companies, updatedAt: new Date() })
    .where(
      and(eq(dsaProblems.slug, slug), isNull(dsaProblems.deletedAt), sql`cardinality(${dsaProblems.companies}) = 0`),
    )
    .returning({ id: dsaProblems.id });
  return rows.length > 0;
}

export async function softDeleteProblem(db: DbOrTx, problemId: string): Promise<boolean> {
  const rows = await db
    .update(dsaProblems)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(dsaProblems.id, problemId), isNull(dsaProblems.deletedAt)))
    .returning({ id: dsaProblems.id });
  return rows.length > 0;
}

export async function problemPositions(db: DbOrTx, problemIds: string[]) {
  return db
    .select({ id: dsaProblems.id, position: dsaProblems.position })
    .from(dsaProblems)
    .where(and(inArray(dsaProblems.id, problemIds), isNull(dsaProblems.deletedAt)));
}

/** Sets many positions in one statement. */
export async function setProblemPositions(tx: DbOrTx, ids: string[], positions: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${dsaProblems} set position = v.position
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(positions)}::int[]) as v(id, position)
    where ${dsaProblems.id} = v.id`);
}

// Issue 28: what the sheet learns from everyone (solves and submissions per problem) and the roadmap's counts.

/** Learners who solved each problem, for the problems someone solved. */
export function solvedCounts(db: DbOrTx) {
  return db
    .select({ problemId: dsaProgress.problemId, solved: sql<number>`count(*)::int` })
    .from(dsaProgress)
    .where(eq(dsaProgress.solved, true))
    .groupBy(dsaProgress.problemId);
}

/** Judged submissions and the accepted among them, per problem that has any. */
export function submissionCounts(db: DbOrTx) {
  return db
    .select({
      problemId: judgeSubmissions.problemId,
      submissions: sql<number>`count(*)::int`,
      accepted: sql<number>`(count(*) filter (where ${judgeSubmissions.verdict} = 'Accepted'))::int`,
    })
    .from(judgeSubmissions)
    .where(eq(judgeSubmissions.status, 'done'))
    .groupBy(judgeSubmissions.problemId);
}

/** Each topic with live problems, in the sheet's order, with how many of them the learner solved. */
export function roadmapTopics(db: DbOrTx, userId: string) {
  return db
    .select({
      id: dsaTopics.id,
      name: dsaTopics.name,
      total: sql<number>`count(*)::int`,
      solved: sql<number>`(count(*) filter (where ${dsaProgress.solved}))::int`,
    })
    .from(dsaProblems)
    .innerJoin(dsaTopics, eq(dsaTopics.id, dsaProblems.topicId))
    .leftJoin(dsaProgress, and(eq(dsaProgress.problemId, dsaProblems.id), eq(dsaProgress.userId, userId)))
    .where(isNull(dsaProblems.deletedAt))
    .groupBy(dsaTopics.id, dsaTopics.name, dsaTopics.position)
    .orderBy(asc(dsaTopics.position), asc(dsaTopics.name));
}
