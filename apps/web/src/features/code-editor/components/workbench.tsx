import { CODE_RUN_NOT_AVAILABLE_MESSAGE } from '@learnbuild/domain/schemas/code-editor';
import { Play, Square } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useRuntimes } from '@/features/code-editor/api/get-runtimes';
import { FONT_SIZES, readPreferences, writePreferences } from '@/features/code-editor/buffers';
import { CodeMirrorEditor } from '@/features/code-editor/editor/code-mirror-editor';
import { LANGUAGES, languageInfo, noJudgeReason, pickerLabel } from '@/features/code-editor/languages';
import { useCodeRunner } from '@/features/code-editor/run/use-code-runner';
import type { EditorDocument } from '@/features/code-editor/use-scratch-document';
import { bringIntoView } from '@/lib/bring-into-view';
import { useSession } from '@/lib/session';
import { OutputPanel } from './output-panel';

const selectClasses =
  'h-10 rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 disabled:opacity-70';

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The editor, its controls, the input box and the output, for any document (the learner's own
 * buffers, their snippet, or someone's shared snippet read-only). The code runs here; what the
 * document is and how it is saved are the caller's.
 */
export function Workbench({
  document: doc,
  readOnly = false,
  languageLocked = false,
  header,
  banner,
  actions,
}: {
  document: EditorDocument;
  readOnly?: boolean;
  languageLocked?: boolean;
  header: ReactNode;
  banner?: ReactNode;
  actions?: ReactNode;
}) {
  const { user } = useSession();
  const location = useLocation();
  const [fontSize, setFontSize] = useState(() => readPreferences().fontSize);
  const runner = useCodeRunner();
  const language = languageInfo(doc.language);
  const onJudge = language.runs === 'judge';
  // Asked on every visit, not only once C++ or Java is chosen: the picker marks them before anyone picks them.
  const runtimes = useRuntimes();
  const judgeAvailable = runtimes.data?.judge === true;
  /** Known not to run here (a server without a judge): Run is off, and says why, before any click. */
  const cannotRun = onJudge && runtimes.data?.judge === false;
  const output = useRef<HTMLElement>(null);
  const helpId = useId();
  const shortcut = isMac() ? '⌘ Enter' : 'Ctrl+Enter';

  const { preloadPython } = runner;
  useEffect(() => {
    if (doc.language === 'python') {
      preloadPython();
      return;
    }
    // Python was the language last used (in another buffer, a lesson's code): likely wanted again, so it starts
    // once the page has nothing else to do, off the main thread, in its worker.
    if (readPreferences().language !== 'python') return;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(preloadPython, 2000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(preloadPython, { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, [doc.language, preloadPython]);

  const run = () => {
    if (runner.phase !== 'idle') return;
    if (onJudge) {
      if (runtimes.isPending) return;
      if (!judgeAvailable) {
        runner.refuse(
          doc.language,
          `${CODE_RUN_NOT_AVAILABLE_MESSAGE} You can still write, save and share ${language.label} code.`,
        );
        showOutput();
        return;
      }
      if (!user) {
        runner.refuse(doc.language, `Sign in to run ${language.label}: it runs on our server.`);
        showOutput();
        return;
      }
    }
    void runner.run({ language: doc.language, source: doc.currentText(), stdin: doc.stdin });
    showOutput();
  };

  /** On a phone the output sits below the editor and the input box: a run brings it into view. */
  const showOutput = () => bringIntoView(output.current);

  const runFromKeyboard = (event: KeyboardEvent) => {
    // Inside the editor CodeMirror's own Mod-Enter binding runs first and stops the event.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
      event.preventDefault();
      run();
    }
  };

  const loginHref = `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
  const judgeNotice = onJudge ? (
    runtimes.isPending ? null : !judgeAvailable ? (
      <p>
        {CODE_RUN_NOT_AVAILABLE_MESSAGE} Editing, saving and sharing {language.label} code still work; JavaScript,
        TypeScript and Python run right here in your browser.
      </p>
    ) : !user ? (
      <p>
        {language.label} runs on our server:{' '}
        <Link to={loginHref} className="font-medium text-brand-700 underline dark:text-brand-400">
          sign in
        </Link>{' '}
        to run it.
      </p>
    ) : (
      <p>{language.label} is compiled and run on our server.</p>
    )
  ) : undefined;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6 sm:py-8" onKeyDown={runFromKeyboard}>
      {header}
      {banner}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" data-testid="editor-toolbar">
        <div className="flex gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${helpId}-language`} className="text-xs font-medium text-muted">
              Language
            </label>
            <select
              id={`${helpId}-language`}
              value={doc.language}
              onChange={(event) => doc.setLanguage(event.target.value as typeof doc.language)}
              disabled={languageLocked || runner.phase !== 'idle'}
              className={selectClasses}
            >
              {LANGUAGES.map((option) => (
                <option key={option.id} value={option.id}>
                  {pickerLabel(option, runtimes.data?.judge)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${helpId}-font`} className="text-xs font-medium text-muted">
              Font size
            </label>
            <select
              id={`${helpId}-font`}
              value={fontSize}
              onChange={(event) => {
                const size = Number(event.target.value);
                setFontSize(size);
                writePreferences({ fontSize: size });
              }}
              className={selectClasses}
            >
              {FONT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size} px
                </option>
              ))}
            </select>
          </div>
        </div>
        {/* On a phone the actions get a row of their own, Run last where the thumb is. */}
        <div className="flex flex-1 flex-wrap items-center gap-1.5 whitespace-nowrap sm:justify-end sm:gap-2">
          {actions}
          {cannotRun ? (
            <p id={`${helpId}-no-run`} className="text-sm whitespace-normal text-muted" data-testid="run-unavailable">
              {noJudgeReason(language)}
            </p>
          ) : null}
          {runner.phase === 'idle' ? (
            <Button
              onClick={run}
              disabled={cannotRun}
              aria-describedby={cannotRun ? `${helpId}-no-run` : undefined}
              aria-keyshortcuts="Control+Enter Meta+Enter"
              title={cannotRun ? noJudgeReason(language) : `Run (${shortcut})`}
            >
              <Play className="h-4 w-4" aria-hidden /> Run
              <kbd className="hidden rounded border border-white/40 bg-brand-700 px-1.5 py-0.5 font-sans text-[11px] text-white sm:inline">
                {shortcut}
              </kbd>
            </Button>
          ) : (
            <Button variant="danger" onClick={runner.stopRun}>
              <Square className="h-4 w-4" aria-hidden /> Stop
            </Button>
          )}
        </div>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:h-[calc(100dvh-18rem)] lg:min-h-[28rem] lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="h-[55dvh] min-h-80 lg:h-auto lg:min-h-0">
          <CodeMirrorEditor
            documentKey={doc.documentKey}
            initialText={doc.initialText}
            language={doc.language}
            label={`Code, ${language.label}${readOnly ? ', read-only' : ''}`}
            describedBy={`${helpId}-help`}
            readOnly={readOnly}
            fontSize={fontSize}
            onChange={doc.setText}
            onRun={run}
          />
        </div>
        <div className="flex min-h-0 flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${helpId}-stdin`} className="text-sm font-medium">
              Input (stdin)
            </label>
            <textarea
              id={`${helpId}-stdin`}
              value={doc.stdin}
              onChange={(event) => doc.setStdin(event.target.value)}
              rows={4}
              spellCheck={false}
              placeholder="Lines your program reads"
              className="w-full resize-y rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-[13px] text-[var(--text)] placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:placeholder:text-slate-400"
            />
          </div>
          <OutputPanel
            ref={output}
            phase={runner.phase}
            live={runner.live}
            // Another language's last run says nothing about this one's code.
            outcome={runner.outcome?.language === doc.language ? runner.outcome : null}
            pythonStep={doc.language === 'python' && runner.pythonState === 'loading' ? runner.pythonStep : null}
            notice={judgeNotice}
          />
        </div>
      </div>
      <p id={`${helpId}-help`} className="text-xs text-muted">
        Keyboard: Tab indents; press Escape and then Tab to leave the editor. {shortcut} runs the code and Ctrl+F (⌘ F)
        searches it.
      </p>
    </div>
  );
}
