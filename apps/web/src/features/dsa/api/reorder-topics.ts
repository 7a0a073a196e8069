import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

export async function reorderTopics(ids: string[]) {
  return (await api.put<{ success: true; message: string }>('/api/admin/dsa/topics/order', { ids })).data;
}

export function useReorderTopics() {
  return useManageMutation(reorderTopics, { toastErrors: 'The new order could not be saved' });
}
