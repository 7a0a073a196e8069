import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

export async function deleteTopic(topicId: string) {
  return (await api.delete<{ success: true; message: string }>(`/api/admin/dsa/topics/${topicId}`)).data;
}

export function useDeleteTopic() {
  return useManageMutation(deleteTopic, { toastErrors: 'The topic could not be deleted' });
}
