import { GraduationCap, Plus } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useTeachingStats } from '@/features/instructor-panel/api/get-teaching-stats';
import { CourseStatsList } from '@/features/instructor-panel/components/course-stats-list';
import { DsaManagementCard } from '@/features/instructor-panel/components/dsa-management-card';
import { TeachingTotals } from '@/features/instructor-panel/components/teaching-totals';

/**
 * SPEC 2 /instructor-panel: the instructor's courses (every status) with learners, completions, average
 * progress and rating, each course's learner list, and the teaching tools (DSA Management).
 * Which course's learners are open, their search and page live in the address.
 */
export function InstructorPanelPage() {
  const stats = useTeachingStats();
  const [params, setParams] = useSearchParams();
  const openCourseId = params.get('learners') ?? undefined;
  const q = params.get('q')?.trim() || undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const onOpen = useCallback(
    (courseId: string | undefined) => setParams(courseId ? { learners: courseId } : {}, { replace: true }),
    [setParams],
  );
  const onLearnersChange = useCallback(
    (changes: { q?: string; page?: number }) => {
      // The address bar holds the newest params even while the router is still rendering the last change.
      const next = new URLSearchParams(window.location.search);
      if ('q' in changes) {
        if (changes.q) next.set('q', changes.q);
        else next.delete('q');
      }
      if (changes.page && changes.page > 1) next.set('page', String(changes.page));
      else next.delete('page');
      setParams(next, { replace: true });
    },
    [setParams],
  );

  const newCourse = (
    <Link to="/courses/create" className={buttonClasses('primary')}>
      <Plus className="h-4 w-4" aria-hidden /> New course
    </Link>
  );

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader
        title="Instructor Panel"
        subtitle="Your courses, your learners and your teaching tools."
        actions={stats.data && stats.data.courses.length > 0 ? newCourse : undefined}
      />
      <div className="flex flex-col gap-8">
        {stats.isPending ? (
          <div className="flex flex-col gap-4" aria-busy>
            <span className="sr-only">Loading your courses</span>
            <Skeleton className="h-24" />
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : stats.isError ? (
          <InlineLoadError
            error={stats.error}
            fallback="Could not load your courses"
            onRetry={() => void stats.refetch()}
          />
        ) : stats.data.courses.length === 0 ? (
          <EmptyState
            icon={GraduationCap}
            title="You have no courses yet"
            action={
              <Link to="/courses/create" className={buttonClasses('primary')}>
                <Plus className="h-4 w-4" aria-hidden /> Create your first course
              </Link>
            }
          >
            Write the details, add sections with article, video and quiz lessons, and publish when it is ready. Your
            learners and their progress show up here.
          </EmptyState>
        ) : (
          <>
            <section aria-labelledby="totals-title" className="flex flex-col gap-3">
              <h2 id="totals-title" className="sr-only">
                Totals
              </h2>
              <TeachingTotals totals={stats.data.totals} />
            </section>
            <section aria-labelledby="my-courses-title" className="flex flex-col gap-3">
              <h2 id="my-courses-title" className="text-xl font-semibold">
                My courses
              </h2>
              <CourseStatsList
                courses={stats.data.courses}
                openCourseId={openCourseId}
                q={q}
                page={page}
                onOpen={onOpen}
                onLearnersChange={onLearnersChange}
              />
            </section>
          </>
        )}
        <section aria-labelledby="tools-title" className="flex flex-col gap-3">
          <h2 id="tools-title" className="text-xl font-semibold">
            Teaching tools
          </h2>
          <DsaManagementCard />
        </section>
      </div>
    </div>
  );
}
