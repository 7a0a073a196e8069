import type { CodeRunResult, CodeRunStatus } from '@learnbuild/domain/schemas/code-editor';
import type { ComponentType } from 'react';
import type { CodeEditorProps } from '@/lib/code-editor-props';

// What the problem page is given by the app, which composes it with the code editor's pieces (features never
// import each other): the CodeMirror editor, the browser's code runner, and what to refresh after an Accepted.

/** The props the page gives its editor (the code editor's CodeMirror editor takes these). */
export type PracticeEditorProps = CodeEditorProps;

/** One run's outcome, as the browser's runner gives it. */
export type ProgramRun = Omit<CodeRunResult, 'status'> & { status: CodeRunStatus | 'stopped' };

export type BrowserRunLanguage = 'javascript' | 'typescript' | 'python';

/** The browser's code runner: JavaScript and TypeScript in a fresh worker per run, Python in a kept one. */
export interface PracticeRunner {
  run(
    request: { language: BrowserRunLanguage; source: string; stdin: string },
    options?: { signal?: AbortSignal; onLoading?: () => void; onStarted?: () => void },
  ): Promise<ProgramRun>;
  preloadPython(): void;
  dispose(): void;
}

export interface PracticeHost {
  /** The editor, a lazy component: the page shows it only once the statement is on screen. */
  Editor: ComponentType<PracticeEditorProps>;
  /** Loads the runner's code the first time Run is pressed (or Python is chosen). */
  createRunner: () => Promise<PracticeRunner>;
  /** An Accepted submission solved the problem: what shows it elsewhere (the sheet, the dashboard) is stale. */
  onAccepted: () => void;
}
