import type { Practice } from '@learnbuild/domain/schemas/judge';
import { useEffect, useState } from 'react';
import type { ConsoleTab, LastAction } from './components/console-panel';
import { customInputText, readCustomInput } from './custom-input';
import type { PracticeRunner } from './practice-host';
import { runAnnouncement, useExampleRun } from './use-example-run';
import { useProblemCode } from './use-problem-code';
import { useVimMode } from './use-vim-mode';

/**
 * What the problem page and a lesson's code exercise share: the editor's code, Vim mode, the console (its tab,
 * the learner's own input, what ran last) and Run, which checks the examples and that input in this browser.
 * `showResults` is called whenever Run or Submit brings the console's results forward (the problem page's phone
 * layout opens its Result tab then).
 */
export function useWorkbench(
  practice: Practice,
  createRunner: () => Promise<PracticeRunner>,
  showResults: () => void = () => undefined,
) {
  const [consoleTab, setConsoleTab] = useState<ConsoleTab>('results');
  const [last, setLast] = useState<LastAction>(null);
  const [announcement, setAnnouncement] = useState('');
  const [customText, setCustomText] = useState(() =>
    customInputText(practice.examples[0]?.args ?? {}, practice.parameters),
  );
  const [customOn, setCustomOn] = useState(false);
  const [customError, setCustomError] = useState<string | null>(null);

  const code = useProblemCode(practice);
  const vim = useVimMode();
  const runner = useExampleRun(practice, createRunner);

  // Python's runtime loads the moment Python is chosen, not when Run is first pressed.
  const { preloadPython } = runner;
  useEffect(() => {
    if (code.doc.language === 'python') preloadPython();
  }, [code.doc.language, preloadPython]);

  /** Run or Submit was pressed: its results come forward in the console. */
  const startAction = (action: Exclude<LastAction, null>, said: string) => {
    setLast(action);
    setConsoleTab('results');
    showResults();
    setAnnouncement(said);
  };

  const run = async () => {
    if (runner.phase !== 'idle') return;
    let custom: Record<string, unknown> | null = null;
    if (customOn) {
      const read = readCustomInput(customText, practice.parameters);
      if (!read.ok) {
        setCustomError(read.message);
        setConsoleTab('input');
        showResults();
        setAnnouncement(read.message);
        return;
      }
      custom = read.args;
    }
    setCustomError(null);
    startAction('run', 'Running the examples…');
    const outcome = await runner.run({ language: code.doc.language, code: code.currentText(), custom, customText });
    if (outcome) setAnnouncement(typeof outcome === 'string' ? outcome : runAnnouncement(outcome));
  };

  /** The console's props for what this hook keeps. */
  const consoleProps = {
    tab: consoleTab,
    onTabChange: setConsoleTab,
    customText,
    onCustomTextChange: setCustomText,
    customOn,
    onCustomOnChange: setCustomOn,
    customError,
    last,
    runPhase: runner.phase,
    runOutcome: runner.outcome,
    runRefusal: runner.refusal,
  };

  return { code, vim, runner, run, startAction, announcement, setAnnouncement, consoleProps };
}
