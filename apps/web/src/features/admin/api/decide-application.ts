import type { DecisionReply, RejectApplicationBody } from '@learnbuild/domain/schemas/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminQueryKey } from './keys';

const applicationPath = (id: string) => `/api/admin/instructor-applications/${encodeURIComponent(id)}`;

export async function approveApplication(id: string): Promise<DecisionReply> {
  return (await api.post<DecisionReply>(`${applicationPath(id)}/approve`, {})).data;
}

export async function rejectApplication({ id, ...body }: RejectApplicationBody & { id: string }) {
  return (await api.post<DecisionReply>(`${applicationPath(id)}/reject`, body)).data;
}

/**
 * A decision refreshes every admin list once it settles, refused or not: a 409 means someone else
 * decided first, and the list should show what they decided.
 */
function useDecision<TVariables>(mutationFn: (variables: TVariables) => Promise<DecisionReply>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}

export const useApproveApplication = () => useDecision(approveApplication);
export const useRejectApplication = () => useDecision(rejectApplication);
