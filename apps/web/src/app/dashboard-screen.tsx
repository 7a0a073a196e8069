import { CORE_SUBJECTS } from '@learnbuild/domain/subjects';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { DashboardPage } from '@/features/dashboard/routes/dashboard';
import { applicationQueryKey } from '@/features/instructor-application/api/get-application-status';
import { InstructorApplicationCard } from '@/features/instructor-application/components/instructor-card';
import { localSubjectSummaries } from '@/features/subjects/local-progress';

const localSubjects = (userId: string) => localSubjectSummaries(userId, CORE_SUBJECTS);

/**
 * /dashboard composes the dashboard with what other features own (features never import each
 * other): the instructor application card, the subjects' local progress (SPEC 8's fallback), and the
 * application status to refresh when a live event says the application changed.
 */
export function DashboardScreen() {
  const queryClient = useQueryClient();
  const onApplicationChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: applicationQueryKey });
  }, [queryClient]);
  return (
    <DashboardPage
      instructorCard={(notifyDashboard) => <InstructorApplicationCard onApplied={notifyDashboard} />}
      localSubjects={localSubjects}
      onApplicationChanged={onApplicationChanged}
    />
  );
}
