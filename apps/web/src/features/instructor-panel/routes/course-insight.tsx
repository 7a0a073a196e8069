import { ArrowLeft, RefreshCw } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/field';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useCourseInsight } from '@/features/instructor-panel/api/get-course-insight';
import { useRefreshCourseInsight } from '@/features/instructor-panel/api/refresh-course-insight';
import { CourseInsightView } from '@/features/instructor-panel/components/insight/course-insight-view';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';

/**
 * Issue 30: a course's insight in the Instructor Panel. It reads a snapshot the server keeps fresh (a scheduled
 * job after learner activity); Refresh recomputes it now, at most once a minute.
 */
export function CourseInsightPage() {
  const { courseId = '' } = useParams();
  const insight = useCourseInsight(courseId);
  const refresh = useRefreshCourseInsight(courseId);
  const data = insight.data;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/instructor-panel" className={`${buttonClasses('ghost', 'sm')} mb-4 -ml-2`}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Instructor Panel
      </Link>
      <PageHeader
        title={data ? `Insight: ${data.insight.courseTitle}` : 'Course insight'}
        subtitle={
          data ? (
            <span data-testid="insight-computed-at">
              Computed {formatDate(data.insight.computedAt, 'dateTime')}. It is recomputed every 10 minutes after
              learner activity.
            </span>
          ) : undefined
        }
        actions={
          data ? (
            <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
              <RefreshCw className="h-4 w-4" aria-hidden />
              {refresh.isPending ? 'Refreshing...' : 'Refresh'}
            </Button>
          ) : undefined
        }
      />
      <div aria-live="polite" className="mb-4 empty:hidden">
        {refresh.error ? (
          <FormMessage message={errorMessage(refresh.error, 'Could not refresh the insight')} tone="error" />
        ) : null}
      </div>
      {insight.isPending ? (
        <div className="flex flex-col gap-4" aria-busy>
          <span className="sr-only">Loading the insight</span>
          <Skeleton className="h-20" />
          <Skeleton className="h-64" />
          <Skeleton className="h-40" />
        </div>
      ) : insight.isError ? (
        <InlineLoadError
          error={insight.error}
          fallback="Could not load the insight"
          onRetry={() => void insight.refetch()}
        />
      ) : (
        <CourseInsightView reply={insight.data} />
      )}
    </div>
  );
}
