import { isInstructor } from '@learnbuild/domain/roles';
import type { CoursesReply } from '@learnbuild/domain/schemas/courses';
import { GraduationCap, Plus, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { Pager } from '@/components/ui/pager';
import { Progress } from '@/components/ui/progress';
import { type CoursesFilter, useCourses } from '@/features/courses/api/get-courses';
import { CatalogueFilters, SORT_LABELS } from '@/features/courses/components/catalogue-filters';
import { CourseCard } from '@/features/courses/components/course-card';
import { CourseGrid, CourseGridSkeleton } from '@/features/courses/components/list-states';
import { countOf } from '@/features/courses/course-format';
import { type CatalogueView, useCatalogueParams } from '@/features/courses/use-catalogue-params';
import { useSession } from '@/lib/session';

const VIEWS: { view: CatalogueView; label: string }[] = [
  { view: 'all', label: 'All courses' },
  { view: 'learning', label: 'My learning' },
];

function pagesOf(reply: CoursesReply | undefined) {
  return reply ? Math.max(1, Math.ceil(reply.total / reply.pageSize)) : 1;
}

/** "7 courses", "7 courses match “sql”" (polite: read out after each filter change). */
function resultSummary(total: number, q: string | undefined) {
  return q ? `${countOf(total, 'course')} match “${q}”` : countOf(total, 'course');
}

function AllCourses() {
  const params = useCatalogueParams();
  const filter: CoursesFilter = {
    q: params.q,
    category: params.category,
    level: params.level,
    sort: params.sort,
    page: params.page,
  };
  const courses = useCourses(filter);
  const reply = courses.data;

  let body: ReactNode;
  if (courses.isPending) body = <CourseGridSkeleton />;
  else if (courses.isError && !reply) {
    body = (
      <LoadError title="Could not load courses" onRetry={() => void courses.refetch()} retrying={courses.isFetching} />
    );
  } else if (reply && reply.courses.length === 0) {
    body = params.filtered ? (
      <EmptyState
        icon={SearchX}
        title="No courses match your filters"
        action={
          <Button variant="secondary" onClick={params.clear}>
            Clear filters
          </Button>
        }
      >
        No courses match {params.q ? `“${params.q}”` : 'these filters'}
        {params.category ? ` in ${params.category}` : ''}
        {params.level ? ` at ${params.level} level` : ''}. Try other words or clear the filters.
      </EmptyState>
    ) : (
      <EmptyState icon={GraduationCap} title="No courses yet">
        Instructors have not published any courses yet. Check back soon.
      </EmptyState>
    );
  } else if (reply) {
    body = (
      <CourseGrid label="Courses">
        {reply.courses.map((course) => (
          <li key={course._id}>
            <CourseCard course={course} />
          </li>
        ))}
      </CourseGrid>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <CatalogueFilters params={params} filtered={params.filtered} update={params.update} clear={params.clear} />
      <p role="status" className="text-sm text-muted" data-testid="catalogue-summary">
        {reply ? `${resultSummary(reply.total, params.q)}, ${SORT_LABELS[params.sort].toLowerCase()} first` : ''}
      </p>
      <div
        className={cn('transition-opacity', courses.isPlaceholderData && 'opacity-60')}
        aria-busy={courses.isFetching}
      >
        {body}
      </div>
      {reply && pagesOf(reply) > 1 ? (
        <Pager
          page={params.page}
          pages={pagesOf(reply)}
          onPage={(page) => params.update({ page: String(page) })}
          label="Course pages"
        />
      ) : null}
    </div>
  );
}

function MyLearning() {
  const params = useCatalogueParams();
  const courses = useCourses({ mine: 'enrolled', page: params.page });
  const reply = courses.data;

  if (courses.isPending) return <CourseGridSkeleton count={3} />;
  if (courses.isError && !reply) {
    return (
      <LoadError
        title="Could not load your courses"
        onRetry={() => void courses.refetch()}
        retrying={courses.isFetching}
      />
    );
  }
  if (!reply || reply.courses.length === 0) {
    return (
      <EmptyState
        icon={GraduationCap}
        title="You have not enrolled in a course yet"
        action={<Button onClick={() => params.selectView('all')}>Browse courses</Button>}
      >
        Enroll in a course and it shows here with your progress, so you can pick up where you left off.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <CourseGrid label="My courses">
        {reply.courses.map((course) => {
          const percent = course.progress?.percent ?? 0;
          const done = Boolean(course.progress?.completedAt);
          const key = encodeURIComponent(course.slug || course._id);
          return (
            <li key={course._id}>
              <CourseCard
                course={course}
                footer={
                  <div className="flex flex-col gap-3">
                    <div className="flex items-center justify-between text-sm">
                      <span className="text-muted">
                        {done
                          ? 'Completed'
                          : `${course.progress?.completedLessons ?? 0} of ${course.lessonCount} lessons`}
                      </span>
                      <span className="font-semibold" data-testid="course-progress">
                        {percent}%
                      </span>
                    </div>
                    <Progress value={percent} label={`${course.title} progress`} />
                    <Link
                      to={done ? `/courses/${key}` : `/courses/${key}?resume=1`}
                      className={cn(buttonClasses(done ? 'secondary' : 'primary', 'sm'), 'self-start')}
                      aria-label={`${done ? 'Review' : percent > 0 ? 'Continue' : 'Start'} ${course.title}`}
                    >
                      {done ? 'Review' : percent > 0 ? 'Continue' : 'Start'}
                    </Link>
                  </div>
                }
              />
            </li>
          );
        })}
      </CourseGrid>
      {pagesOf(reply) > 1 ? (
        <Pager
          page={params.page}
          pages={pagesOf(reply)}
          onPage={(page) => params.update({ page: String(page) })}
          label="My course pages"
        />
      ) : null}
    </div>
  );
}

/** /courses: the catalogue, and 'My learning' (?view=learning) with progress and Continue links. */
export function CoursesPage() {
  const { user } = useSession();
  const { view } = useCatalogueParams();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Courses</h1>
          <p className="mt-1 text-muted">
            Structured courses by working engineers, from your first API to system design.
          </p>
        </div>
        {isInstructor(user?.role) ? (
          <Link to="/courses/create" className={buttonClasses('secondary')}>
            <Plus className="h-4 w-4" aria-hidden /> Create course
          </Link>
        ) : null}
      </header>
      <nav aria-label="Course views" className="mb-6">
        <ul className="inline-flex gap-1 rounded-xl bg-muted p-1">
          {VIEWS.map((item) => (
            <li key={item.view}>
              <Link
                to={item.view === 'learning' ? '/courses?view=learning' : '/courses'}
                aria-current={view === item.view ? 'page' : undefined}
                className={cn(
                  'inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium',
                  view === item.view
                    ? 'bg-[var(--surface)] text-[var(--text)] shadow-sm'
                    : 'text-muted hover:text-[var(--text)]',
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === 'learning' ? <MyLearning /> : <AllCourses />}
    </div>
  );
}
