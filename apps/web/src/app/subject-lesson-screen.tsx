import { LessonPage } from '@/features/subjects/routes/lesson';
import { WithExerciseWorkbench } from './exercise-workbench';

/** A core-subject lesson: a subtopic's code exercise is solved in the problem page's workbench. */
export function SubjectLessonScreen() {
  return (
    <WithExerciseWorkbench>
      <LessonPage />
    </WithExerciseWorkbench>
  );
}
