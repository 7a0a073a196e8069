import { isAdmin } from '@learnbuild/domain/roles';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { AdminDashboard } from '@/features/dashboard/components/admin-dashboard';
import { LearnerDashboard } from '@/features/dashboard/components/learner-dashboard';
import { meQueryKey, useSession } from '@/lib/session';

/** Every query of the dashboard starts with this key; telling the dashboard something changed refreshes them. */
export const dashboardQueryKey = dashboardKeys.all;

/**
 * /dashboard: the admin dashboard for Admins, the learner's (with the instructor's Total Students)
 * for everyone else. The screen hands in what other features own: the 'Become an Instructor' card
 * (given the way to tell the dashboard about a change), the local subject fallback, and what to
 * refresh when the user's application changes.
 */
export function DashboardPage({
  instructorCard,
  localSubjects = () => [],
  onApplicationChanged,
}: {
  instructorCard?: (notifyDashboard: () => void) => ReactNode;
  localSubjects?: (userId: string) => SubjectSummary[];
  onApplicationChanged?: () => void;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const notifyDashboard = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryKey });
  }, [queryClient]);
  const userId = user?.id;
  const localSubjectsOfUser = useCallback(() => (userId ? localSubjects(userId) : []), [localSubjects, userId]);
  if (!user) return null;
  if (isAdmin(user.role)) return <AdminDashboard user={user} />;
  return (
    <LearnerDashboard
      user={user}
      instructorCard={instructorCard?.(notifyDashboard)}
      localSubjects={localSubjectsOfUser}
      onApplicationChanged={onApplicationChanged}
    />
  );
}
