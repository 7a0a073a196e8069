import type { SubjectDetail } from '@learnbuild/domain/schemas/subjects';
import { useQueryClient } from '@tanstack/react-query';
import { sortByIds } from '@/features/admin-subjects/order';
import { api } from '@/lib/api-client';
import { adminLessonPath, adminLessonsPath, type LessonKey } from './admin-paths';
import type { LessonDraft } from './get-lesson-draft';
import { subjectOutlineQueryKey } from './get-subject-outline';
import { useSubjectsMutation } from './use-subjects-mutation';

type TopicKey = { subjectId: string; topicId: string };
type LessonReply = { success: true; subtopic: { id: string; name: string } };

export async function createLesson({ subjectId, topicId, ...values }: LessonDraft & TopicKey) {
  return (await api.post<LessonReply>(adminLessonsPath(subjectId, topicId), values)).data.subtopic;
}

export async function updateLesson({ subjectId, topicId, id, ...changes }: LessonDraft & TopicKey) {
  return (await api.patch<LessonReply>(adminLessonPath({ subjectId, topicId, subtopicId: id }), changes)).data.subtopic;
}

export async function deleteLesson(key: LessonKey) {
  return (await api.delete<{ success: true; message: string }>(adminLessonPath(key))).data;
}

export async function reorderLessons({ subjectId, topicId, ids }: TopicKey & { ids: string[] }) {
  const path = `${adminLessonsPath(subjectId, topicId)}/order`;
  return (await api.put<{ success: true; ids: string[] }>(path, { ids })).data.ids;
}

export const useCreateLesson = () => useSubjectsMutation({ mutationFn: createLesson });
export const useUpdateLesson = () => useSubjectsMutation({ mutationFn: updateLesson });
export const useDeleteLesson = () => useSubjectsMutation({ mutationFn: deleteLesson });

/** Moves the rows at once; the server's order replaces it when the call settles. */
export function useReorderLessons() {
  const queryClient = useQueryClient();
  return useSubjectsMutation({
    mutationFn: reorderLessons,
    onMutate: async ({ subjectId, topicId, ids }) => {
      const key = subjectOutlineQueryKey(subjectId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SubjectDetail>(key);
      if (previous) {
        queryClient.setQueryData(key, {
          ...previous,
          topics: previous.topics.map((topic) =>
            topic.id === topicId ? { ...topic, subtopics: sortByIds(topic.subtopics, ids) } : topic,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, { subjectId }, context) =>
      queryClient.setQueryData(subjectOutlineQueryKey(subjectId), context?.previous),
  });
}
