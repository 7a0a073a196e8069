import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserRunner } from './browser-runner';
import { JavaScriptProcess } from './javascript-runtime';
import type { RunnerMessage, RunRequest, WorkerRequest } from './protocol';
import { type RunnerWorker, runInWorker } from './run-in-worker';

/** A worker in the same thread: `answer` decides what it says to each request. */
class FakeWorker extends EventTarget {
  readonly received: WorkerRequest[] = [];
  terminated = false;

  constructor(private readonly answer: (request: WorkerRequest, say: (message: RunnerMessage) => void) => void) {
    super();
  }

  postMessage(request: WorkerRequest) {
    this.received.push(request);
    this.answer(request, (message) => {
      if (!this.terminated) this.dispatchEvent(new MessageEvent('message', { data: message }));
    });
  }

  terminate() {
    this.terminated = true;
  }
}

const asWorker = (fake: FakeWorker) => fake as unknown as RunnerWorker;
const js = (source: string, stdin = ''): RunRequest => ({ language: 'javascript', source, stdin });

/** Runs the real JavaScript runtime behind the fake worker, as the worker file does. */
const realJavaScript = () =>
  new FakeWorker((request, say) => {
    if (request.type === 'run' && request.request.language !== 'python')
      void new JavaScriptProcess({ ...request.request, language: request.request.language }, say).start();
  });

describe('runInWorker', () => {
  it('collects the output and the exit status of a run', async () => {
    const { result, reusable } = await runInWorker(asWorker(realJavaScript()), js('console.log(input() * 2)', '21'));
    expect(result).toMatchObject({ status: 'ok', stdout: '42\n', stderr: '', exitCode: 0 });
    expect(reusable).toBe(true);
  });

  describe('with a clock under the test’s control', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('terminates a worker whose code runs past the time limit and keeps what it printed', async () => {
      const worker = new FakeWorker((_request, say) => {
        say({ type: 'started' });
        say({ type: 'output', stream: 'stdout', text: 'looping\n' });
        // ...and never finishes, like `while (true) {}`
      });
      const running = runInWorker(asWorker(worker), js('while (true) {}'), { timeLimitMs: 5000 });
      await vi.advanceTimersByTimeAsync(4999);
      expect(worker.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const { result, reusable } = await running;
      expect(worker.terminated).toBe(true);
      expect(reusable).toBe(false);
      expect(result).toMatchObject({ status: 'timeout', stdout: 'looping\n', exitCode: null, timeMs: 5000 });
    });

    it('does not count the time Python takes to load against the time limit', async () => {
      let say: (message: RunnerMessage) => void = () => undefined;
      const worker = new FakeWorker((_request, speak) => {
        say = speak;
        say({ type: 'loading', step: 'fetch' });
      });
      const running = runInWorker(asWorker(worker), { language: 'python', source: 'print(1)', stdin: '' });
      await vi.advanceTimersByTimeAsync(20_000);
      expect(worker.terminated).toBe(false);
      say({ type: 'started' });
      say({ type: 'output', stream: 'stdout', text: '1\n' });
      say({ type: 'finished', status: 'ok', exitCode: 0, timeMs: 3 });
      expect((await running).result).toMatchObject({ status: 'ok', stdout: '1\n', timeMs: 3 });
    });

    it('gives up on a runtime that never finishes loading', async () => {
      const worker = new FakeWorker((_request, say) => say({ type: 'loading', step: 'fetch' }));
      const running = runInWorker(
        asWorker(worker),
        { language: 'python', source: '', stdin: '' },
        { loadLimitMs: 1000 },
      );
      await vi.advanceTimersByTimeAsync(1000);
      const { result } = await running;
      expect(worker.terminated).toBe(true);
      expect(result.status).toBe('runtime_error');
      expect(result.stderr).toMatch(/did not start within 1 s/);
    });

    it('reports output while the code still runs, at most every progressMs', async () => {
      const worker = new FakeWorker((_request, say) => {
        say({ type: 'started' });
        say({ type: 'output', stream: 'stdout', text: 'a' });
        say({ type: 'output', stream: 'stderr', text: 'b' });
      });
      const onOutput = vi.fn();
      const running = runInWorker(asWorker(worker), js(''), { onOutput, progressMs: 100, timeLimitMs: 500 });
      await vi.advanceTimersByTimeAsync(100);
      expect(onOutput).toHaveBeenCalledTimes(1);
      expect(onOutput).toHaveBeenCalledWith({ stdout: 'a', stderr: 'b' });
      await vi.advanceTimersByTimeAsync(400);
      await running;
    });
  });

  it('stops at once when the learner presses Stop', async () => {
    const worker = new FakeWorker((_request, say) => say({ type: 'started' }));
    const stop = new AbortController();
    const running = runInWorker(asWorker(worker), js('for (;;) {}'), { signal: stop.signal });
    stop.abort();
    expect((await running).result.status).toBe('stopped');
    expect(worker.terminated).toBe(true);
  });

  it('reports a worker that fails to start', async () => {
    const worker = new FakeWorker(() => undefined);
    const running = runInWorker(asWorker(worker), js(''));
    worker.dispatchEvent(Object.assign(new Event('error'), { message: 'blocked by policy' }));
    const { result } = await running;
    expect(result).toMatchObject({ status: 'runtime_error', exitCode: null });
    expect(result.stderr).toMatch(/blocked by policy/);
  });
});

describe('BrowserRunner', () => {
  it('gives each JavaScript run a fresh worker and ends it afterwards', async () => {
    const made: FakeWorker[] = [];
    const runner = new BrowserRunner({
      javascript: () => {
        const worker = realJavaScript();
        made.push(worker);
        return asWorker(worker);
      },
      python: () => {
        throw new Error('not used');
      },
    });
    expect(await runner.run(js('globalThis.seen = (globalThis.seen ?? 0) + 1; console.log("one")'))).toMatchObject({
      stdout: 'one\n',
    });
    expect((await runner.run(js('console.log("two")'))).stdout).toBe('two\n');
    expect(made).toHaveLength(2);
    expect(made.every((worker) => worker.terminated)).toBe(true);
  });

  it('keeps the Python worker between runs and replaces it after a run had to be stopped', async () => {
    vi.useFakeTimers();
    try {
      const made: FakeWorker[] = [];
      const states: string[] = [];
      const runner = new BrowserRunner({
        javascript: () => {
          throw new Error('not used');
        },
        python: () => {
          let loaded = false;
          const worker = new FakeWorker((request, say) => {
            if (!loaded) {
              loaded = true;
              say({ type: 'loading', step: 'fetch' });
              say({ type: 'ready' });
            }
            if (request.type !== 'run') return;
            say({ type: 'started' });
            if (request.request.source === 'forever') return;
            say({ type: 'finished', status: 'ok', exitCode: 0, timeMs: 1 });
          });
          made.push(worker);
          return asWorker(worker);
        },
      });
      runner.onPythonState((state) => states.push(state));
      runner.preloadPython();
      expect(states).toEqual(['idle', 'loading', 'ready']);
      const py = (source: string): RunRequest => ({ language: 'python', source, stdin: '' });
      await runner.run(py('print(1)'));
      await runner.run(py('print(2)'));
      expect(made).toHaveLength(1);
      const stuck = runner.run(py('forever'), { timeLimitMs: 5000 });
      await vi.advanceTimersByTimeAsync(5000);
      expect((await stuck).status).toBe('timeout');
      expect(made[0]!.terminated).toBe(true);
      expect(states.at(-1)).toBe('idle');
      await runner.run(py('print(3)'));
      expect(made).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
