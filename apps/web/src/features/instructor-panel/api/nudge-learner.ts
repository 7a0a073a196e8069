import type { NudgeBody, NudgeReply } from '@learnbuild/domain/schemas/course-insight';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { instructorPanelKeys } from './keys';

export async function nudgeLearner({
  courseId,
  learnerId,
  ...body
}: NudgeBody & { courseId: string; learnerId: string }): Promise<NudgeReply> {
  const path = `/api/courses/${encodeURIComponent(courseId)}/learners/${encodeURIComponent(learnerId)}/nudge`;
  return (await api.post<NudgeReply>(path, body)).data;
}

/** Sends a nudge; the insight is read again so the learner shows as nudged. */
export function useNudgeLearner(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: NudgeBody & { learnerId: string }) => nudgeLearner({ courseId, ...variables }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: instructorPanelKeys.insight(courseId) }),
  });
}
