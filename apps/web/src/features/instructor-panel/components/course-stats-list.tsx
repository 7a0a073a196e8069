import type { TeachingStatsReply } from '@learnbuild/domain/schemas/courses';
import { BarChart3, ChevronDown, ExternalLink, Pencil, Star, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { CourseStatusBadge } from '@/components/ui/course-status-badge';
import { Progress } from '@/components/ui/progress';
import { countOf } from '@/features/instructor-panel/format';
import { formatDate } from '@/lib/dates';
import { LearnersPanel } from './learners-panel';

type TeachingCourse = TeachingStatsReply['courses'][number];

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/** The instructor's courses, each with its numbers, its links, and its learner list one click away. */
export function CourseStatsList({
  courses,
  openCourseId,
  q,
  page,
  onOpen,
  onLearnersChange,
}: {
  courses: readonly TeachingCourse[];
  openCourseId?: string;
  q?: string;
  page: number;
  onOpen: (courseId: string | undefined) => void;
  onLearnersChange: (changes: { q?: string; page?: number }) => void;
}) {
  return (
    <ul className="flex flex-col gap-4" aria-label="My courses">
      {courses.map((course) => {
        const open = course._id === openCourseId;
        const panelId = `learners-${course._id}`;
        return (
          <li key={course._id} data-testid="teaching-course" data-course-id={course._id}>
            <Card>
              <article aria-labelledby={`${panelId}-title`} className="flex flex-col gap-4 p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 id={`${panelId}-title`} className="text-lg font-semibold break-words">
                      {course.title}
                    </h3>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted">
                      <CourseStatusBadge status={course.status} />
                      <span>{countOf(course.lessonCount, 'lesson')}</span>
                      <span aria-hidden>·</span>
                      <span>Updated {formatDate(course.updatedAt)}</span>
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`/courses/edit/${course._id}`}
                      className={buttonClasses('secondary', 'sm')}
                      aria-label={`Edit ${course.title}`}
                    >
                      <Pencil className="h-4 w-4" aria-hidden /> Edit
                    </Link>
                    <Link
                      to={`/courses/${course.slug}`}
                      className={buttonClasses('ghost', 'sm')}
                      aria-label={`View ${course.title}`}
                    >
                      <ExternalLink className="h-4 w-4" aria-hidden /> View
                    </Link>
                    <Link
                      to={`/instructor-panel/courses/${course._id}/insight`}
                      className={buttonClasses('ghost', 'sm')}
                      aria-label={`Insight of ${course.title}`}
                    >
                      <BarChart3 className="h-4 w-4" aria-hidden /> Insight
                    </Link>
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4">
                  <Stat label="Learners">{course.learners}</Stat>
                  <Stat label="Completions">{course.completions}</Stat>
                  <Stat label="Average progress">
                    <span className="flex items-center gap-2">
                      <Progress
                        value={course.averageProgress}
                        label={`Average progress in ${course.title}`}
                        className="max-w-24"
                      />
                      {Math.round(course.averageProgress)}%
                    </span>
                  </Stat>
                  <Stat label="Rating">
                    {course.rating.count > 0 && course.rating.average !== null ? (
                      <span className="inline-flex items-center gap-1">
                        <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
                        {course.rating.average.toFixed(1)}
                        <span className="font-normal text-muted">({countOf(course.rating.count, 'rating')})</span>
                      </span>
                    ) : (
                      <span className="font-normal text-muted">No ratings yet</span>
                    )}
                  </Stat>
                </dl>
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-start"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => onOpen(open ? undefined : course._id)}
                >
                  <Users className="h-4 w-4" aria-hidden />
                  {open ? 'Hide learners' : `Show learners (${course.learners})`}
                  <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
                </Button>
                <div id={panelId} hidden={!open}>
                  {open ? (
                    <LearnersPanel
                      courseId={course._id}
                      courseTitle={course.title}
                      q={q}
                      page={page}
                      onChange={onLearnersChange}
                    />
                  ) : null}
                </div>
              </article>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
