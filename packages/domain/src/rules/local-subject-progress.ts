import { percentOf } from './core-progress';

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

/** Progress of one subject from the local store: percent of completed subtopics and fully completed topics. */
export function localSubjectProgress(
  store: LocalSubjectProgress,
  sizes: Record<string, number> | undefined,
  subjectId: string,
  topicCount: number,
) {
  const topics = store[subjectId] ?? {};
  let completedSubtopics = 0;
  let completedTopics = 0;
  let totalSubtopics = 0;
  for (const [topicId, size] of Object.entries(sizes ?? {})) {
    totalSubtopics += size;
    const done = Object.values(topics[topicId] ?? {}).filter((mark) => mark.completed).length;
    completedSubtopics += Math.min(done, size);
    if (size > 0 && done >= size) completedTopics += 1;
  }
  return {
    progress: percentOf(completedSubtopics, totalSubtopics),
    completedTopics,
    totalTopics: sizes ? Object.keys(sizes).length : topicCount,
  };
}
