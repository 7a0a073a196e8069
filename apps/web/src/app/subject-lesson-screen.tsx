import { lazy } from 'react';
import type { PracticeRunner } from '@/features/practice/practice-host';
import { LessonPage } from '@/features/subjects/routes/lesson';
import { ExerciseWorkbenchContext, type ExerciseWorkbenchProps } from '@/lib/exercise-workbench-props';

// The code editor, its browser runner and the practice workbench, fetched only when a lesson has an exercise.
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
 * A core-subject lesson composed with what other features own (features never import each other): a subtopic's
 * code exercise is solved in the problem page's workbench.
 */
export function SubjectLessonScreen() {
  return (
    <ExerciseWorkbenchContext.Provider value={ExerciseWorkbench}>
      <LessonPage />
    </ExerciseWorkbenchContext.Provider>
  );
}
