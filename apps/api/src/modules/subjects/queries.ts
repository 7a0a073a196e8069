import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { subjectSubtopics, subjects, subjectTopics, subtopicProgress } from '../../db/schema';

const NO_USER = '00000000-0000-0000-0000-000000000000';

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
    .leftJoin(
      subtopicProgress,
      and(
        eq(subtopicProgress.userId, userId ?? NO_USER),
        eq(subtopicProgress.subjectId, subjectSubtopics.subjectId),
        eq(subtopicProgress.topicId, subjectSubtopics.topicId),
        eq(subtopicProgress.subtopicId, subjectSubtopics.id),
      ),
    )
    .where(subjectId ? eq(subjectTopics.subjectId, subjectId) : undefined)
    .groupBy(subjectTopics.subjectId, subjectTopics.id);
}

export async function findSubject(db: DbOrTx, subjectId: string) {
  const [row] = await db.select().from(subjects).where(eq(subjects.id, subjectId)).limit(1);
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
    .leftJoin(
      subtopicProgress,
      and(
        eq(subtopicProgress.userId, userId ?? NO_USER),
        eq(subtopicProgress.subjectId, subjectSubtopics.subjectId),
        eq(subtopicProgress.topicId, subjectSubtopics.topicId),
        eq(subtopicProgress.subtopicId, subjectSubtopics.id),
      ),
    )
    .where(eq(subjectSubtopics.subjectId, subjectId))
    .orderBy(asc(subjectSubtopics.position), asc(subjectSubtopics.name));
  return topics.map((topic) => ({
    ...topic,
    subtopics: subtopics
      .filter((s) => s.topicId === topic.id)
      .map((s) => ({ id: s.id, name: s.name, completed: s.completedAt !== null })),
  }));
}

export async function findSubtopic(db: DbOrTx, subjectId: string, topicId: string, subtopicId: string) {
  const [row] = await db
    .select()
    .from(subjectSubtopics)
    .where(
      and(
        eq(subjectSubtopics.subjectId, subjectId),
        eq(subjectSubtopics.topicId, topicId),
        eq(subjectSubtopics.id, subtopicId),
      ),
    )
    .limit(1);
  return row;
}

export async function isSubtopicCompleted(
  db: DbOrTx,
  userId: string,
  subjectId: string,
  topicId: string,
  subtopicId: string,
) {
  const [row] = await db
    .select({ completedAt: subtopicProgress.completedAt })
    .from(subtopicProgress)
    .where(
      and(
        eq(subtopicProgress.userId, userId),
        eq(subtopicProgress.subjectId, subjectId),
        eq(subtopicProgress.topicId, topicId),
        eq(subtopicProgress.subtopicId, subtopicId),
      ),
    )
    .limit(1);
  return row?.completedAt ?? null;
}

/** Idempotent: marking twice keeps the first completion time; unmarking twice is a no-op. */
export async function setSubtopicCompleted(
  db: DbOrTx,
  key: { userId: string; subjectId: string; topicId: string; subtopicId: string },
  completed: boolean,
) {
  if (completed) {
    await db.insert(subtopicProgress).values(key).onConflictDoNothing();
  } else {
    await db
      .delete(subtopicProgress)
      .where(
        and(
          eq(subtopicProgress.userId, key.userId),
          eq(subtopicProgress.subjectId, key.subjectId),
          eq(subtopicProgress.topicId, key.topicId),
          eq(subtopicProgress.subtopicId, key.subtopicId),
        ),
      );
  }
  return isSubtopicCompleted(db, key.userId, key.subjectId, key.topicId, key.subtopicId);
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

export async function nextPosition(
  db: DbOrTx,
  level: 'subject' | 'topic' | 'subtopic',
  subjectId?: string,
  topicId?: string,
) {
  const [row] =
    level === 'subject'
      ? await db.select({ max: sql<number | null>`max(${subjects.position})` }).from(subjects)
      : level === 'topic'
        ? await db
            .select({ max: sql<number | null>`max(${subjectTopics.position})` })
            .from(subjectTopics)
            .where(eq(subjectTopics.subjectId, subjectId!))
        : await db
            .select({ max: sql<number | null>`max(${subjectSubtopics.position})` })
            .from(subjectSubtopics)
            .where(and(eq(subjectSubtopics.subjectId, subjectId!), eq(subjectSubtopics.topicId, topicId!)));
  return (row?.max ?? -1) + 1;
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
  const [row] = await db
    .update(subjectTopics)
    .set(values)
    .where(and(eq(subjectTopics.subjectId, subjectId), eq(subjectTopics.id, id)))
    .returning();
  return row;
}

export async function deleteTopic(db: DbOrTx, subjectId: string, id: string) {
  const rows = await db
    .delete(subjectTopics)
    .where(and(eq(subjectTopics.subjectId, subjectId), eq(subjectTopics.id, id)))
    .returning({ id: subjectTopics.id });
  return rows.length > 0;
}

export async function insertSubtopic(db: DbOrTx, values: typeof subjectSubtopics.$inferInsert) {
  const [row] = await db.insert(subjectSubtopics).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateSubtopic(
  db: DbOrTx,
  key: { subjectId: string; topicId: string; id: string },
  values: { name?: string; body?: string; selfCheck?: { question: string; answer: string }[] },
) {
  const [row] = await db
    .update(subjectSubtopics)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(subjectSubtopics.subjectId, key.subjectId),
        eq(subjectSubtopics.topicId, key.topicId),
        eq(subjectSubtopics.id, key.id),
      ),
    )
    .returning();
  return row;
}

export async function deleteSubtopic(db: DbOrTx, key: { subjectId: string; topicId: string; id: string }) {
  const rows = await db
    .delete(subjectSubtopics)
    .where(
      and(
        eq(subjectSubtopics.subjectId, key.subjectId),
        eq(subjectSubtopics.topicId, key.topicId),
        eq(subjectSubtopics.id, key.id),
      ),
    )
    .returning({ id: subjectSubtopics.id });
  return rows.length > 0;
}

/** Sets positions from the order of `ids`; every id must belong to the parent. */
export async function reorder(
  db: DbOrTx,
  level: 'subject' | 'topic' | 'subtopic',
  ids: string[],
  subjectId?: string,
  topicId?: string,
) {
  for (const [position, id] of ids.entries()) {
    if (level === 'subject') await db.update(subjects).set({ position }).where(eq(subjects.id, id));
    else if (level === 'topic')
      await db
        .update(subjectTopics)
        .set({ position })
        .where(and(eq(subjectTopics.subjectId, subjectId!), eq(subjectTopics.id, id)));
    else
      await db
        .update(subjectSubtopics)
        .set({ position })
        .where(
          and(
            eq(subjectSubtopics.subjectId, subjectId!),
            eq(subjectSubtopics.topicId, topicId!),
            eq(subjectSubtopics.id, id),
          ),
        );
  }
}

export async function childIds(
  db: DbOrTx,
  level: 'subject' | 'topic' | 'subtopic',
  subjectId?: string,
  topicId?: string,
) {
  if (level === 'subject') return (await db.select({ id: subjects.id }).from(subjects)).map((r) => r.id);
  if (level === 'topic')
    return (
      await db.select({ id: subjectTopics.id }).from(subjectTopics).where(eq(subjectTopics.subjectId, subjectId!))
    ).map((r) => r.id);
  return (
    await db
      .select({ id: subjectSubtopics.id })
      .from(subjectSubtopics)
      .where(and(eq(subjectSubtopics.subjectId, subjectId!), eq(subjectSubtopics.topicId, topicId!)))
  ).map((r) => r.id);
}
