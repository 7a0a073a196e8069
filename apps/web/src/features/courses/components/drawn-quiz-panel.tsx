import type { CourseDetail, Lesson } from '@learnbuild/domain/schemas/courses';
import type { AttemptResultReply } from '@learnbuild/domain/schemas/question-bank';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useQuizAttempt } from '@/features/courses/api/get-quiz-attempt';
import { useStartQuizAttempt } from '@/features/courses/api/start-quiz-attempt';
import { useSubmitQuizAttempt } from '@/features/courses/api/submit-quiz-attempt';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { DrawnQuiz } from './drawn-quiz';

/** A quiz drawn from the question bank, wired to the server: its standing, starting and submitting an attempt. */
export function DrawnQuizPanel({ course, lesson }: { course: CourseDetail; lesson: Pick<Lesson, 'id' | 'completed'> }) {
  const { user } = useSession();
  const location = useLocation();
  const state = useQuizAttempt(course._id, lesson.id, user !== null);
  const start = useStartQuizAttempt();
  const submit = useSubmitQuizAttempt();
  const [result, setResult] = useState<AttemptResultReply | null>(null);

  if (!user) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border border-default p-4 sm:p-6">
        <p className="text-sm text-muted">This quiz draws its questions for each learner. Log in to take it.</p>
        <Link to={`/login?redirectTo=${next}`} className={buttonClasses('primary')}>
          Log in to take the quiz
        </Link>
      </div>
    );
  }
  if (state.isPending) return <Skeleton className="h-40 w-full rounded-2xl" />;
  // Not enrolled, or gating holds the lesson: the server's sentence says what to do; trying again would not help.
  if (state.isError && errorStatus(state.error) === 403)
    return (
      <p className="rounded-2xl border border-default p-4 text-sm text-muted sm:p-6">
        {errorMessage(state.error, 'Enroll in this course to take the quiz')}
      </p>
    );
  if (state.isError)
    return (
      <InlineLoadError
        error={state.error}
        fallback="The quiz could not be loaded"
        onRetry={() => void state.refetch()}
      />
    );

  const error = start.isError
    ? errorMessage(start.error, 'The quiz could not be started')
    : submit.isError
      ? errorMessage(submit.error, 'Your answers could not be checked')
      : null;
  return (
    <DrawnQuiz
      state={state.data}
      result={result}
      completed={lesson.completed}
      recorded={course.viewer.enrolled}
      starting={start.isPending}
      submitting={submit.isPending}
      error={error}
      onStart={() => {
        submit.reset();
        start.mutate({ courseId: course._id, lessonId: lesson.id });
      }}
      onSubmit={(attemptId, answers) =>
        submit.mutate(
          { courseId: course._id, lessonId: lesson.id, attemptId, answers },
          { onSuccess: (reply) => setResult(reply) },
        )
      }
      onAgain={() => {
        setResult(null);
        submit.reset();
        start.reset();
      }}
    />
  );
}
