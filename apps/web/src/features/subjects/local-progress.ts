import { STORAGE_KEYS } from '@learnbuild/domain/constants';
import {
  type LocalSubjectProgress,
  localSubjectProgress,
  type OutlineSizes,
} from '@learnbuild/domain/rules/local-subject-progress';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { readJson } from '../../lib/storage';

export const OUTLINE_SIZES_KEY = `${STORAGE_KEYS.subjectProgress}.outlines`;

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
