import type { DsaTopic } from '@learnbuild/domain/schemas/dsa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';

export async function getTopics(): Promise<DsaTopic[]> {
  return (await api.get<{ success: true; topics: DsaTopic[] }>('/api/dsa/topics')).data.topics;
}

export const topicsQuery = queryOptions({ queryKey: dsaKeys.topics, queryFn: getTopics, staleTime: 5 * 60_000 });

export function useTopics() {
  return useQuery(topicsQuery);
}
