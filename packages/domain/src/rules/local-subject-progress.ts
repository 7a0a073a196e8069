import { type SubjectNumbers, subjectNumbers } from './core-progress';

/** SPEC 3: each subtopic's completion flag, keyed by subject, topic and subtopic. */
export interface LocalMark {
  completed: boolean;
  /** ISO time of the mark. */
  at: string;
  /** True until the server has confirmed it (DESIGN decision 5). */
  pending?: boolean;
}
export type LocalSubjectProgress = Record<string, Record<string, Record<string, LocalMark>>>;
/** Number of subtopics per topic, per subject, as last seen from the server. */
export type OutlineSizes = Record<string, Record<string, number>>;

export function setLocalMark(
  store: LocalSubjectProgress,
  subjectId: string,
  topicId: string,
  subtopicId: string,
  mark: LocalMark,
): LocalSubjectProgress {
  const subject = store[subjectId] ?? {};
  const topic = subject[topicId] ?? {};
  return { ...store, [subjectId]: { ...subject, [topicId]: { ...topic, [subtopicId]: mark } } };
}

export function pendingMarks(store: LocalSubjectProgress) {
  const marks: { subjectId: string; topicId: string; subtopicId: string; mark: LocalMark }[] = [];
  for (const [subjectId, topics] of Object.entries(store)) {
    for (const [topicId, subtopics] of Object.entries(topics)) {
      for (const [subtopicId, mark] of Object.entries(subtopics))
        if (mark.pending) marks.push({ subjectId, topicId, subtopicId, mark });
    }
  }
  return marks;
}

/** True when the subject has a mark the server has not confirmed yet. */
export function hasPendingMarks(store: LocalSubjectProgress, subjectId: string): boolean {
  return Object.values(store[subjectId] ?? {}).some((topic) => Object.values(topic).some((mark) => mark.pending));
}

/**
 * Progress of one subject from the local store and the outline sizes last seen from the server,
 * by the same rule as the server's (`subjectNumbers`). Without sizes nothing is known: 0 of `topicCount`.
 */
export function localSubjectProgress(
  store: LocalSubjectProgress,
  sizes: Record<string, number> | undefined,
  subjectId: string,
  topicCount: number,
): SubjectNumbers {
  if (!sizes) {
    return { progress: 0, completedTopics: 0, totalTopics: topicCount, completedSubtopics: 0, totalSubtopics: 0 };
  }
  const topics = store[subjectId] ?? {};
  return subjectNumbers(
    Object.entries(sizes).map(([topicId, total]) => ({
      total,
      completed: Object.values(topics[topicId] ?? {}).filter((mark) => mark.completed).length,
    })),
  );
}
