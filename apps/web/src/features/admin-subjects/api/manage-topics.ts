import type { SubjectDetail, topicInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { sortByIds } from '@/features/admin-subjects/order';
import { api } from '@/lib/api-client';
import { adminTopicPath, adminTopicsPath } from './admin-paths';
import { subjectOutlineQueryKey } from './get-subject-outline';
import { useSubjectsMutation } from './use-subjects-mutation';

export type TopicValues = z.output<typeof topicInputSchema>;
type TopicReply = { success: true; topic: { id: string; name: string } };

export async function createTopic({ subjectId, ...values }: TopicValues & { subjectId: string }) {
  return (await api.post<TopicReply>(adminTopicsPath(subjectId), values)).data.topic;
}

export async function updateTopic({ subjectId, id, ...changes }: TopicValues & { subjectId: string }) {
  return (await api.patch<TopicReply>(adminTopicPath(subjectId, id), changes)).data.topic;
}

export async function deleteTopic({ subjectId, topicId }: { subjectId: string; topicId: string }) {
  return (await api.delete<{ success: true; message: string }>(adminTopicPath(subjectId, topicId))).data;
}

export async function reorderTopics({ subjectId, ids }: { subjectId: string; ids: string[] }) {
  return (await api.put<{ success: true; ids: string[] }>(`${adminTopicsPath(subjectId)}/order`, { ids })).data.ids;
}

export const useCreateTopic = () => useSubjectsMutation({ mutationFn: createTopic });
export const useUpdateTopic = () => useSubjectsMutation({ mutationFn: updateTopic });
export const useDeleteTopic = () => useSubjectsMutation({ mutationFn: deleteTopic });

/** Moves the rows at once; the server's order replaces it when the call settles. */
export function useReorderTopics() {
  const queryClient = useQueryClient();
  return useSubjectsMutation({
    mutationFn: reorderTopics,
    onMutate: async ({ subjectId, ids }) => {
      const key = subjectOutlineQueryKey(subjectId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SubjectDetail>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, topics: sortByIds(previous.topics, ids) });
      return { previous };
    },
    onError: (_error, { subjectId }, context) =>
      queryClient.setQueryData(subjectOutlineQueryKey(subjectId), context?.previous),
  });
}
