import type { Lesson } from '@learnbuild/domain/schemas/subjects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubtopicKey } from '@/features/subjects/subject-detail';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { learnerKey } from './get-subjects';

export const lessonQueryKey = (userId: string | null, key: SubtopicKey) =>
  [...learnerKey(userId), 'lesson', key.subjectId, key.topicId, key.subtopicId] as const;

export async function getLesson(key: SubtopicKey): Promise<Lesson> {
  const path = [key.subjectId, 'topics', key.topicId, 'subtopics', key.subtopicId].map(encodeURIComponent).join('/');
  return (await api.get<{ success: true; lesson: Lesson }>(`/api/subjects/${path}`)).data.lesson;
}

/** Offline with nothing cached the query pauses (fetchStatus 'paused') until the browser is back online. */
export function useLesson(key: SubtopicKey | null) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useQuery({
    ...queryOptions({
      queryKey: key ? lessonQueryKey(userId, key) : [...learnerKey(userId), 'lesson', 'none'],
      queryFn: () => getLesson(key!),
    }),
    enabled: key !== null,
    staleTime: 5 * 60_000,
  });
}
