import {
  LOAD_TIME_LIMIT_MS,
  OutputBuffer,
  RUN_TIME_LIMIT_MS,
  type RunnerMessage,
  type RunRequest,
  type RunResult,
  type WorkerRequest,
} from './protocol';

export type RunnerWorker = Pick<Worker, 'postMessage' | 'terminate' | 'addEventListener' | 'removeEventListener'>;

export interface RunProgress {
  /** Python is being downloaded and started; the time limit has not begun. */
  onLoading?: () => void;
  /** The code runs now; the time limit counts from here. */
  onStarted?: () => void;
  /** The output so far, at most every `progressMs`. */
  onOutput?: (output: { stdout: string; stderr: string }) => void;
}

export interface RunOptions extends RunProgress {
  timeLimitMs?: number;
  loadLimitMs?: number;
  progressMs?: number;
  /** How long the worker may take to say it is loading or running (Python may be loading already). */
  firstAnswerLimitMs?: number;
  /** Aborting stops the run (the Stop button): the worker is terminated. */
  signal?: AbortSignal;
}

export interface WorkerRun {
  result: RunResult;
  /** False when the worker was terminated or its runtime broke: it must not be used again. */
  reusable: boolean;
}

/**
 * Sends one run to a worker and collects its answer. The time limit is the page's: when the code has run
 * for `timeLimitMs` the worker is terminated (nothing else stops a loop that never yields) and the
 * result says so, with the output printed until then.
 */
export function runInWorker(worker: RunnerWorker, request: RunRequest, options: RunOptions = {}): Promise<WorkerRun> {
  const timeLimitMs = options.timeLimitMs ?? RUN_TIME_LIMIT_MS;
  const loadLimitMs = options.loadLimitMs ?? LOAD_TIME_LIMIT_MS;
  const stdout = new OutputBuffer();
  const stderr = new OutputBuffer();
  const compile = new OutputBuffer();

  return new Promise<WorkerRun>((resolve) => {
    let limit: ReturnType<typeof setTimeout> | undefined;
    let progress: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const result = (fields: Pick<RunResult, 'status' | 'exitCode' | 'timeMs'>): RunResult => ({
      ...fields,
      stdout: stdout.toString(),
      stderr: stderr.toString(),
      compileOutput: compile.toString(),
    });
    const settle = (outcome: WorkerRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(limit);
      clearTimeout(progress);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      options.signal?.removeEventListener('abort', onAbort);
      if (!outcome.reusable) worker.terminate();
      resolve(outcome);
    };
    const stopAt = (ms: number, stop: () => void) => {
      clearTimeout(limit);
      limit = setTimeout(stop, ms);
    };
    const onTimeLimit = () =>
      settle({ result: result({ status: 'timeout', exitCode: null, timeMs: timeLimitMs }), reusable: false });
    const onLoadLimit = () => {
      stderr.append(
        `Python did not start within ${Math.round(loadLimitMs / 1000)} s. Check your connection and run again.\n`,
      );
      settle({ result: result({ status: 'runtime_error', exitCode: null, timeMs: null }), reusable: false });
    };
    const reportProgress = () => {
      if (progress !== undefined || !options.onOutput) return;
      progress = setTimeout(() => {
        progress = undefined;
        if (!settled) options.onOutput?.({ stdout: stdout.toString(), stderr: stderr.toString() });
      }, options.progressMs ?? 100);
    };

    function onMessage(event: MessageEvent<RunnerMessage>) {
      const message = event.data;
      switch (message?.type) {
        case 'loading':
          stopAt(loadLimitMs, onLoadLimit);
          options.onLoading?.();
          break;
        case 'started':
          stopAt(timeLimitMs, onTimeLimit);
          options.onStarted?.();
          break;
        case 'output':
          (message.stream === 'stdout' ? stdout : message.stream === 'stderr' ? stderr : compile).append(message.text);
          if (message.stream !== 'compile') reportProgress();
          break;
        case 'finished':
          settle({
            result: result({ status: message.status, exitCode: message.exitCode, timeMs: message.timeMs }),
            reusable: message.exitCode !== null,
          });
          break;
      }
    }
    function onError(event: ErrorEvent) {
      event.preventDefault?.();
      stderr.append(`The runner stopped unexpectedly${event.message ? `: ${event.message}` : ''}.\n`);
      settle({ result: result({ status: 'runtime_error', exitCode: null, timeMs: null }), reusable: false });
    }
    function onAbort() {
      settle({ result: result({ status: 'stopped', exitCode: null, timeMs: null }), reusable: false });
    }

    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    options.signal?.addEventListener('abort', onAbort);
    // Until the worker says it is running, a limit guards against a worker that never answers.
    stopAt(options.firstAnswerLimitMs ?? timeLimitMs, options.firstAnswerLimitMs ? onLoadLimit : onTimeLimit);
    const message: WorkerRequest = { type: 'run', request };
    worker.postMessage(message);
  });
}
