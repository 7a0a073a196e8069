import { CourseViewPage } from '@/features/courses/routes/course-view';
import { WithExerciseWorkbench } from './exercise-workbench';

/** /courses/:courseId: a code exercise lesson is solved in the problem page's workbench. */
export function CourseScreen() {
  return (
    <WithExerciseWorkbench>
      <CourseViewPage />
    </WithExerciseWorkbench>
  );
}
