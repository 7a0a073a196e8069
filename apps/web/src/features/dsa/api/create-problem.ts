import type { ProblemInput } from '@learnbuild/domain/schemas/dsa';
import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';
import type { ManagedProblem } from './update-problem';

export async function createProblem(input: ProblemInput) {
  return (await api.post<{ success: true; problem: ManagedProblem }>('/api/admin/dsa/problems', input)).data;
}

export function useCreateProblem() {
  return useManageMutation(createProblem, { successMessage: (data) => `Added "${data.problem.title}"` });
}
