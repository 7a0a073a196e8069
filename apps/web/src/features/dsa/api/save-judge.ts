import type { ManagedJudge } from '@learnbuild/domain/schemas/judge';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';
import { useManageMutation } from './manage-mutation';

export type JudgeChange = { success: true; judge: ManagedJudge; message: string };

/** Saves the problem file; a new or changed judge is off until it passes Validate (the message says which). */
export async function saveJudge({ problemId, spec }: { problemId: string; spec: Record<string, unknown> }) {
  return (await api.put<JudgeChange>(`/api/admin/dsa/problems/${problemId}/judge`, { spec })).data;
}

/** The editor reads the judge from its query: the reply goes there before the DSA cache is refreshed. */
export function useSaveJudge() {
  const queryClient = useQueryClient();
  return useManageMutation(async (variables: Parameters<typeof saveJudge>[0]) => {
    const data = await saveJudge(variables);
    queryClient.setQueryData(dsaKeys.judge(variables.problemId), data.judge);
    return data;
  });
}
