import type { CourseDetail, LessonLockReply } from '@learnbuild/domain/schemas/courses';
import { CalendarClock, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { lessonLockText } from '@/features/courses/lesson-lock';
import { lessonHref } from '@/features/courses/lesson-order';
import { useSession } from '@/lib/session';
import { useEnrollAction } from './enroll-panel';

/** The sentence under the reason: what kind of gate the instructor set. */
export const GATED_LESSON_NOTES: Record<LessonLockReply['reason'], string> = {
  drip: 'The instructor releases this lesson on a schedule. Come back then: your progress is saved.',
  date: 'The instructor releases this lesson on a schedule. Come back then: your progress is saved.',
  prerequisite: 'The instructor asks for that lesson to be completed before this one.',
  sequence: 'The instructor set the lessons to be taken in order.',
};

/** What an enrolled learner sees in place of a lesson gating still holds (issue 30): why, and when it opens. */
export function GatedLesson({ lock, courseKey }: { lock: LessonLockReply; courseKey: string }) {
  const dated = lock.prerequisite === null;
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-default px-6 py-12 text-center"
      data-testid="gated-lesson"
    >
      <div className="rounded-full bg-brand-100 p-3 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
        {dated ? <CalendarClock className="h-6 w-6" aria-hidden /> : <Lock className="h-6 w-6" aria-hidden />}
      </div>
      <h2 className="text-lg font-semibold">This lesson is not open yet</h2>
      <p className="max-w-md text-sm" data-testid="gated-lesson-reason">
        {lessonLockText(lock)}
      </p>
      <p className="max-w-md text-sm text-muted">{GATED_LESSON_NOTES[lock.reason]}</p>
      {lock.prerequisite ? (
        <Link to={lessonHref(courseKey, lock.prerequisite.id)} className={buttonClasses('primary')}>
          Go to “{lock.prerequisite.title}”
        </Link>
      ) : null}
    </div>
  );
}

/** What a visitor sees in place of a lesson only learners may read. */
export function LockedLesson({ course, courseKey }: { course: CourseDetail; courseKey: string }) {
  const { user } = useSession();
  const action = useEnrollAction(course, courseKey);
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-default px-6 py-12 text-center"
      data-testid="locked-lesson"
    >
      <div className="rounded-full bg-brand-100 p-3 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
        <Lock className="h-6 w-6" aria-hidden />
      </div>
      <h2 className="text-lg font-semibold">Enroll to open this lesson</h2>
      <p className="max-w-md text-sm text-muted">
        This lesson is part of {course.title}. The course is free: enroll to read every lesson, take the quiz and earn a
        certificate.{user ? '' : ' You will log in first and come straight back.'}
      </p>
      <Button onClick={action.start} disabled={action.pending || course.status !== 'published'}>
        {action.pending ? 'Enrolling…' : user ? 'Enroll now' : 'Log in to enroll'}
      </Button>
    </div>
  );
}
