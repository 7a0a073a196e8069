import type { DsaProblem, ProblemPatch } from '@learnbuild/domain/schemas/dsa';
import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

export type ManagedProblem = Pick<
  DsaProblem,
  | 'id'
  | 'slug'
  | 'title'
  | 'step'
  | 'topic'
  | 'topicId'
  | 'difficulty'
  | 'url'
  | 'altUrl'
  | 'tags'
  | 'companies'
  | 'position'
>;

export async function updateProblem({ problemId, patch }: { problemId: string; patch: ProblemPatch }) {
  return (await api.patch<{ success: true; problem: ManagedProblem }>(`/api/admin/dsa/problems/${problemId}`, patch))
    .data;
}

export function useUpdateProblem() {
  return useManageMutation(updateProblem, { successMessage: (data) => `Saved "${data.problem.title}"` });
}
