import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/http-errors';
import * as q from './queries';

type TopicCompletion = Awaited<ReturnType<typeof q.topicCompletion>>[number];

/** A subject's numbers from its topics' completion counts: percent of subtopics, fully completed topics. */
function summarize(topics: TopicCompletion[]) {
  let completedSubtopics = 0;
  let totalSubtopics = 0;
  let completedTopics = 0;
  for (const topic of topics) {
    completedSubtopics += topic.completed;
    totalSubtopics += topic.total;
    if (topic.total > 0 && topic.completed >= topic.total) completedTopics += 1;
  }
  return {
    progress: percentOf(completedSubtopics, totalSubtopics),
    completedTopics,
    totalTopics: topics.length,
    completedSubtopics,
    totalSubtopics,
  };
}

export async function subjectSummaries(db: DbOrTx, userId: string | null): Promise<SubjectSummary[]> {
  const [list, completion] = await Promise.all([q.listSubjects(db), q.topicCompletion(db, userId)]);
  return list.map((subject) => ({ ...subject, ...summarize(completion.filter((c) => c.subjectId === subject.id)) }));
}

export async function subjectDetail(db: DbOrTx, subjectId: string, userId: string | null) {
  const subject = await q.findSubject(db, subjectId);
  if (!subject) throw notFound('Subject not found');
  const topics = await q.subjectOutline(db, subjectId, userId);
  const completed = topics.flatMap((t) => t.subtopics).filter((s) => s.completed).length;
  const total = topics.reduce((sum, t) => sum + t.subtopics.length, 0);
  return {
    id: subject.id,
    name: subject.name,
    icon: subject.icon,
    description: subject.description,
    progress: percentOf(completed, total),
    topics,
  };
}

export async function lesson(
  db: DbOrTx,
  key: { subjectId: string; topicId: string; subtopicId: string },
  userId: string | null,
) {
  const row = await q.findSubtopic(db, key.subjectId, key.topicId, key.subtopicId);
  if (!row) throw notFound('Lesson not found');
  const completedAt = userId
    ? await q.isSubtopicCompleted(db, userId, key.subjectId, key.topicId, key.subtopicId)
    : null;
  return { ...key, title: row.name, body: row.body, selfCheck: row.selfCheck, completed: completedAt !== null };
}

export async function markSubtopic(
  db: DbOrTx,
  key: { userId: string; subjectId: string; topicId: string; subtopicId: string },
  completed: boolean,
) {
  const row = await q.findSubtopic(db, key.subjectId, key.topicId, key.subtopicId);
  if (!row) throw notFound('Subtopic not found');
  const completedAt = await q.setSubtopicCompleted(db, key, completed);
  const [summary] = (await subjectSummaries(db, key.userId)).filter((s) => s.id === key.subjectId);
  return {
    subjectId: key.subjectId,
    topicId: key.topicId,
    subtopicId: key.subtopicId,
    completed: completedAt !== null,
    completedAt: completedAt?.toISOString() ?? null,
    subjectProgress: summary?.progress ?? 0,
    completedTopics: summary?.completedTopics ?? 0,
    totalTopics: summary?.totalTopics ?? 0,
  };
}
