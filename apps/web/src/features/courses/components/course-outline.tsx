import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { CheckCircle2, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { countOf, formatMinutes } from '@/features/courses/course-format';
import { lessonHref } from '@/features/courses/lesson-order';
import { LESSON_KIND_LABEL, LessonKindIcon } from './lesson-kind-icon';

/**
 * The course page's curriculum: each section with its lessons, durations, ticks for the learner,
 * and for visitors a lock on what enrolling opens and 'Preview' on what is free to read now.
 */
export function CourseOutline({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const sections = [...course.sections].sort((a, b) => a.position - b.position);
  const showPreview = !course.viewer.enrolled && !course.viewer.canEdit;
  if (sections.every((section) => section.lessons.length === 0)) {
    return <p className="text-muted">This course has no lessons yet.</p>;
  }
  return (
    <div className="flex flex-col gap-4" data-testid="course-outline">
      {sections.map((section, sectionIndex) => {
        const lessons = [...section.lessons].sort((a, b) => a.position - b.position);
        const minutes = lessons.reduce((sum, lesson) => sum + lesson.durationMinutes, 0);
        const headingId = `section-${section.id}`;
        return (
          <section
            key={section.id}
            aria-labelledby={headingId}
            className="overflow-hidden rounded-2xl border border-default"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 bg-muted px-4 py-3">
              <h3 id={headingId} className="font-semibold">
                <span className="text-muted">Section {sectionIndex + 1}:</span> {section.title}
              </h3>
              <p className="text-sm text-muted">
                {countOf(lessons.length, 'lesson')}
                {minutes > 0 ? ` · ${formatMinutes(minutes)}` : ''}
              </p>
            </div>
            <ul className="divide-y divide-[var(--border)]">
              {lessons.map((lesson) => {
                const duration = formatMinutes(lesson.durationMinutes);
                return (
                  <li
                    key={lesson.id}
                    className="flex items-center gap-3 px-4 py-2.5 text-sm"
                    data-testid="outline-lesson"
                  >
                    {lesson.completed ? (
                      <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden />
                    ) : (
                      <LessonKindIcon kind={lesson.kind} className="text-muted" />
                    )}
                    <Link
                      to={lessonHref(courseKey, lesson.id)}
                      className="min-w-0 flex-1 py-1 hover:text-brand-700 hover:underline dark:hover:text-brand-200"
                    >
                      {lesson.title}
                      <span className="sr-only">
                        {`, ${LESSON_KIND_LABEL[lesson.kind]}`}
                        {lesson.completed ? ', completed' : ''}
                        {lesson.locked ? ', locked' : ''}
                      </span>
                    </Link>
                    {showPreview && lesson.freePreview ? (
                      <Badge tone="brand" data-testid="free-preview">
                        Preview
                      </Badge>
                    ) : null}
                    {lesson.locked ? (
                      <Lock className="h-4 w-4 shrink-0 text-muted" aria-hidden data-testid="lesson-locked" />
                    ) : null}
                    {duration ? <span className="shrink-0 text-muted tabular-nums">{duration}</span> : null}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
