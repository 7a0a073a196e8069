import { type SubjectNumbers, subjectNumbers } from '@learnbuild/domain/rules/core-progress';
import type { SubjectDetail, SubjectSummary } from '@learnbuild/domain/schemas/subjects';

export interface SubtopicKey {
  subjectId: string;
  topicId: string;
  subtopicId: string;
}

/** The subject's numbers from its outline's flags, by the same rule as the server's. */
export function outlineNumbers(detail: SubjectDetail): SubjectNumbers {
  return subjectNumbers(
    detail.topics.map((topic) => ({
      total: topic.subtopics.length,
      completed: topic.subtopics.filter((subtopic) => subtopic.completed).length,
    })),
  );
}

/** The outline with each subtopic's flag taken from `completedOf` (undefined keeps it), and its percent to match. */
export function withCompletion(
  detail: SubjectDetail,
  completedOf: (topicId: string, subtopicId: string) => boolean | undefined,
): SubjectDetail {
  const topics = detail.topics.map((topic) => ({
    ...topic,
    subtopics: topic.subtopics.map((subtopic) => ({
      ...subtopic,
      completed: completedOf(topic.id, subtopic.id) ?? subtopic.completed,
    })),
  }));
  const next = { ...detail, topics };
  return { ...next, progress: outlineNumbers(next).progress };
}

/** The outline with one subtopic marked or unmarked. */
export function withMark(detail: SubjectDetail, key: SubtopicKey, completed: boolean): SubjectDetail {
  return withCompletion(detail, (topicId, subtopicId) =>
    topicId === key.topicId && subtopicId === key.subtopicId ? completed : undefined,
  );
}

/** The subject list with one subject's numbers replaced. */
export function withSubjectNumbers<T extends SubjectSummary>(
  subjects: T[],
  subjectId: string,
  numbers: SubjectNumbers,
): T[] {
  return subjects.map((subject) => (subject.id === subjectId ? { ...subject, ...numbers } : subject));
}
