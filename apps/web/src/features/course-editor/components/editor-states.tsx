import { Compass, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

export function EditorSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy>
      <span className="sr-only">Loading the course</span>
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-64" />
    </div>
  );
}

/** Another instructor's course (the API's 403, or a course the viewer may read but not edit). */
export function ForbiddenCourse({ viewHref }: { viewHref?: string }) {
  return (
    <EmptyState
      icon={Lock}
      title="You can only edit your own courses"
      className="py-16"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/instructor-panel" className={buttonClasses('primary')}>
            Go to your courses
          </Link>
          {viewHref ? (
            <Link to={viewHref} className={buttonClasses('secondary')}>
              View this course
            </Link>
          ) : null}
        </div>
      }
    >
      This course belongs to another instructor. Only its instructor and admins can change it.
    </EmptyState>
  );
}

export function MissingCourse() {
  return (
    <EmptyState
      icon={Compass}
      title="Course not found"
      className="py-16"
      action={
        <Link to="/instructor-panel" className={buttonClasses('primary')}>
          Go to your courses
        </Link>
      }
    >
      There is no course at this address. It may have been deleted, or the link is mistyped.
    </EmptyState>
  );
}
