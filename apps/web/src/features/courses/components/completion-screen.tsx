import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { Award, ListChecks, PartyPopper, RotateCw, Star } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { useCompleteCourse } from '@/features/courses/api/complete-course';
import { courseLessons, everyLessonDone, lessonHref } from '@/features/courses/lesson-order';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';

/**
 * The end of the course. With every lesson done it asks the server to complete the course (which
 * issues the certificate, once) and links to it; otherwise it says what is left.
 */
export function CompletionScreen({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const complete = useCompleteCourse();
  const { mutate } = complete;
  const allDone = everyLessonDone(course);
  const finished = Boolean(course.viewer.completedAt && course.viewer.certificateId);
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);

  useEffect(() => {
    if (allDone && !finished && course.viewer.enrolled && !asked.current) {
      asked.current = true;
      mutate(course._id);
    }
  }, [allDone, finished, course.viewer.enrolled, course._id, mutate]);

  // Focus follows the screen's heading, also when 'Issuing your certificate…' turns into the result.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the heading is replaced
  useEffect(() => {
    heading.current?.focus();
  }, [finished, complete.isError]);

  const lessons = courseLessons(course);
  const left = lessons.filter((lesson) => !lesson.completed);

  let content: ReactNode;
  if (finished) {
    content = (
      <>
        <div className="rounded-full bg-emerald-100 p-4 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200">
          <PartyPopper className="h-8 w-8" aria-hidden />
        </div>
        <h1 id="completion-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Course complete!
        </h1>
        <p className="max-w-lg text-muted">
          You finished every lesson of {course.title}
          {course.viewer.completedAt ? ` on ${formatDate(course.viewer.completedAt)}` : ''}. Your certificate is ready:
          anyone with its link can check it is real.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={`/certificates/${course.viewer.certificateId}`} className={buttonClasses('primary', 'lg')}>
            <Award className="h-5 w-5" aria-hidden /> View your certificate
          </Link>
          <Link to={`/courses/${encodeURIComponent(courseKey)}#reviews`} className={buttonClasses('secondary', 'lg')}>
            <Star className="h-5 w-5" aria-hidden /> Rate this course
          </Link>
        </div>
      </>
    );
  } else if (!course.viewer.enrolled) {
    content = (
      <>
        <h1 id="completion-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Enroll to earn a certificate
        </h1>
        <p className="max-w-lg text-muted">Learners who finish every lesson of this course get a certificate.</p>
      </>
    );
  } else if (allDone) {
    content = complete.isError ? (
      <>
        <h1 id="completion-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          Could not complete the course
        </h1>
        <p className="max-w-lg text-muted">{errorMessage(complete.error, 'The server could not be reached.')}</p>
        <Button onClick={() => complete.mutate(course._id)} disabled={complete.isPending}>
          <RotateCw className="h-4 w-4" aria-hidden /> Try again
        </Button>
      </>
    ) : (
      <h1 id="completion-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Issuing your certificate…
      </h1>
    );
  } else {
    content = (
      <>
        <div className="rounded-full bg-brand-100 p-4 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          <ListChecks className="h-8 w-8" aria-hidden />
        </div>
        <h1 id="completion-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
          {left.length === 1 ? 'One lesson to go' : `${left.length} lessons to go`}
        </h1>
        <p className="max-w-lg text-muted">Finish every lesson to complete the course and get your certificate.</p>
        {left[0] ? (
          <Link to={lessonHref(courseKey, left[0].id)} className={buttonClasses('primary')}>
            Go to {left[0].title}
          </Link>
        ) : null}
      </>
    );
  }

  return (
    <section
      aria-labelledby="completion-heading"
      className="flex flex-col items-center gap-4 rounded-2xl border border-default bg-[var(--surface)] px-6 py-14 text-center"
      data-testid="completion-screen"
    >
      {content}
      <p role="status" className="sr-only">
        {finished ? `Course complete. Your certificate for ${course.title} is ready.` : ''}
      </p>
    </section>
  );
}
