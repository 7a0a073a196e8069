import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { CheckCircle2 } from 'lucide-react';
import { Suspense, useContext, useMemo } from 'react';
import { Markdown } from '@/components/ui/markdown';
import { Skeleton } from '@/components/ui/skeleton';
import { exerciseSubmissionsKey, getExerciseSubmissions } from '@/features/courses/api/get-exercise-submissions';
import { useSubmitExercise } from '@/features/courses/api/submit-exercise';
import type { PlacedLesson } from '@/features/courses/lesson-order';
import { ExerciseWorkbenchContext } from '@/lib/exercise-workbench-props';
import { useSession } from '@/lib/session';

/**
 * A code exercise lesson (issue 30): the statement, then the workbench (examples, editor, Run and Submit). Only an
 * Accepted submission completes it; the owner and admins may try it, and nothing of theirs is kept.
 */
export function ExerciseLesson({ course, lesson }: { course: CourseDetail; lesson: PlacedLesson }) {
  const Workbench = useContext(ExerciseWorkbenchContext);
  const submit = useSubmitExercise();
  const userId = useSession().user?.id ?? null;
  const enrolled = course.viewer.enrolled;
  const exercise = lesson.exercise;
  const submissions = useMemo(
    () =>
      enrolled
        ? {
            queryKey: exerciseSubmissionsKey(userId, lesson.id),
            load: () => getExerciseSubmissions(course._id, lesson.id),
          }
        : null,
    [enrolled, userId, course._id, lesson.id],
  );
  const submitCode = useMemo(
    () => async (language: Parameters<typeof submit.mutateAsync>[0]['language'], code: string) =>
      (await submit.mutateAsync({ courseId: course._id, lessonId: lesson.id, language, code })).submission,
    [submit.mutateAsync, course._id, lesson.id],
  );

  return (
    <div className="flex flex-col gap-6" data-testid="exercise-lesson">
      {lesson.body?.trim() ? <Markdown>{lesson.body}</Markdown> : null}
      {enrolled ? (
        <p
          className="flex items-center gap-2 rounded-xl border border-default bg-muted p-3 text-sm"
          data-testid="exercise-status"
        >
          {lesson.completed ? (
            <>
              <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden />
              Passed: this lesson is completed.
            </>
          ) : (
            'An Accepted submission completes this lesson.'
          )}
        </p>
      ) : null}
      {!exercise ? (
        <p className="text-sm text-muted">This exercise has no tests yet.</p>
      ) : Workbench ? (
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <Workbench
            exercise={exercise}
            storageKey={`course-lesson:${lesson.id}`}
            submit={submitCode}
            submissions={submissions}
            acceptedNote={
              enrolled
                ? 'Passed: every test is green and this lesson is completed.'
                : 'Every test passed. As the course’s instructor or an admin, your submissions are judged but not kept.'
            }
          />
        </Suspense>
      ) : (
        <p className="text-sm text-muted">The code editor could not be loaded here.</p>
      )}
    </div>
  );
}
