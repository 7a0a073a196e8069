import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

export async function deleteProblem(problemId: string) {
  return (await api.delete<{ success: true; message: string }>(`/api/admin/dsa/problems/${problemId}`)).data;
}

export function useDeleteProblem() {
  return useManageMutation(deleteProblem, { toastErrors: 'The problem could not be deleted' });
}
