import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { Check, ChevronLeft, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { MarkdownText } from '@/components/ui/markdown-text';
import { countOf, formatMinutes } from '@/features/courses/course-format';
import { formatDate, useDateReader } from '@/lib/dates';
import { useSession } from '@/lib/session';
import { CourseOutline } from './course-outline';
import { CourseThumbnail } from './course-thumbnail';
import { EnrollPanel } from './enroll-panel';
import { CourseLevelBadge } from './level-badge';
import { ReviewsSection } from './reviews-section';
import { StarRating } from './star-rating';

/** /courses/{courseId} without a lesson: what the course is, its outline, enrolment and reviews. */
export function CourseOverview({
  course,
  courseKey,
  children,
}: {
  course: CourseDetail;
  courseKey: string;
  /** Sections the route adds before the content (cohorts, announcements). */
  children?: ReactNode;
}) {
  const { user } = useSession();
  const { hash } = useLocation();
  const reader = useDateReader();
  // A link to a part of the page (the completion screen's 'Rate this course' → #reviews) lands on it.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
    target?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [hash]);
  const duration = formatMinutes(course.totalMinutes);
  const sectionCount = course.sections.length;
  return (
    <div className="mx-auto grid max-w-6xl gap-x-10 gap-y-8 px-4 py-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-10">
      {/* The band behind the title runs the full width of the window; a box shadow draws it without widening the page. */}
      <div className="flex min-w-0 flex-col gap-4 bg-[var(--surface)] pb-8 shadow-[0_0_0_100vmax_var(--surface)] [clip-path:inset(-100vmax_-100vmax_0_-100vmax)] lg:col-start-1 lg:row-start-1">
        {user ? (
          <Link
            to="/courses"
            className="inline-flex min-h-6 w-fit items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-200"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden /> All courses
          </Link>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{course.category}</Badge>
          <CourseLevelBadge level={course.level} />
          {course.status !== 'published' ? (
            <Badge tone="amber">{course.status === 'draft' ? 'Draft: only you and admins see it' : 'Archived'}</Badge>
          ) : null}
        </div>
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{course.title}</h1>
        {course.subtitle ? <p className="text-lg text-muted">{course.subtitle}</p> : null}
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
          <StarRating average={course.rating.average} count={course.rating.count} />
          <span className="inline-flex items-center gap-1.5 text-muted">
            <Users className="h-4 w-4" aria-hidden /> {countOf(course.enrolledCount, 'learner')}
          </span>
          <span className="text-muted">
            {countOf(course.lessonCount, 'lesson')}
            {duration ? ` · ${duration}` : ''}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <Avatar name={course.instructor.name} src={course.instructor.profilePic} />
          <p className="text-sm">
            <span className="text-muted">Taught by </span>
            <span className="font-semibold" data-testid="course-instructor">
              {course.instructor.name}
            </span>
            <span className="block text-muted">Updated {formatDate(course.updatedAt, 'date', reader)}</span>
          </p>
        </div>
      </div>
      <Card className="h-fit overflow-hidden lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <CourseThumbnail thumbnail={course.thumbnail} category={course.category} />
        <EnrollPanel course={course} courseKey={courseKey} />
      </Card>
      <div className="flex min-w-0 flex-col gap-10 lg:col-start-1 lg:row-start-2">
        {children}
        {course.outcomes.length > 0 ? (
          <section aria-labelledby="outcomes-heading" className="rounded-2xl border border-default p-5">
            <h2 id="outcomes-heading" className="text-2xl font-bold">
              What you'll learn
            </h2>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2">
              {course.outcomes.map((outcome) => (
                <li key={outcome} className="flex gap-2 text-sm leading-relaxed">
                  <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                  {outcome}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="content-heading">
          <h2 id="content-heading" className="text-2xl font-bold">
            Course content
          </h2>
          <p className="mt-1 mb-4 text-sm text-muted">
            {countOf(sectionCount, 'section')} · {countOf(course.lessonCount, 'lesson')}
            {duration ? ` · ${duration} in total` : ''}
          </p>
          <CourseOutline course={course} courseKey={courseKey} signedIn={user !== null} />
        </section>
        {course.description ? (
          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-2xl font-bold">
              About this course
            </h2>
            <MarkdownText className="mt-2">{course.description}</MarkdownText>
          </section>
        ) : null}
        <ReviewsSection course={course} />
      </div>
    </div>
  );
}
