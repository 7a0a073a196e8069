import { subjectNumbers } from '@learnbuild/domain/rules/core-progress';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { awardBadges } from '../badges/service';
import { publicExerciseOf, storedExercise } from '../course-exercises/exercise-judge';
import * as q from './queries';

export async function subjectSummaries(db: DbOrTx, userId: string | null): Promise<SubjectSummary[]> {
  const [list, completion] = await Promise.all([q.listSubjects(db), q.topicCompletion(db, userId)]);
  return list.map((subject) => ({
    ...subject,
    ...subjectNumbers(completion.filter((topic) => topic.subjectId === subject.id)),
  }));
}

export async function subjectDetail(db: DbOrTx, subjectId: string, userId: string | null) {
  const subject = await q.findSubject(db, subjectId);
  if (!subject) throw notFound('Subject not found');
  const topics = await q.subjectOutline(db, subjectId, userId);
  const { progress } = subjectNumbers(
    topics.map((topic) => ({
      total: topic.subtopics.length,
      completed: topic.subtopics.filter((subtopic) => subtopic.completed).length,
    })),
  );
  return { id: subject.id, name: subject.name, icon: subject.icon, description: subject.description, progress, topics };
}

export async function lesson(db: DbOrTx, key: q.SubtopicKey, userId: string) {
  const row = await q.findSubtopic(db, key);
  if (!row) throw notFound('Lesson not found');
  const completedAt = await q.subtopicCompletedAt(db, userId, key);
  // A code exercise (issue 30): the learner gets no hidden test and no reference.
  const exercise = storedExercise(row.exercise);
  return {
    ...key,
    title: row.name,
    body: row.body,
    selfCheck: row.selfCheck,
    completed: completedAt !== null,
    exercise: exercise ? publicExerciseOf(exercise) : null,
  };
}

export async function markSubtopic(db: DbOrTx, userId: string, key: q.SubtopicKey, completed: boolean) {
  if (!(await q.findSubtopic(db, key))) throw notFound('Subtopic not found');
  // Completing the last lesson of a subject earns a badge (issue 29), in the same transaction.
  const { completedAt, badgesAwarded } = await db.transaction(async (tx) => ({
    completedAt: await q.setSubtopicCompleted(tx, userId, key, completed),
    badgesAwarded: completed ? await awardBadges(tx, userId) : [],
  }));
  const summary = (await subjectSummaries(db, userId)).find((s) => s.id === key.subjectId);
  return {
    ...key,
    completed: completedAt !== null,
    completedAt: completedAt?.toISOString() ?? null,
    subjectProgress: summary?.progress ?? 0,
    completedTopics: summary?.completedTopics ?? 0,
    totalTopics: summary?.totalTopics ?? 0,
    badgesAwarded,
  };
}

// Admin management

/** 404 unless the parent exists: a subject for topics, a topic for subtopics. */
export async function requireParent(db: DbOrTx, parent: q.Parent) {
  if (parent.subjectId === undefined) return;
  if (parent.topicId === undefined) {
    if (!(await q.findSubject(db, parent.subjectId))) throw notFound('Subject not found');
    return;
  }
  if (!(await q.findTopic(db, parent.subjectId, parent.topicId))) throw notFound('Topic not found');
}

/** Adds a child at the end of its parent; 404 for an unknown parent, 409 for a taken id. */
export async function createChild<Row>(
  db: DbOrTx,
  level: q.Level,
  parent: q.Parent,
  id: string,
  insert: (position: number) => Promise<Row | undefined>,
): Promise<Row> {
  await requireParent(db, parent);
  const created = await insert(await q.nextPosition(db, level, parent));
  if (created) return created;
  const where = level === 'subject' ? '' : ` in this ${level === 'topic' ? 'subject' : 'topic'}`;
  throw conflict(`A ${level} with id "${id}" already exists${where}`);
}

/**
 * Puts a parent's children in the order of `ids`, which must name each current child exactly once
 * (an empty parent's order is the empty list). 404 for an unknown parent.
 */
export async function reorderChildren(db: DbOrTx, level: q.Level, parent: q.Parent, ids: string[]) {
  await requireParent(db, parent);
  const existing = await q.childIds(db, level, parent);
  const same =
    ids.length === existing.length && new Set(ids).size === ids.length && ids.every((id) => existing.includes(id));
  if (!same) {
    throw badRequest(`The new order must list each of the ${existing.length} current ${level}s exactly once`);
  }
  await db.transaction((tx) => q.reorder(tx, level, ids, parent));
  return ids;
}
