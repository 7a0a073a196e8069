import { type StudyPlanReply, studyPlanReplySchema } from '@learnbuild/domain/schemas/study-plans';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/dates';
import { dashboardKeys } from './keys';
import { DASHBOARD_REFRESH, loggedCall } from './refresh';

/** The learner's study plan with today's target and problems, counted on the browser's own day. */
export async function getStudyPlan(): Promise<StudyPlanReply> {
  return loggedCall('study plan', async () => {
    const { data } = await api.get('/api/plans/mine', { params: { timeZone: browserTimeZone() } });
    return studyPlanReplySchema.parse(data);
  });
}

export function useStudyPlan(userId: string) {
  return useQuery({ queryKey: dashboardKeys.studyPlan(userId), queryFn: getStudyPlan, ...DASHBOARD_REFRESH });
}
