import { and, asc, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subjectSubtopics, subjects, subjectTopics, subtopicProgress } from '../../db/schema';

const NO_USER = '00000000-0000-0000-0000-000000000000';

export type Level = 'subject' | 'topic' | 'subtopic';
/** The parent whose children a level lists: none for subjects, a subject for topics, a topic for subtopics. */
export interface Parent {
  subjectId?: string;
  topicId?: string;
}
export interface SubtopicKey {
  subjectId: string;
  topicId: string;
  subtopicId: string;
}

const topicIs = (subjectId: string, topicId: string) =>
  and(eq(subjectTopics.subjectId, subjectId), eq(subjectTopics.id, topicId));

const subtopicIs = (key: SubtopicKey) =>
  and(
    eq(subjectSubtopics.subjectId, key.subjectId),
    eq(subjectSubtopics.topicId, key.topicId),
    eq(subjectSubtopics.id, key.subtopicId),
  );

/** A completion row of the user for a subtopic, given by ids or by the columns of a joined row. */
const progressIs = (userId: string, key: Record<keyof SubtopicKey, string | Column>) =>
  and(
    eq(subtopicProgress.userId, userId),
    eq(subtopicProgress.subjectId, key.subjectId),
    eq(subtopicProgress.topicId, key.topicId),
    eq(subtopicProgress.subtopicId, key.subtopicId),
  );

/** Joins a subtopic row to the user's completion row, if any (anonymous visitors have none). */
const progressOfSubtopic = (userId: string | null) =>
  progressIs(userId ?? NO_USER, {
    subjectId: subjectSubtopics.subjectId,
    topicId: subjectSubtopics.topicId,
    subtopicId: subjectSubtopics.id,
  });

export async function listSubjects(db: DbOrTx) {
  return db
    .select({ id: subjects.id, name: subjects.name, icon: subjects.icon, description: subjects.description })
    .from(subjects)
    .orderBy(asc(subjects.position), asc(subjects.name));
}

/** Per topic: how many subtopics it has and how many of them the user completed. */
export async function topicCompletion(db: DbOrTx, userId: string | null, subjectId?: string) {
  return db
    .select({
      subjectId: subjectTopics.subjectId,
      topicId: subjectTopics.id,
      total: sql<number>`count(${subjectSubtopics.id})::int`,
      completed: sql<number>`count(${subtopicProgress.subtopicId})::int`,
    })
    .from(subjectTopics)
    .leftJoin(
      subjectSubtopics,
      and(eq(subjectSubtopics.subjectId, subjectTopics.subjectId), eq(subjectSubtopics.topicId, subjectTopics.id)),
    )
    .leftJoin(subtopicProgress, progressOfSubtopic(userId))
    .where(subjectId ? eq(subjectTopics.subjectId, subjectId) : undefined)
    .groupBy(subjectTopics.subjectId, subjectTopics.id);
}

export async function findSubject(db: DbOrTx, subjectId: string) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, subjectId)).limit(1);
  return row;
}

export async function findTopic(db: DbOrTx, subjectId: string, topicId: string) {
  const [row] = await db.select().from(subjectTopics).where(topicIs(subjectId, topicId)).limit(1);
  return row;
}

export async function subjectOutline(db: DbOrTx, subjectId: string, userId: string | null) {
  const topics = await db
    .select({ id: subjectTopics.id, name: subjectTopics.name, description: subjectTopics.description })
    .from(subjectTopics)
    .where(eq(subjectTopics.subjectId, subjectId))
    .orderBy(asc(subjectTopics.position), asc(subjectTopics.name));
  const subtopics = await db
    .select({
      topicId: subjectSubtopics.topicId,
      id: subjectSubtopics.id,
      name: subjectSubtopics.name,
      completedAt: subtopicProgress.completedAt,
    })
    .from(subjectSubtopics)
    .leftJoin(subtopicProgress, progressOfSubtopic(userId))
    .where(eq(subjectSubtopics.subjectId, subjectId))
    .orderBy(asc(subjectSubtopics.position), asc(subjectSubtopics.name));
  return topics.map((topic) => ({
    ...topic,
    subtopics: subtopics
      .filter((s) => s.topicId === topic.id)
      .map((s) => ({ id: s.id, name: s.name, completed: s.completedAt !== null })),
  }));
}

export async function findSubtopic(db: DbOrTx, key: SubtopicKey) {
  const [row] = await db.select().from(subjectSubtopics).where(subtopicIs(key)).limit(1);
  return row;
}

