import { lazy } from 'react';
import { CourseViewPage } from '@/features/courses/routes/course-view';
import type { PracticeRunner } from '@/features/practice/practice-host';
import { ExerciseWorkbenchContext, type ExerciseWorkbenchProps } from '@/lib/exercise-workbench-props';

// The code editor's CodeMirror and browser runner, and the practice workbench around them, each fetched only when
// an exercise lesson opens: the course page and its other lessons load none of them.
const Editor = lazy(async () => ({
  default: (await import('@/features/code-editor/editor/code-mirror-editor')).CodeMirrorEditor,
}));

async function createRunner(): Promise<PracticeRunner> {
  const { BrowserRunner } = await import('@/features/code-editor/run/browser-runner');
  return new BrowserRunner();
}

const ExerciseWorkbench = lazy(async () => {
  const { ExerciseWorkbench: Workbench } = await import('@/features/practice/components/exercise-workbench');
  return {
    default: (props: ExerciseWorkbenchProps) => <Workbench {...props} Editor={Editor} createRunner={createRunner} />,
  };
});

/**
 * /courses/:courseId composes the course page with what other features own (features never import each other):
 * a code exercise lesson is solved in the problem page's workbench.
 */
export function CourseScreen() {
  return (
    <ExerciseWorkbenchContext.Provider value={ExerciseWorkbench}>
      <CourseViewPage />
    </ExerciseWorkbenchContext.Provider>
  );
}
