import type { DsaTopic } from '@learnbuild/domain/schemas/dsa';
import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

export async function renameTopic({ topicId, name }: { topicId: string; name: string }) {
  return (await api.patch<{ success: true; topic: DsaTopic }>(`/api/admin/dsa/topics/${topicId}`, { name })).data;
}

export function useRenameTopic() {
  return useManageMutation(renameTopic, { successMessage: (data) => `Renamed to "${data.topic.name}"` });
}
