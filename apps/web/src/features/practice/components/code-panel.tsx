import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { Practice } from '@learnbuild/domain/schemas/judge';
import { SNIPPET_LANGUAGE_NAMES } from '@learnbuild/domain/snippet-languages';
import { Keyboard, Play, RotateCcw, Send, Square } from 'lucide-react';
import { type ComponentType, Suspense, useId, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/class-names';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { PracticeEditorProps } from '@/features/practice/practice-host';
import type { RunPhase } from '@/features/practice/use-example-run';
import type { useProblemCode } from '@/features/practice/use-problem-code';
import type { useVimMode } from '@/features/practice/use-vim-mode';
import { useHydrated } from '@/lib/hydration';
import { useSession } from '@/lib/session';
import { LoginLink } from './login-link';

const FONT_SIZE = 14;

function EditorPlaceholder() {
  return (
    <div
      role="status"
      aria-label="Loading the editor"
      className="flex h-full min-h-48 items-center justify-center rounded-xl border border-default bg-[var(--surface)] text-sm text-muted"
    >
      Loading the editor…
    </div>
  );
}

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The editor with its language, Vim mode and reset, and the Run and Submit buttons under it. The editor itself is
 * the app's (the code editor's CodeMirror), shown once `editorReady`: after the statement is on screen.
 */
export function CodePanel({
  practice,
  code,
  vim,
  Editor,
  editorReady,
  runPhase,
  judging,
  onRun,
  onStop,
  onSubmit,
}: {
  practice: Practice;
  code: ReturnType<typeof useProblemCode>;
  vim: ReturnType<typeof useVimMode>;
  Editor: ComponentType<PracticeEditorProps>;
  editorReady: boolean;
  runPhase: RunPhase;
  judging: boolean;
  onRun: () => void;
  onStop: () => void;
  onSubmit: () => void;
}) {
  const id = useId();
  const { user, accountPending } = useSession();
  const [confirmReset, setConfirmReset] = useState(false);
  const { doc } = code;
  const languageName = SNIPPET_LANGUAGE_NAMES[doc.language];
  // The server cannot know the visitor's keyboard: the drawn page names Ctrl+Enter until the browser takes over.
  const shortcut = useHydrated() && isMac() ? '⌘ Enter' : 'Ctrl+Enter';

  return (
    <section aria-labelledby={`${id}-heading`} className="flex h-full min-h-0 flex-col gap-2">
      <h2 id={`${id}-heading`} className="sr-only">
        Your code
      </h2>
      <div className="flex flex-wrap items-end gap-2" data-testid="practice-toolbar">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-language`} className="text-xs font-medium text-muted">
            Language
          </label>
          <select
            id={`${id}-language`}
            value={doc.language}
            onChange={(event) => code.setLanguage(event.target.value as JudgeSolveLanguage)}
            className="h-9 rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
          >
            {practice.languages.map((language) => (
              <option key={language} value={language}>
                {SNIPPET_LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="h-9 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:aria-pressed:bg-brand-900/60 dark:aria-pressed:text-brand-100"
          aria-pressed={vim.on}
          onClick={vim.toggle}
        >
          <Keyboard className="h-4 w-4" aria-hidden /> Vim mode
        </Button>
        <Button variant="ghost" size="sm" className="h-9" onClick={() => setConfirmReset(true)}>
          <RotateCcw className="h-4 w-4" aria-hidden /> Reset to starter code
        </Button>
      </div>
      <p id={`${id}-help`} className="sr-only">
        Tab indents. To leave the editor, press Escape and then Tab
        {vim.on ? ' (in Vim mode, Control M and then Tab)' : ''}. {shortcut} runs the examples.
      </p>
      <div className="h-[55dvh] min-h-64 md:h-auto md:min-h-0 md:flex-1" data-testid="editor-area">
        {editorReady ? (
          <Suspense fallback={<EditorPlaceholder />}>
            <Editor
              documentKey={doc.key}
              initialText={doc.initialText}
              language={doc.language}
              label={`Code, ${languageName}`}
              describedBy={`${id}-help`}
              readOnly={false}
              fontSize={FONT_SIZE}
              onChange={code.onChange}
              onRun={onRun}
              extensions={vim.extension}
            />
          </Suspense>
        ) : (
          <EditorPlaceholder />
        )}
      </div>
      {/* On a phone the buttons stay in reach of a thumb, above the tabs at the bottom of the screen. */}
      <div
        className="sticky bottom-[3.6rem] z-10 -mx-3 flex items-center justify-end gap-2 border-t border-default bg-[var(--surface)] px-3 py-2 *:flex-1 md:static md:mx-0 md:border-0 md:bg-transparent md:p-0 md:*:flex-none"
        data-testid="practice-actions"
      >
        {runPhase === 'idle' ? (
          <Button variant="secondary" onClick={onRun} title={`Run the examples (${shortcut})`}>
            <Play className="h-4 w-4" aria-hidden /> Run
          </Button>
        ) : (
          <Button variant="secondary" onClick={onStop}>
            <Square className="h-4 w-4" aria-hidden /> Stop
          </Button>
        )}
        {user ? (
          <Button onClick={onSubmit} disabled={judging}>
            <Send className="h-4 w-4" aria-hidden /> {judging ? 'Judging…' : 'Submit'}
          </Button>
        ) : accountPending ? (
          <Button disabled>
            <Send className="h-4 w-4" aria-hidden /> Submit
          </Button>
        ) : (
          <LoginLink className={cn(buttonClasses('primary'), 'text-white dark:text-white')} plain>
            Log in to submit
          </LoginLink>
        )}
      </div>
      {confirmReset ? (
        <ConfirmDialog
          title="Reset to the starter code?"
          description={`Your ${languageName} code for this problem is replaced by the starter code. This cannot be undone.`}
          confirmLabel="Reset"
          tone="danger"
          onConfirm={() => {
            code.reset();
            setConfirmReset(false);
          }}
          onClose={() => setConfirmReset(false)}
        />
      ) : null}
    </section>
  );
}
