import type { JudgeValidationResult, ManagedJudge } from '@learnbuild/domain/schemas/judge';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dsaKeys } from './keys';

export type JudgeValidationReply = {
  success: true;
  valid: boolean;
  results: JudgeValidationResult[];
  judge: ManagedJudge;
};

/** Runs the saved judge's reference solutions against every test on the server. */
export async function validateJudge(problemId: string) {
  return (await api.post<JudgeValidationReply>(`/api/admin/dsa/problems/${problemId}/judge/validate`)).data;
}

/** Validation changes nothing learners see: only this judge's own query takes the result. */
export function useValidateJudge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateJudge,
    onSuccess: (data, problemId) => queryClient.setQueryData(dsaKeys.judge(problemId), data.judge),
  });
}
