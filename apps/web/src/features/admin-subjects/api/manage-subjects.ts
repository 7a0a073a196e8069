import type { SubjectSummary, subjectInputSchema } from '@learnbuild/domain/schemas/subjects';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { sortByIds } from '@/features/admin-subjects/order';
import { api } from '@/lib/api-client';
import { adminSubjectPath, adminSubjectsPath } from './admin-paths';
import { subjectListQueryKey } from './get-subject-list';
import { useSubjectsMutation } from './use-subjects-mutation';

export type SubjectValues = z.output<typeof subjectInputSchema>;
type SubjectReply = { success: true; subject: { id: string; name: string } };

export async function createSubject(values: SubjectValues) {
  return (await api.post<SubjectReply>(adminSubjectsPath, values)).data.subject;
}

export async function updateSubject({ id, ...changes }: SubjectValues) {
  return (await api.patch<SubjectReply>(adminSubjectPath(id), changes)).data.subject;
}

export async function deleteSubject(subjectId: string) {
  return (await api.delete<{ success: true; message: string }>(adminSubjectPath(subjectId))).data;
}

export async function reorderSubjects(ids: string[]) {
  return (await api.put<{ success: true; ids: string[] }>(`${adminSubjectsPath}/order`, { ids })).data.ids;
}

export const useCreateSubject = () => useSubjectsMutation({ mutationFn: createSubject });
export const useUpdateSubject = () => useSubjectsMutation({ mutationFn: updateSubject });
export const useDeleteSubject = () => useSubjectsMutation({ mutationFn: deleteSubject });

/** Moves the rows at once; the server's order replaces it when the call settles. */
export function useReorderSubjects() {
  const queryClient = useQueryClient();
  return useSubjectsMutation({
    mutationFn: reorderSubjects,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: subjectListQueryKey });
      const previous = queryClient.getQueryData<SubjectSummary[]>(subjectListQueryKey);
      if (previous) queryClient.setQueryData(subjectListQueryKey, sortByIds(previous, ids));
      return { previous };
    },
    onError: (_error, _ids, context) => queryClient.setQueryData(subjectListQueryKey, context?.previous),
  });
}
