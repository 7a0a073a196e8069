import type { DsaTopic } from '@learnbuild/domain/schemas/dsa';
import { api } from '@/lib/api-client';
import { useManageMutation } from './manage-mutation';

export async function createTopic(name: string) {
  return (await api.post<{ success: true; topic: DsaTopic }>('/api/admin/dsa/topics', { name })).data;
}

export function useCreateTopic() {
  return useManageMutation(createTopic, { successMessage: (data) => `Added the topic "${data.topic.name}"` });
}
