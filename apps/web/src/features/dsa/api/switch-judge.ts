import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';
import { useManageMutation } from './manage-mutation';
import type { JudgeChange } from './save-judge';

/** Turns the judge on (the server refuses with 409 until its saved version passed Validate) or off. */
export async function switchJudge({ problemId, enabled }: { problemId: string; enabled: boolean }) {
  return (await api.put<JudgeChange>(`/api/admin/dsa/problems/${problemId}/judge/enabled`, { enabled })).data;
}

/** The editor reads the judge from its query: the reply goes there before the DSA cache is refreshed. */
export function useSwitchJudge() {
  const queryClient = useQueryClient();
  return useManageMutation(async (variables: Parameters<typeof switchJudge>[0]) => {
    const data = await switchJudge(variables);
    queryClient.setQueryData(dsaKeys.judge(variables.problemId), data.judge);
    return data;
  });
}
