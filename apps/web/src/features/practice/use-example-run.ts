import {
  type BrowserCaseResult,
  browserRunProgram,
  judgeBrowserCase,
  parseBrowserRun,
} from '@learnbuild/domain/judge/browser-driver';
import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { Practice } from '@learnbuild/domain/schemas/judge';
import { SNIPPET_LANGUAGE_NAMES } from '@learnbuild/domain/snippet-languages';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BrowserRunLanguage, PracticeRunner, ProgramRun } from './practice-host';

/** One case of a Run as the console shows it. */
export interface RunCaseView {
  title: string;
  /** As the learner reads it: the example's input, or the JSON they wrote. */
  input: string;
  /** The expected answer as JSON text; null for the learner's own input. */
  expected: string | null;
  result: BrowserCaseResult;
}

export interface RunOutcome {
  cases: RunCaseView[];
  /** Examples that passed, out of `examples`. */
  passed: number;
  examples: number;
  /** Why the cases did not all run: a syntax error, an error before them, the time limit. */
  problem: string | null;
  /** What the code printed outside the cases, and its standard error. */
  printed: string;
  stderr: string;
  timeMs: number | null;
}

export type RunPhase = 'idle' | 'loading' | 'running';

const BROWSER_LANGUAGES: readonly JudgeSolveLanguage[] = ['javascript', 'typescript', 'python'];

export function runsInBrowser(language: JudgeSolveLanguage): language is BrowserRunLanguage {
  return BROWSER_LANGUAGES.includes(language);
}

function newNonce(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}

/** Why no case ran to its end, in the learner's words, from the runner's status and the driver's report. */
function runProblem(result: ProgramRun, parsed: ReturnType<typeof parseBrowserRun>): string | null {
  if (result.status === 'compile_error') return result.compileOutput.trim() || 'Your code has a syntax error.';
  if (parsed.compileError) return parsed.compileError.trim();
  if (parsed.setupError) return `Your code stopped before the examples ran: ${parsed.setupError}`;
  if (result.status === 'timeout') {
    const seconds = result.timeMs ? Math.round(result.timeMs / 1000) : 5;
    return `The run took longer than ${seconds} s and was stopped. Is there a loop that never ends?`;
  }
  if (result.status === 'stopped') return 'You stopped the run.';
  if (result.status === 'runtime_error' && parsed.cases.every((output) => output?.answer === undefined)) {
    return result.stderr.trim() || 'Your code stopped with an error before answering.';
  }
  return null;
}

/** Builds the outcome the console shows from one run of the driver program. */
export function runOutcome(
  practice: Practice,
  custom: Record<string, unknown> | null,
  customText: string,
  result: ProgramRun,
  nonce: string,
): RunOutcome {
  const count = practice.examples.length + (custom ? 1 : 0);
  const parsed = parseBrowserRun(result.stdout, nonce, count);
  const cases: RunCaseView[] = practice.examples.map((example, index) => ({
    title: `Example ${index + 1}`,
    input: example.input,
    expected: example.output,
    result: judgeBrowserCase(parsed.cases[index] ?? null, { expected: example.expected }, practice.comparator),
  }));
  if (custom) {
    cases.push({
      title: 'Your input',
      input: customText,
      expected: null,
      result: judgeBrowserCase(parsed.cases[count - 1] ?? null, null, practice.comparator),
    });
  }
  return {
    cases,
    passed: cases.filter((view) => view.result.status === 'passed').length,
    examples: practice.examples.length,
    problem: runProblem(result, parsed),
    printed: parsed.printed,
    stderr: result.stderr,
    timeMs: result.timeMs,
  };
}

/** What a finished Run says to a screen reader. */
export function runAnnouncement(outcome: RunOutcome): string {
  const summary = `Run: ${outcome.passed} of ${outcome.examples} examples passed`;
  return outcome.problem ? `${summary}. ${outcome.problem.split('\n')[0]}` : `${summary}.`;
}

/**
 * Run: the examples (and the learner's own input) in this browser's runner, JavaScript and TypeScript at once,
 * Python once Pyodide has started. The runner's code is fetched the first time it is needed.
 */
export function useExampleRun(practice: Practice, createRunner: () => Promise<PracticeRunner>) {
  const runner = useRef<Promise<PracticeRunner> | null>(null);
  const stop = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const getRunner = useCallback(() => {
    runner.current ??= createRunner();
    runner.current.catch(() => {
      runner.current = null;
    });
    return runner.current;
  }, [createRunner]);

  useEffect(
    () => () => {
      stop.current?.abort();
      void runner.current?.then(
        (loaded) => loaded.dispose(),
        () => undefined,
      );
      runner.current = null;
    },
    [],
  );

  const preloadPython = useCallback(() => {
    getRunner().then(
      (loaded) => loaded.preloadPython(),
      () => undefined,
    );
  }, [getRunner]);

  const run = useCallback(
    async ({
      language,
      code,
      custom,
      customText,
    }: {
      language: JudgeSolveLanguage;
      code: string;
      custom: Record<string, unknown> | null;
      customText: string;
    }): Promise<RunOutcome | string | null> => {
      if (stop.current) return null;
      if (!runsInBrowser(language)) {
        const message = `Run works in JavaScript, TypeScript and Python. Submit judges ${SNIPPET_LANGUAGE_NAMES[language]} on the server.`;
        setOutcome(null);
        setRefusal(message);
        return message;
      }
      const controller = new AbortController();
      stop.current = controller;
      setRefusal(null);
      setPhase(language === 'python' ? 'loading' : 'running');
      try {
        const loaded = await getRunner();
        const nonce = newNonce();
        const cases = [...practice.examples.map((example) => example.args), ...(custom ? [custom] : [])];
        const source = browserRunProgram({ language, signature: practice, code, cases, nonce });
        const result = await loaded.run(
          { language, source, stdin: '' },
          {
            signal: controller.signal,
            onLoading: () => setPhase('loading'),
            onStarted: () => setPhase('running'),
          },
        );
        const next = runOutcome(practice, custom, customText, result, nonce);
        setOutcome(next);
        return next;
      } catch {
        const message = 'The runner could not start. Check your connection and run again.';
        setOutcome(null);
        setRefusal(message);
        return message;
      } finally {
        stop.current = null;
        setPhase('idle');
      }
    },
    [getRunner, practice],
  );

  const stopRun = useCallback(() => stop.current?.abort(), []);

  return { phase, outcome, refusal, run, stopRun, preloadPython };
}
