import type { ApplyInstructorInput, ApplyInstructorReply } from '@learnbuild/domain/schemas/instructor-applications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { applicationQueryKey } from './get-application-status';

export async function applyInstructor(body: ApplyInstructorInput): Promise<ApplyInstructorReply> {
  return (await api.post<ApplyInstructorReply>('/api/auth/apply-instructor', body)).data;
}

/** SPEC 4: a submission refreshes the application status, whatever its outcome. */
export function useApplyInstructor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyInstructor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationQueryKey }),
  });
}
