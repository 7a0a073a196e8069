import { useCallback, useEffect, useRef, useState } from 'react';
import { runCodeOnServer } from '@/features/code-editor/api/run-code';
import { isJudgeLanguage } from '@/features/code-editor/languages';
import { errorMessage, errorStatus } from '@/lib/api-client';
import type { EditorLanguage } from '@/lib/code-editor-link';
import { BrowserRunner, type PythonState } from './browser-runner';
import type { PythonLoadStep, RunResult } from './protocol';

export type RunPhase = 'idle' | 'loading' | 'running';

/** A run's outcome as the output panel shows it: the result, or a refusal (sign in, not available...). */
export type RunOutcome =
  | { kind: 'result'; language: EditorLanguage; result: RunResult }
  | { kind: 'refused'; language: EditorLanguage; message: string };

/**
 * Runs the editor's code: JavaScript, TypeScript and Python in this browser's workers, C++ and Java on
 * the server's judge. One run at a time; Stop ends the current one.
 */
export function useCodeRunner() {
  const runner = useRef<BrowserRunner | null>(null);
  const stop = useRef<AbortController | null>(null);
  const [phase, setPhase] = useState<RunPhase>('idle');
  const [pythonState, setPythonState] = useState<PythonState>('idle');
  const [pythonStep, setPythonStep] = useState<PythonLoadStep | null>(null);
  const [live, setLive] = useState<{ stdout: string; stderr: string } | null>(null);
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);

  const browserRunner = useCallback(() => {
    if (!runner.current) {
      runner.current = new BrowserRunner();
      runner.current.onPythonState((state, step) => {
        setPythonState(state);
        setPythonStep(step);
      });
    }
    return runner.current;
  }, []);

  useEffect(
    () => () => {
      stop.current?.abort();
      runner.current?.dispose();
      runner.current = null;
    },
    [],
  );

  const preloadPython = useCallback(() => browserRunner().preloadPython(), [browserRunner]);

  const run = useCallback(
    async ({ language, source, stdin }: { language: EditorLanguage; source: string; stdin: string }) => {
      if (stop.current) return;
      const controller = new AbortController();
      stop.current = controller;
      setLive(null);
      setOutcome(null);
      try {
        if (isJudgeLanguage(language)) {
          setPhase('running');
          try {
            const result = await runCodeOnServer({ language, source, stdin }, controller.signal);
            setOutcome({ kind: 'result', language, result });
          } catch (error) {
            if (controller.signal.aborted) {
              setOutcome({ kind: 'result', language, result: stoppedResult() });
            } else {
              setOutcome({ kind: 'refused', language, message: judgeRefusal(error) });
            }
          }
          return;
        }
        setPhase(language === 'python' && pythonState !== 'ready' ? 'loading' : 'running');
        const result = await browserRunner().run(
          { language, source, stdin },
          {
            signal: controller.signal,
            onLoading: () => setPhase('loading'),
            onStarted: () => setPhase('running'),
            onOutput: setLive,
          },
        );
        setOutcome({ kind: 'result', language, result });
      } finally {
        stop.current = null;
        setLive(null);
        setPhase('idle');
      }
    },
    [browserRunner, pythonState],
  );

  const stopRun = useCallback(() => stop.current?.abort(), []);
  /** Says why the code cannot run here, in the output panel, without calling anything. */
  const refuse = useCallback((language: EditorLanguage, message: string) => {
    setOutcome({ kind: 'refused', language, message });
  }, []);

  return { phase, pythonState, pythonStep, live, outcome, run, stopRun, preloadPython, refuse };
}

function stoppedResult(): RunResult {
  return { status: 'stopped', stdout: '', stderr: '', compileOutput: '', exitCode: null, timeMs: null };
}

function judgeRefusal(error: unknown): string {
  if (errorStatus(error) === 401) return 'Sign in to run C++ and Java: they run on our server.';
  return errorMessage(error, 'Could not run the code');
}
