import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { useEnrollAction } from './enroll-panel';

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
