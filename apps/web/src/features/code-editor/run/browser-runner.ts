import {
  LOAD_TIME_LIMIT_MS,
  type PythonLoadStep,
  type RunnerMessage,
  type RunRequest,
  type RunResult,
  type WorkerRequest,
} from './protocol';
import { type RunnerWorker, type RunOptions, runInWorker } from './run-in-worker';

export type PythonState = 'idle' | 'loading' | 'ready';

export interface WorkerFactories {
  javascript: () => RunnerWorker;
  python: () => RunnerWorker;
}

/** Vite turns each `new Worker(new URL(...))` into its own module worker file, loaded only when called. */
const browserWorkers: WorkerFactories = {
  javascript: () =>
    new Worker(new URL('./js-runner.worker.ts', import.meta.url), { type: 'module', name: 'javascript-runner' }),
  python: () =>
    new Worker(new URL('./python-runner.worker.ts', import.meta.url), { type: 'module', name: 'python-runner' }),
};

/**
 * The page's runner. JavaScript and TypeScript get a fresh worker per run (no state leaks from one run
 * to the next); Python keeps its worker, since Pyodide takes seconds to start, until a run has to be
 * stopped, after which the next run loads Pyodide again.
 */
export class BrowserRunner {
  private python: RunnerWorker | null = null;
  private pythonState: PythonState = 'idle';
  private pythonStep: PythonLoadStep | null = null;
  private readonly listeners = new Set<(state: PythonState, step: PythonLoadStep | null) => void>();

  constructor(private readonly workers: WorkerFactories = browserWorkers) {}

  /** Follows Python's loading state and step, for the progress the console shows. */
  onPythonState(listener: (state: PythonState, step: PythonLoadStep | null) => void): () => void {
    this.listeners.add(listener);
    listener(this.pythonState, this.pythonStep);
    return () => this.listeners.delete(listener);
  }

  /** Starts loading Pyodide as soon as Python is chosen, so the first run does not wait as long. */
  preloadPython(): void {
    const message: WorkerRequest = { type: 'load' };
    this.pythonWorker().postMessage(message);
  }

  async run(request: RunRequest, options: RunOptions = {}): Promise<RunResult> {
    if (request.language === 'python') {
      const worker = this.pythonWorker();
      const { result, reusable } = await runInWorker(worker, request, {
        ...options,
        firstAnswerLimitMs: this.pythonState === 'ready' ? undefined : LOAD_TIME_LIMIT_MS,
      });
      if (!reusable && this.python === worker) this.dropPython();
      return result;
    }
    const worker = this.workers.javascript();
    const { result } = await runInWorker(worker, request, options);
    worker.terminate();
    return result;
  }

  dispose(): void {
    this.dropPython();
    this.listeners.clear();
  }

  private pythonWorker(): RunnerWorker {
    if (this.python) return this.python;
    const worker = this.workers.python();
    worker.addEventListener('message', (event: MessageEvent<RunnerMessage>) => {
      if (event.data?.type === 'loading') this.setPythonState('loading', event.data.step);
      if (event.data?.type === 'ready') this.setPythonState('ready');
    });
    this.python = worker;
    return worker;
  }

  private dropPython(): void {
    this.python?.terminate();
    this.python = null;
    this.setPythonState('idle');
  }

  private setPythonState(state: PythonState, step: PythonLoadStep | null = null): void {
    this.pythonState = state;
    this.pythonStep = step;
    for (const listener of this.listeners) listener(state, step);
  }
}
