import type { Lesson } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LessonKey {
  subjectId: string;
  topicId: string;
  subtopicId: string;
}

export const lessonQueryKey = (key: LessonKey) =>
  ['subjects', 'lesson', key.subjectId, key.topicId, key.subtopicId] as const;

export async function getLesson(key: LessonKey): Promise<Lesson> {
  const path = [key.subjectId, 'topics', key.topicId, 'subtopics', key.subtopicId].map(encodeURIComponent).join('/');
  return (await api.get<{ success: true; lesson: Lesson }>(`/api/subjects/${path}`)).data.lesson;
}

export function useLesson(key: LessonKey | null) {
  return useQuery({
    ...queryOptions({
      queryKey: key ? lessonQueryKey(key) : ['subjects', 'lesson', 'none'],
      queryFn: () => getLesson(key!),
    }),
    enabled: key !== null,
    staleTime: 5 * 60_000,
  });
}
