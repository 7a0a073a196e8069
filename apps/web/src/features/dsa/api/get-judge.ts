import type { ManagedJudge } from '@learnbuild/domain/schemas/judge';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';

/** A problem's judge for its editor; null when it has none yet. */
export async function getJudge(problemId: string): Promise<ManagedJudge | null> {
  return (await api.get<{ success: true; judge: ManagedJudge | null }>(`/api/admin/dsa/problems/${problemId}/judge`))
    .data.judge;
}

export const judgeQuery = (problemId: string) =>
  queryOptions({ queryKey: dsaKeys.judge(problemId), queryFn: () => getJudge(problemId) });

export function useJudge(problemId: string) {
  return useQuery(judgeQuery(problemId));
}
