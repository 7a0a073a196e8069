import { lazy, type ReactNode } from 'react';
import type { PracticeRunner } from '@/features/practice/practice-host';
import { ExerciseWorkbenchContext, type ExerciseWorkbenchProps } from '@/lib/exercise-workbench-props';

// The code editor's CodeMirror and browser runner, and the practice workbench around them, each fetched only when
// an exercise opens: a course page or a subject lesson without one loads none of them.
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
 * Gives the screens under it the problem page's workbench for code exercises (issue 30): the course player and a
 * core-subject lesson show it, and features never import each other, so the app composes them here.
 */
export function WithExerciseWorkbench({ children }: { children: ReactNode }) {
  return <ExerciseWorkbenchContext.Provider value={ExerciseWorkbench}>{children}</ExerciseWorkbenchContext.Provider>;
}
