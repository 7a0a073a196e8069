import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { CheckCircle2, Lock } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { countOf, formatMinutes } from '@/features/courses/course-format';
import { lessonLockText } from '@/features/courses/lesson-lock';
import { lessonHref } from '@/features/courses/lesson-order';
import { LESSON_KIND_LABEL, LessonKindIcon } from './lesson-kind-icon';

type OutlineLesson = CourseDetail['sections'][number]['lessons'][number];

/** Why a lesson is locked and when it opens, in words. */
export function lockedLessonNote(status: CourseDetail['status'], signedIn: boolean): string {
  if (status !== 'published') {
    return 'Locked: this course takes no new learners, so its locked lessons stay closed.';
  }
  return signedIn
    ? 'Locked until you enroll. Enrolling is free, and this lesson opens as soon as you do.'
    : 'Locked until you enroll. Log in and enroll (it is free), and this lesson opens as soon as you do.';
}

/**
 * A locked lesson's entry: a button that says why it is locked and when it opens, rather than a link that
 * leads nowhere new. The note is in a live region, so a screen reader hears it when it appears.
 */
function LockedLessonEntry({
  lesson,
  course,
  signedIn,
}: {
  lesson: OutlineLesson;
  course: CourseDetail;
  signedIn: boolean;
}) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <div className="min-w-0 flex-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={noteId}
        onClick={() => setOpen((value) => !value)}
        className="w-full cursor-pointer py-1 text-left hover:text-brand-700 hover:underline dark:hover:text-brand-200"
        data-testid="locked-lesson-button"
      >
        {lesson.title}
        <span className="sr-only">{`, ${LESSON_KIND_LABEL[lesson.kind]}, locked`}</span>
      </button>
      <div id={noteId} aria-live="polite">
        {open ? (
          <p
            className="mt-1 flex items-start gap-1.5 rounded-lg bg-muted px-2.5 py-1.5 text-xs text-muted"
            data-testid="locked-lesson-note"
          >
            <Lock className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
            {lesson.lock ? lessonLockText(lesson.lock) : lockedLessonNote(course.status, signedIn)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The course page's curriculum: each section with its lessons, durations, ticks for the learner,
 * and for visitors a lock on what enrolling opens and 'Preview' on what is free to read now.
 */
export function CourseOutline({
  course,
  courseKey,
  signedIn,
}: {
  course: CourseDetail;
  courseKey: string;
  /** Whether the note on a locked lesson tells the reader to log in first. */
  signedIn: boolean;
}) {
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
                    {lesson.locked ? (
                      <LockedLessonEntry lesson={lesson} course={course} signedIn={signedIn} />
                    ) : (
                      <Link
                        to={lessonHref(courseKey, lesson.id)}
                        className="min-w-0 flex-1 py-1 hover:text-brand-700 hover:underline dark:hover:text-brand-200"
                      >
                        {lesson.title}
                        <span className="sr-only">
                          {`, ${LESSON_KIND_LABEL[lesson.kind]}`}
                          {lesson.completed ? ', completed' : ''}
                        </span>
                      </Link>
                    )}
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
