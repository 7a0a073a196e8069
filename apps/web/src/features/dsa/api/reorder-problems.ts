import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

/** Hands the positions the listed problems hold out in the new order. */
export async function reorderProblems(ids: string[]) {
  return (await api.put<{ success: true; message: string }>('/api/admin/dsa/problems/order', { ids })).data;
}

export function useReorderProblems() {
  return useManageMutation(reorderProblems, { toastErrors: 'The new order could not be saved' });
}
