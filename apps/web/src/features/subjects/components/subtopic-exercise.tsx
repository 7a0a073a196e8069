import type { ExerciseLanguage, PublicExercise } from '@learnbuild/domain/schemas/exercises';
import { Suspense, useContext, useMemo } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import {
  getSubtopicSubmissions,
  subtopicSubmissionsKey,
  useSubmitSubtopicExercise,
} from '@/features/subjects/api/exercise-submissions';
import type { SubtopicKey } from '@/features/subjects/subject-detail';
import { ExerciseWorkbenchContext } from '@/lib/exercise-workbench-props';
import { useSession } from '@/lib/session';

/** A core-subject lesson's code exercise (issue 30): the workbench the app gives, judged on the server. */
export function SubtopicExercise({ exercise, subtopic }: { exercise: PublicExercise; subtopic: SubtopicKey }) {
  const Workbench = useContext(ExerciseWorkbenchContext);
  const userId = useSession().user?.id ?? null;
  const submit = useSubmitSubtopicExercise();
  const { subjectId, topicId, subtopicId } = subtopic;
  const submissions = useMemo(() => {
    const key = { subjectId, topicId, subtopicId };
    return { queryKey: subtopicSubmissionsKey(userId, key), load: () => getSubtopicSubmissions(key) };
  }, [userId, subjectId, topicId, subtopicId]);
  const { mutateAsync } = submit;
  const submitCode = useMemo(
    () => async (language: ExerciseLanguage, code: string) =>
      (await mutateAsync({ subjectId, topicId, subtopicId, language, code })).submission,
    [mutateAsync, subjectId, topicId, subtopicId],
  );
  return (
    <section
      aria-labelledby="subtopic-exercise-heading"
      className="mt-10 flex flex-col gap-4"
      data-testid="subtopic-exercise"
    >
      <h2 id="subtopic-exercise-heading" className="text-xl font-semibold">
        Try it: a code exercise
      </h2>
      {Workbench ? (
        <Suspense fallback={<Skeleton className="h-96 w-full" />}>
          <Workbench
            exercise={exercise}
            storageKey={`subtopic:${subjectId}/${topicId}/${subtopicId}`}
            submit={submitCode}
            submissions={submissions}
            acceptedNote="Passed: every test is green, and this lesson is marked as completed."
          />
        </Suspense>
      ) : (
        <p className="text-sm text-muted">The code editor could not be loaded here.</p>
      )}
    </section>
  );
}
