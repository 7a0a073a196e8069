import { STORAGE_KEYS } from '@learnbuild/domain/constants';
import type { SubjectNumbers } from '@learnbuild/domain/rules/core-progress';
import {
  hasPendingMarks,
  type LocalMark,
  type LocalSubjectProgress,
  localSubjectProgress,
  type OutlineSizes,
  setLocalMark,
} from '@learnbuild/domain/rules/local-subject-progress';
import type { SubjectDetail, SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { readJson, writeJson } from '@/lib/storage';
import { outlineNumbers, type SubtopicKey, withCompletion } from './subject-detail';

/**
 * Each account has its own store on a shared browser, so nobody sees or replays another
 * account's marks. Without a signed-in user nothing is read or written.
 */
export function localProgressKeys(userId: string) {
  const marks = `${STORAGE_KEYS.subjectProgress}.${userId}`;
  return { marks, outlines: `${marks}.outlines`, summaries: `${marks}.summaries` };
}

type StoredSummaries = Record<string, SubjectNumbers>;

export function readLocalProgress(userId: string | null): LocalSubjectProgress {
  return userId ? readJson<LocalSubjectProgress>(localProgressKeys(userId).marks, {}) : {};
}

function writeLocalProgress(userId: string, store: LocalSubjectProgress): void {
  writeJson(localProgressKeys(userId).marks, store);
}

export function readLocalMark(userId: string | null, key: SubtopicKey): LocalMark | undefined {
  return readLocalProgress(userId)[key.subjectId]?.[key.topicId]?.[key.subtopicId];
}

export function writeLocalMark(userId: string | null, key: SubtopicKey, mark: LocalMark): void {
  if (!userId) return;
  writeLocalProgress(userId, setLocalMark(readLocalProgress(userId), key.subjectId, key.topicId, key.subtopicId, mark));
}

/** The time of a new mark: now, but always after `previous`, since a mark is told from a later one by its time. */
export function nextMarkTime(previous: LocalMark | undefined): string {
  const after = previous ? Date.parse(previous.at) + 1 : 0;
  return new Date(Math.max(Date.now(), Number.isNaN(after) ? 0 : after)).toISOString();
}

/**
 * The server saved the mark written at `at`: it stops being pending. A later mark of the same
 * subtopic (still pending) is left alone, so it is not lost if its own request fails.
 */
export function confirmLocalMark(userId: string | null, key: SubtopicKey, at: string): boolean {
  const current = readLocalMark(userId, key);
  if (!current || current.at !== at) return false;
  writeLocalMark(userId, key, { completed: current.completed, at });
  return true;
}

/** The server refused the mark written at `at`: `previous` comes back, unless a later mark replaced it. */
export function restoreLocalMark(userId: string | null, key: SubtopicKey, at: string, previous: LocalMark): boolean {
  const current = readLocalMark(userId, key);
  if (!current || current.at !== at) return false;
  writeLocalMark(userId, key, { completed: previous.completed, at: previous.at });
  return true;
}

function readOutlineSizes(userId: string): OutlineSizes {
  return readJson<OutlineSizes>(localProgressKeys(userId).outlines, {});
}

function storeSummaries(userId: string, numbers: Record<string, SubjectNumbers>): void {
  const key = localProgressKeys(userId).summaries;
  writeJson(key, { ...readJson<StoredSummaries>(key, {}), ...numbers });
}

/** The subject's numbers from this device's marks, when its outline was seen here; also kept for the offline list. */
export function refreshLocalSummary(userId: string | null, subjectId: string): SubjectNumbers | undefined {
  if (!userId) return undefined;
  const sizes = readOutlineSizes(userId)[subjectId];
  if (!sizes) return undefined;
  const numbers = localSubjectProgress(readLocalProgress(userId), sizes, subjectId, 0);
  storeSummaries(userId, { [subjectId]: numbers });
  return numbers;
}

/**
 * Mirrors the server's flags for one subject into the local store and remembers its outline
 * sizes. Marks not yet synced are kept, and win in the outline that is returned.
 */
export function rememberSubject(userId: string | null, subject: SubjectDetail): SubjectDetail {
  if (!userId) return subject;
  let store = readLocalProgress(userId);
  for (const topic of subject.topics) {
    for (const subtopic of topic.subtopics) {
      const local = store[subject.id]?.[topic.id]?.[subtopic.id];
      if (local?.pending || local?.completed === subtopic.completed) continue;
      store = setLocalMark(store, subject.id, topic.id, subtopic.id, {
        completed: subtopic.completed,
        at: new Date().toISOString(),
      });
    }
  }
  writeLocalProgress(userId, store);
  const sizes = readOutlineSizes(userId);
  sizes[subject.id] = Object.fromEntries(subject.topics.map((topic) => [topic.id, topic.subtopics.length]));
  writeJson(localProgressKeys(userId).outlines, sizes);
  const shown = withCompletion(subject, (topicId, subtopicId) => {
    const local = store[subject.id]?.[topicId]?.[subtopicId];
    return local?.pending ? local.completed : undefined;
  });
  storeSummaries(userId, { [subject.id]: outlineNumbers(shown) });
  return shown;
}

/**
 * Keeps the numbers of the server's subject list on this device, for the offline list (even
 * subjects never opened here). A subject with marks not yet synced shows this device's numbers.
 */
export function rememberSummaries(userId: string | null, subjects: SubjectSummary[]): SubjectSummary[] {
  if (!userId) return subjects;
  const store = readLocalProgress(userId);
  const shown = subjects.map((subject) => {
    if (!hasPendingMarks(store, subject.id)) return subject;
    const numbers = refreshLocalSummary(userId, subject.id);
    return numbers ? { ...subject, ...numbers } : subject;
  });
  storeSummaries(
    userId,
    Object.fromEntries(
      shown.map((subject) => [
        subject.id,
        {
          progress: subject.progress,
          completedTopics: subject.completedTopics ?? 0,
          totalTopics: subject.totalTopics ?? 0,
          completedSubtopics: subject.completedSubtopics ?? 0,
          totalSubtopics: subject.totalSubtopics ?? 0,
        },
      ]),
    ),
  );
  return shown;
}

/**
 * SPEC 8's fallback list: the numbers last shown on this device (from the subject list or an
 * outline, whichever came last, with offline marks applied); a subject never seen here shows 0%.
 */
export function localSubjectSummaries(
  userId: string | null,
  subjects: readonly { id: string; name: string; icon: string; topicCount: number }[],
): SubjectSummary[] {
  const stored = userId ? readJson<StoredSummaries>(localProgressKeys(userId).summaries, {}) : {};
  return subjects.map((subject) => ({
    id: subject.id,
    name: subject.name,
    icon: subject.icon,
    ...(stored[subject.id] ?? localSubjectProgress({}, undefined, subject.id, subject.topicCount)),
  }));
}

/** The store of the days before it was kept per account: its owner is unknown, so it is dropped. */
export function forgetUnownedProgress(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.subjectProgress);
    window.localStorage.removeItem(`${STORAGE_KEYS.subjectProgress}.outlines`);
  } catch {
    // storage unavailable: nothing to forget
  }
}
