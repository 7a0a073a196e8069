import { STORAGE_KEYS } from '@learnbuild/domain/constants';
import {
  type LocalMark,
  type LocalSubjectProgress,
  localSubjectProgress,
  type OutlineSizes,
  setLocalMark,
} from '@learnbuild/domain/rules/local-subject-progress';
import type { SubjectDetail, SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { readJson, writeJson } from '../../lib/storage';

export const OUTLINE_SIZES_KEY = `${STORAGE_KEYS.subjectProgress}.outlines`;

export function readLocalProgress(): LocalSubjectProgress {
  return readJson<LocalSubjectProgress>(STORAGE_KEYS.subjectProgress, {});
}

export function writeLocalMark(subjectId: string, topicId: string, subtopicId: string, mark: LocalMark): void {
  writeJson(STORAGE_KEYS.subjectProgress, setLocalMark(readLocalProgress(), subjectId, topicId, subtopicId, mark));
}

/** Mirrors the server's flags for one subject into the local store, keeping marks not yet synced. */
export function rememberSubject(subject: SubjectDetail): void {
  let store = readLocalProgress();
  for (const topic of subject.topics) {
    for (const subtopic of topic.subtopics) {
      const local = store[subject.id]?.[topic.id]?.[subtopic.id];
      if (local?.pending) continue;
      if (local?.completed === subtopic.completed) continue;
      store = setLocalMark(store, subject.id, topic.id, subtopic.id, {
        completed: subtopic.completed,
        at: new Date().toISOString(),
      });
    }
  }
  writeJson(STORAGE_KEYS.subjectProgress, store);
  const sizes = readJson<OutlineSizes>(OUTLINE_SIZES_KEY, {});
  sizes[subject.id] = Object.fromEntries(subject.topics.map((topic) => [topic.id, topic.subtopics.length]));
  writeJson(OUTLINE_SIZES_KEY, sizes);
}

export function localSubjectSummaries(
  store: LocalSubjectProgress,
  subjects: readonly { id: string; name: string; icon: string; topicCount: number }[],
): SubjectSummary[] {
  const sizes = readJson<OutlineSizes>(OUTLINE_SIZES_KEY, {});
  return subjects.map((subject) => ({
    id: subject.id,
    name: subject.name,
    icon: subject.icon,
    ...localSubjectProgress(store, sizes[subject.id], subject.id, subject.topicCount),
  }));
}
