import { BookX } from 'lucide-react';
import { lazy, useEffect } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { CohortBar } from '@/features/cohorts/components/cohort-bar';
import { CourseAnnouncements } from '@/features/cohorts/components/course-announcements';
import { CourseCohorts } from '@/features/cohorts/components/course-cohorts';
import { CourseSchedule } from '@/features/cohorts/components/course-schedule';
import { useCourse } from '@/features/courses/api/get-course';
import { CourseOverview } from '@/features/courses/components/course-overview';
import { courseLessons, lessonHref, resumeLessonId } from '@/features/courses/lesson-order';
import { errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';

// Only an enrolled learner opens a lesson: the course's overview (what a visitor lands on) loads none of the
// player, its video, quiz and completion screens.
const LessonPlayer = lazy(async () => ({
  default: (await import('@/features/courses/components/lesson-player')).LessonPlayer,
}));

function CourseSkeleton() {
  return (
    <div
      className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem]"
      role="status"
      aria-label="Loading course"
    >
      <div className="flex flex-col gap-4">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-10 w-4/5" />
        <Skeleton className="h-5 w-3/5" />
        <Skeleton className="mt-6 h-64" />
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}

/**
 * /courses/{courseId} (id or slug, open to everyone): the course page; with `?lesson=<id>` the
 * lesson player, with `?finished=1` the completion screen, with `?resume=1` the lesson to continue.
 */
export function CourseViewPage() {
  const { courseId = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useSession();
  const course = useCourse(courseId);
  const lessonId = params.get('lesson');
  const finished = params.get('finished') === '1';
  const data = course.data;
  const lesson = data && lessonId ? courseLessons(data).find((item) => item.id === lessonId) : undefined;

  // The tab names the course and lesson; set after the layout's route title, which runs later on a first render.
  const title = data ? [lesson?.title, data.title, 'LearnBuild'].filter(Boolean).join(' · ') : null;
  useEffect(() => {
    if (!title) return;
    const timer = setTimeout(() => {
      document.title = title;
    });
    return () => clearTimeout(timer);
  }, [title]);

  if (course.isPending) return <CourseSkeleton />;
  if (!data) {
    if (errorStatus(course.error) === 404) {
      return (
        <div className="mx-auto max-w-3xl px-4 py-16">
          <EmptyState
            icon={BookX}
            title="Course not found"
            action={
              user ? (
                <Link to="/courses" className={buttonClasses('primary')}>
                  Browse courses
                </Link>
              ) : (
                <Link to="/" className={buttonClasses('primary')}>
                  Back to home
                </Link>
              )
            }
          >
            This course does not exist, or it is not published.
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <LoadError
          title="Could not load this course"
          onRetry={() => void course.refetch()}
          retrying={course.isFetching}
        />
      </div>
    );
  }

  // Links keep the address the learner came in by (id or slug), so every step reads the same cached course.
  const courseKey = courseId;
  if (params.get('resume') === '1') {
    const target = resumeLessonId(data);
    return (
      <Navigate to={target ? lessonHref(courseKey, target) : `/courses/${encodeURIComponent(courseKey)}`} replace />
    );
  }
  const canReadAnnouncements = data.viewer.enrolled || data.viewer.canEdit;
  if (params.get('view') === 'schedule' && user && canReadAnnouncements) {
    return <CourseSchedule courseKey={courseKey} courseTitle={data.title} />;
  }
  if (lessonId || finished) {
    return (
      <LessonPlayer
        course={data}
        courseKey={courseKey}
        lessonId={lessonId}
        finished={finished}
        headerExtra={<CohortBar courseKey={courseKey} enrolled={data.viewer.enrolled} />}
      />
    );
  }
  return (
    <CourseOverview course={data} courseKey={courseKey}>
      <CourseAnnouncements courseKey={courseKey} canRead={!!user && canReadAnnouncements} />
      <CourseCohorts courseId={data._id} courseKey={courseKey} canEdit={data.viewer.canEdit} />
    </CourseOverview>
  );
}
