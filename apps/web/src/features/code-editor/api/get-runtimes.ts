import type { CodeRuntimesReply } from '@learnbuild/domain/schemas/code-editor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { runtimesKey } from './keys';

export async function getRuntimes(): Promise<CodeRuntimesReply> {
  return (await api.get<CodeRuntimesReply>('/api/code/runtimes')).data;
}

export const runtimesQuery = queryOptions({ queryKey: runtimesKey, queryFn: getRuntimes, staleTime: 5 * 60_000 });

/** Whether this server runs C++ and Java (JUDGE0_URL is set). */
export function useRuntimes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...runtimesQuery, enabled });
}