export async function subtopicCompletedAt(db: DbOrTx, userId: string, key: SubtopicKey) {
  const [row] = await db
    .select({ completedAt: subtopicProgress.completedAt })
    .from(subtopicProgress)
    .where(progressIs(userId, key))
    .limit(1);
  return row?.completedAt ?? null;
}

/** Idempotent: marking twice keeps the first completion time; unmarking twice is a no-op. */
export async function setSubtopicCompleted(db: DbOrTx, userId: string, key: SubtopicKey, completed: boolean) {
  if (completed) {
    await db
      .insert(subtopicProgress)
      .values({ userId, ...key })
      .onConflictDoNothing();
  } else {
    await db.delete(subtopicProgress).where(progressIs(userId, key));
  }
  return subtopicCompletedAt(db, userId, key);
}

// Admin management

export async function insertSubject(db: DbOrTx, values: typeof subjects.$inferInsert) {
  const [row] = await db.insert(subjects).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSubject(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<typeof subjects.$inferInsert, 'name' | 'icon' | 'description'>>,
) {
  const [row] = await db
    .update(subjects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subjects.id, id))
    .returning();
  return row;
}

export async function deleteSubject(db: DbOrTx, id: string) {
  const rows = await db.delete(subjects).where(eq(subjects.id, id)).returning({ id: subjects.id });
  return rows.length > 0;
}

export async function insertTopic(db: DbOrTx, values: typeof subjectTopics.$inferInsert) {
  const [row] = await db.insert(subjectTopics).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateTopic(
  db: DbOrTx,
  subjectId: string,
  id: string,
  values: { name?: string; description?: string },
) {
  const [row] = await db.update(subjectTopics).set(values).where(topicIs(subjectId, id)).returning();
  return row;
}

export async function deleteTopic(db: DbOrTx, subjectId: string, id: string) {
  const rows = await db.delete(subjectTopics).where(topicIs(subjectId, id)).returning({ id: subjectTopics.id });
  return rows.length > 0;
}

export async function insertSubtopic(db: DbOrTx, values: typeof subjectSubtopics.$inferInsert) {
  const [row] = await db.insert(subjectSubtopics).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSubtopic(
  db: DbOrTx,
  key: SubtopicKey,
  values: { name?: string; body?: string; selfCheck?: { question: string; answer: string }[] },
) {
  const [row] = await db
    .update(subjectSubtopics)
    .set({ ...values, updatedAt: new Date() })
    .where(subtopicIs(key))
    .returning();
  return row;
}

export async function deleteSubtopic(db: DbOrTx, key: SubtopicKey) {
  const rows = await db.delete(subjectSubtopics).where(subtopicIs(key)).returning({ id: subjectSubtopics.id });
  return rows.length > 0;
}

/** The table, id and position columns of a level, and the condition that picks one parent's children. */
function childrenOf(level: Level, parent: Parent) {
  if (level === 'subject') return { table: subjects, id: subjects.id, position: subjects.position, where: undefined };
  if (level === 'topic') {
    return {
      table: subjectTopics,
      id: subjectTopics.id,
      position: subjectTopics.position,
      where: eq(subjectTopics.subjectId, parent.subjectId!) as SQL,
    };
  }
  return {
    table: subjectSubtopics,
    id: subjectSubtopics.id,
    position: subjectSubtopics.position,
    where: and(eq(subjectSubtopics.subjectId, parent.subjectId!), eq(subjectSubtopics.topicId, parent.topicId!)),
  };
}

export async function nextPosition(db: DbOrTx, level: Level, parent: Parent = {}) {
  const children = childrenOf(level, parent);
  const [row] = await db
    .select({ max: sql<number | null>`max(${children.position})` })
    .from(children.table)
    .where(children.where);
  return (row?.max ?? -1) + 1;
}

export async function childIds(db: DbOrTx, level: Level, parent: Parent = {}) {
  const children = childrenOf(level, parent);
  const rows = await db.select({ id: children.id }).from(children.table).where(children.where);
  return rows.map((row) => row.id);
}

/** Sets positions from the order of `ids`; every id must belong to the parent. */
export async function reorder(db: DbOrTx, level: Level, ids: string[], parent: Parent = {}) {
  const children = childrenOf(level, parent);
  for (const [position, id] of ids.entries()) {
    await db
      .update(children.table)
      .set({ position })
      .where(and(children.where, eq(children.id, id)));
  }
}
