import { type StudyPlanBody, type StudyPlanReply, studyPlanReplySchema } from '@learnbuild/domain/schemas/study-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { dashboardKeys } from './keys';

/** Picks (or replaces) the plan; it starts today on the browser's own day. */
export async function chooseStudyPlan(choice: Omit<StudyPlanBody, 'timeZone'>): Promise<StudyPlanReply> {
  const { data } = await api.put('/api/plans/mine', { ...choice, timeZone: browserTimeZone() });
  return studyPlanReplySchema.parse(data);
}

export function useChooseStudyPlan(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseStudyPlan,
    onSuccess: (reply) => queryClient.setQueryData(dashboardKeys.studyPlan(userId), reply),
  });
}
