import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { CheckCircle2, Circle, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';
import { formatMinutes } from '@/features/courses/course-format';
import { lessonLockText } from '@/features/courses/lesson-lock';
import { lessonHref } from '@/features/courses/lesson-order';
import { LESSON_KIND_LABEL, LessonKindIcon } from './lesson-kind-icon';

/** The player's outline: every lesson by section, ticks for done ones, the current one marked for all. */
export function LessonSidebar({
  course,
  courseKey,
  currentId,
  onNavigate,
}: {
  course: CourseDetail;
  courseKey: string;
  currentId: string | null;
  onNavigate?: () => void;
}) {
  const sections = [...course.sections].sort((a, b) => a.position - b.position);
  return (
    <nav aria-label="Course outline" className="flex flex-col gap-5">
      {sections.map((section, sectionIndex) => (
        <div key={section.id}>
          <h2 className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-muted">
            {sectionIndex + 1}. {section.title}
          </h2>
          <ul>
            {[...section.lessons]
              .sort((a, b) => a.position - b.position)
              .map((lesson) => {
                const current = lesson.id === currentId;
                const duration = formatMinutes(lesson.durationMinutes);
                return (
                  <li key={lesson.id}>
                    <Link
                      to={lessonHref(courseKey, lesson.id)}
                      onClick={onNavigate}
                      aria-current={current ? 'page' : undefined}
                      data-testid="sidebar-lesson"
                      className={cn(
                        'flex items-start gap-2 rounded-lg px-2 py-2 text-sm hover:bg-muted',
                        current && 'bg-brand-50 font-medium text-brand-700 dark:bg-brand-900/50 dark:text-brand-100',
                      )}
                    >
                      {lesson.completed ? (
                        <CheckCircle2
                          className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                          aria-label="Completed"
                        />
                      ) : lesson.locked ? (
                        <Lock className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-label="Locked" />
                      ) : (
                        <Circle className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-label="Not completed" />
                      )}
                      <span className="min-w-0 flex-1">
                        {lesson.title}
                        <span className="mt-0.5 flex items-center gap-1.5 text-xs font-normal text-muted">
                          <LessonKindIcon kind={lesson.kind} className="h-3.5 w-3.5" />
                          {LESSON_KIND_LABEL[lesson.kind]}
                          {duration ? ` · ${duration}` : ''}
                          {lesson.freePreview && lesson.locked === false && !course.viewer.enrolled ? ' · Preview' : ''}
                        </span>
                        {lesson.lock ? (
                          // Gating (issue 30): why and when, right in the outline; the link opens the full note.
                          <span className="mt-0.5 block text-xs font-normal text-muted" data-testid="sidebar-lock">
                            {lessonLockText(lesson.lock)}
                          </span>
                        ) : null}
                      </span>
                    </Link>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
