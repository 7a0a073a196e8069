import { isAdmin } from '@learnbuild/domain/roles';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { AdminDashboard } from '@/features/dashboard/components/admin-dashboard';
import { LearnerDashboard } from '@/features/dashboard/components/learner-dashboard';
import { meQueryKey, useSession } from '@/lib/session';

/**
 * The dashboard while the account it is for is not known yet (a page drawn on the server for a returning learner):
 * the header's two lines and the sync banner, where they will be.
 */
function DashboardLoading() {
  return (
    <div
      className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6"
      role="status"
      aria-busy="true"
      aria-label="Loading your dashboard"
    >
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-72 max-w-full sm:h-9" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <Skeleton className="h-10 w-64" />
      <Skeleton className="h-11 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  );
}

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
  if (!user) return <DashboardLoading />;
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
