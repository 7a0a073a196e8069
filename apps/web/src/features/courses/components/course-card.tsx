import type { CourseSummary } from '@learnbuild/domain/schemas/courses';
import { BookOpen, Clock, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { countOf, formatMinutes } from '@/features/courses/course-format';
import { CourseThumbnail } from './course-thumbnail';
import { CourseLevelBadge } from './level-badge';
import { StarRating } from './star-rating';

/**
 * A course in a list. The title is the card's one link and its hit area covers the card; a footer
 * with its own controls (My learning's Continue) sits above that area.
 */
export function CourseCard({ course, footer }: { course: CourseSummary; footer?: ReactNode }) {
  const duration = formatMinutes(course.totalMinutes);
  return (
    <Card
      className="group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md has-[h2_a:focus-visible]:ring-2 has-[h2_a:focus-visible]:ring-brand-500"
      data-testid="course-card"
    >
      <CourseThumbnail thumbnail={course.thumbnail} category={course.category} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <CourseLevelBadge level={course.level} />
          <span className="text-xs font-medium text-muted">{course.category}</span>
        </div>
        <div>
          <h2 className="text-base font-semibold leading-snug">
            <Link
              to={`/courses/${encodeURIComponent(course.slug || course._id)}`}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-hover:text-brand-700 dark:group-hover:text-brand-200"
            >
              {course.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-muted">{course.instructor.name}</p>
          {course.subtitle ? <p className="mt-2 line-clamp-2 text-sm text-muted">{course.subtitle}</p> : null}
        </div>
        <StarRating average={course.rating.average} count={course.rating.count} />
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <li className="inline-flex items-center gap-1.5">
            <BookOpen className="h-4 w-4" aria-hidden /> {countOf(course.lessonCount, 'lesson')}
          </li>
          {duration ? (
            <li className="inline-flex items-center gap-1.5">
              <Clock className="h-4 w-4" aria-hidden /> {duration}
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1.5">
            <Users className="h-4 w-4" aria-hidden /> {countOf(course.enrolledCount, 'learner')}
          </li>
        </ul>
        {footer ? <div className="relative z-10 border-t border-default pt-3">{footer}</div> : null}
      </div>
    </Card>
  );
}

/** The card's shape while the list loads. */
export function CourseCardSkeleton() {
  return (
    <Card className="flex flex-col overflow-hidden" aria-hidden>
      <div className="aspect-video w-full animate-pulse bg-muted" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-5 w-24 animate-pulse rounded-full bg-muted" />
        <div className="h-5 w-4/5 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-4 w-3/5 animate-pulse rounded bg-muted" />
      </div>
    </Card>
  );
}
