import type { CourseSummary, DashboardCourse } from '@learnbuild/domain/schemas/dashboard';
import { CheckCircle2, GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Panel } from './panel';

/**
 * What a course's row offers: Continue while it runs; once completed, nothing is left to continue, so the
 * certificate (or the course itself, to look back over it, when no certificate was issued).
 */
function CourseAction({ course }: { course: DashboardCourse }) {
  if (!course.completed) {
    return (
      <Link to={course.href} className={buttonClasses('secondary', 'sm')} aria-label={`Continue ${course.title}`}>
        Continue
      </Link>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge tone="green" icon={CheckCircle2}>
        Completed
      </Badge>
      {course.certificateHref ? (
        <Link
          to={course.certificateHref}
          className={buttonClasses('secondary', 'sm')}
          aria-label={`View certificate: ${course.title}`}
        >
          View certificate
        </Link>
      ) : null}
      {/* The catalogue's word for going back over a finished course. */}
      <Link to={course.href} className={buttonClasses('ghost', 'sm')} aria-label={`Review ${course.title}`}>
        Review
      </Link>
    </div>
  );
}

/** The My Courses tab: enrolled courses with progress and Continue (an instructor's: the ones they teach). */
export function MyCourses({ courses, teaches }: { courses: CourseSummary | undefined; teaches: boolean }) {
  if (!courses) return <Skeleton className="h-48 rounded-2xl" />;
  if (courses.myCourses.length === 0) {
    return (
      <EmptyState
        icon={GraduationCap}
        title={teaches ? 'No courses of yours yet' : 'No courses yet'}
        action={
          <Link to={teaches ? '/courses/create' : '/courses'} className={buttonClasses('primary', 'sm')}>
            {teaches ? 'Create a course' : 'Browse courses'}
          </Link>
        }
      >
        {teaches
          ? 'Courses you create will be listed here with how your learners are doing.'
          : 'Courses you enrol in will be listed here with your progress, ready to continue.'}
      </EmptyState>
    );
  }
  return (
    <Panel title="My Courses" testId="my-courses">
      <ul className="flex flex-col gap-3">
        {courses.myCourses.map((course) => (
          <li
            key={course.id}
            className="flex flex-col gap-2 rounded-xl border border-default p-3 sm:flex-row sm:items-center"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{course.title}</p>
              <Progress value={course.progress} label={`${course.title} progress`} className="mt-2" />
            </div>
            <CourseAction course={course} />
          </li>
        ))}
      </ul>
    </Panel>
  );
}
