import type { BROWSER_LANGUAGES, CodeRunResult, CodeRunStatus } from '@learnbuild/domain/schemas/code-editor';

/**
 * What the page and the runner workers say to each other. The page sends one RunRequest; the worker
 * answers with messages until `finished`. The page alone enforces the time limit: it terminates the
 * worker, which is the only way to stop a loop that never yields.
 */

export type BrowserLanguage = (typeof BROWSER_LANGUAGES)[number];

export interface RunRequest {
  language: BrowserLanguage;
  source: string;
  stdin: string;
}

/** Page to worker: run code, or (Python) load the runtime ahead of the first run. */
export type WorkerRequest = { type: 'run'; request: RunRequest } | { type: 'load' };

/** The judge's statuses, and `stopped`: the learner pressed Stop. */
export type RunStatus = CodeRunStatus | 'stopped';

export type RunnerMessage =
  /**
   * Python only: Pyodide is being downloaded and started (the time limit is not running yet), at this step; each
   * step is sent as it begins.
   */
  | { type: 'loading'; step: PythonLoadStep }
  /** Python only: Pyodide is ready. */
  | { type: 'ready' }
  /** The user's code starts now: the time limit counts from here. */
  | { type: 'started' }
  | { type: 'output'; stream: 'stdout' | 'stderr' | 'compile'; text: string }
  /** exitCode null with runtime_error: the runtime itself failed, and the page replaces the worker. */
  | {
      type: 'finished';
      status: 'ok' | 'compile_error' | 'runtime_error';
      exitCode: number | null;
      timeMs: number | null;
    };

/**
 * Python's loading steps, in order: its loader script, then the runtime (WebAssembly and the standard library,
 * from this site or the browser's cache) started either from the copy of a started Python this browser saved
 * the first time (`restore`) or from the beginning (`start`, the first time, after which the copy is saved).
 */
export type PythonLoadStep = 'fetch' | 'restore' | 'start';

/** The console's words for each step, with how far along it is: "Loading Python… 2 of 2: …". */
export const PYTHON_LOAD_STEPS: Record<PythonLoadStep, string> = {
  fetch: '1 of 2: getting the Python runtime',
  restore: '2 of 2: starting Python from the copy this browser saved',
  start: '2 of 2: starting Python (the first time takes longest; later visits start from a saved copy)',
};

/** One run's outcome, the same shape the server's judge answers for C++ and Java. */
export type RunResult = Omit<CodeRunResult, 'status'> & { status: RunStatus };

/** The code's own running time; loading Pyodide does not count. */
export const RUN_TIME_LIMIT_MS = 5000;
/** Pyodide's first download on a slow connection: the runtime is about 13 MB before compression. */
export const LOAD_TIME_LIMIT_MS = 120_000;
/** Output kept per stream; a print loop must not fill the page's memory. */
export const OUTPUT_LIMIT_CHARS = 100_000;
export const OUTPUT_TRUNCATED_NOTE = '\n[output cut: more than 100,000 characters]\n';

/**
 * The worker's side of the output: each write leaves at once (a loop that never ends still shows what it
 * printed before), and a stream stops at OUTPUT_LIMIT_CHARS, which also bounds the number of messages.
 */
export class CappedOutput {
  private readonly sent = { stdout: 0, stderr: 0 };

  constructor(private readonly send: (message: RunnerMessage) => void) {}

  write(stream: 'stdout' | 'stderr', text: string): void {
    const room = OUTPUT_LIMIT_CHARS - this.sent[stream];
    if (room <= 0 || text === '') return;
    this.sent[stream] += Math.min(text.length, room);
    this.send({
      type: 'output',
      stream,
      text: text.length > room ? text.slice(0, room) + OUTPUT_TRUNCATED_NOTE : text,
    });
  }
}

/** The page's side: keeps at most OUTPUT_LIMIT_CHARS of a stream and says when the rest was dropped. */
export class OutputBuffer {
  private text = '';
  private cut = false;

  append(chunk: string): void {
    if (this.cut) return;
    const room = OUTPUT_LIMIT_CHARS - this.text.length;
    if (chunk.length <= room) {
      this.text += chunk;
      return;
    }
    this.text += chunk.slice(0, Math.max(room, 0)) + OUTPUT_TRUNCATED_NOTE;
    this.cut = true;
  }

  /** True once the limit was reached: later output is dropped. */
  get full(): boolean {
    return this.cut;
  }

  toString(): string {
    return this.text;
  }
}
