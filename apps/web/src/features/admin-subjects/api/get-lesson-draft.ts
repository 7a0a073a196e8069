import type { subtopicInputSchema } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminLessonPath, type LessonKey } from './admin-paths';

export type LessonDraft = z.output<typeof subtopicInputSchema>;

export const lessonDraftQueryKey = (key: LessonKey) =>
  ['subjects', 'admin', 'lesson', key.subjectId, key.topicId, key.subtopicId] as const;

/** The full lesson as stored (body and self-check answers), for editing. */
export async function getLessonDraft(key: LessonKey): Promise<LessonDraft> {
  return (await api.get<{ success: true; subtopic: LessonDraft }>(adminLessonPath(key))).data.subtopic;
}

export const lessonDraftQuery = (key: LessonKey) =>
  queryOptions({ queryKey: lessonDraftQueryKey(key), queryFn: () => getLessonDraft(key), gcTime: 0 });

export function useLessonDraft(key: LessonKey) {
  return useQuery(lessonDraftQuery(key));
}
