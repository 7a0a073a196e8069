import { transform } from 'sucrase';
import { formatConsoleArguments } from './format-value';
import { CappedOutput, type RunnerMessage } from './protocol';

/**
 * Runs a learner's JavaScript or TypeScript inside the runner worker, the way Node.js runs a script:
 * console output captured, the input box as standard input, finished once the code and every timer
 * it set are done. The worker has no page, no storage and (by its own Content-Security-Policy) no
 * network; this file only shapes the run and never guards against the code, the time limit does.
 */

export interface JavaScriptJob {
  language: 'javascript' | 'typescript';
  source: string;
  stdin: string;
}

type Send = (message: RunnerMessage) => void;

/** What the code's timers run on: the worker's own in production, a fake in tests. */
export interface TimerHost {
  setTimeout: (callback: () => void, ms?: number) => unknown;
  clearTimeout: (id: unknown) => void;
  now: () => number;
}

type AsyncFunctionConstructor = new (...parameters: string[]) => (...values: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;
/** V8 puts two lines of its own before a Function's body, so its line 3 is the code's line 1. */
const BODY_LINE_OFFSET = 2;
const MODULE_SYNTAX = /^\s*(import\s*[\w{*'"]|export\s)/m;

export type Compiled = { ok: true; code: string } | { ok: false; message: string };

/**
 * Types removed and ES module syntax turned into require() (Sucrase keeps every line where it was, so
 * error lines stay right). Sucrase also parses plain JavaScript, which finds syntax errors with their line.
 */
export function compileSource(job: Pick<JavaScriptJob, 'language' | 'source'>): Compiled {
  const transforms: ('typescript' | 'imports')[] = job.language === 'typescript' ? ['typescript'] : [];
  if (MODULE_SYNTAX.test(job.source)) transforms.push('imports');
  try {
    const { code } = transform(job.source, { transforms, disableESTransforms: true, production: true });
    return { ok: true, code };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = error instanceof Error ? error.message.replace(/\s*\(\d+:\d+\)$/, '') : String(error);
    return {
      ok: false,
      message: `SyntaxError: ${message}${loc ? ` (line ${loc.line}, column ${loc.column + 1})` : ''}`,
    };
  }
}

/** Where in the learner's code an error was thrown, from its stack. */
function errorLine(error: Error): string {
  const match = /<anonymous>:(\d+):(\d+)/.exec(error.stack ?? '');
  if (!match) return '';
  const line = Number(match[1]) - BODY_LINE_OFFSET;
  return line > 0 ? `\n    at line ${line}, column ${match[2]}` : '';
}

export function describeUncaught(error: unknown): string {
  if (error instanceof Error) return `Uncaught ${error.name}: ${error.message}${errorLine(error)}\n`;
  return `Uncaught ${formatConsoleArguments([typeof error === 'string' ? `'${error}'` : error])}\n`;
}

class ExitSignal {
  constructor(readonly code: number) {}
}

/** Standard input as Node.js scripts read it on judges, plus input() and prompt() for a line at a time. */
function standardInput(stdin: string) {
  const lines = stdin.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  let next = 0;
  return {
    text: stdin,
    nextLine: (): string | null => (next < lines.length ? lines[next++]! : null),
    hasMore: () => next < lines.length,
  };
}

export class JavaScriptProcess {
  private readonly timers = new Map<number, unknown>();
  private timerCount = 0;
  private mainDone = false;
  private idleCheck = false;
  private finished = false;
  private startedAt = 0;
  private readonly output: CappedOutput;
  private resolveDone: () => void = () => undefined;
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    private readonly job: JavaScriptJob,
    private readonly send: Send,
    private readonly host: TimerHost = {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id as number),
      now: () => performance.now(),
    },
  ) {
    this.output = new CappedOutput(send);
  }

  /** Compiles and runs the code; `done` resolves after the `finished` message. */
  start(): Promise<void> {
    const compiled = compileSource(this.job);
    if (!compiled.ok) {
      this.send({ type: 'output', stream: 'compile', text: `${compiled.message}\n` });
      this.finish('compile_error', 1, false);
      return this.done;
    }
    const scope = this.scope();
    let main: (...values: unknown[]) => Promise<unknown>;
    try {
      main = new AsyncFunction(...Object.keys(scope), compiled.code);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.send({ type: 'output', stream: 'compile', text: `${message}\n` });
      this.finish('compile_error', 1, false);
      return this.done;
    }
    this.send({ type: 'started' });
    this.startedAt = this.host.now();
    main(...Object.values(scope)).then(
      () => {
        this.mainDone = true;
        this.finishIfIdle();
      },
      (error: unknown) => this.fail(error),
    );
    return this.done;
  }

  /** An uncaught error (thrown, rejected, or from a timer) ends the run with exit code 1, as in Node.js. */
  fail(error: unknown): void {
    if (this.finished) return;
    if (error instanceof ExitSignal) {
      this.finish(error.code === 0 ? 'ok' : 'runtime_error', error.code);
      return;
    }
    this.write('stderr', describeUncaught(error));
    this.finish('runtime_error', 1);
  }

  /**
   * Done once the code has returned and no timer is left, checked from a task of its own so the code's
   * pending promise callbacks (which may set new timers) all run first, as Node.js's event loop does.
   */
  private finishIfIdle(): void {
    if (!this.mainDone || this.timers.size > 0 || this.idleCheck) return;
    this.idleCheck = true;
    this.host.setTimeout(() => {
      this.idleCheck = false;
      if (this.mainDone && this.timers.size === 0) this.finish('ok', 0);
    }, 0);
  }

  /** `timed` is false when the code never started (a syntax error): no running time to tell. */
  private finish(status: 'ok' | 'compile_error' | 'runtime_error', exitCode: number, timed = true): void {
    if (this.finished) return;
    this.finished = true;
    for (const id of this.timers.values()) this.host.clearTimeout(id);
    this.timers.clear();
    const timeMs = timed ? Math.round(this.host.now() - this.startedAt) : null;
    this.send({ type: 'finished', status, exitCode, timeMs });
    this.resolveDone();
  }

  private write(stream: 'stdout' | 'stderr', text: string): void {
    if (!this.finished) this.output.write(stream, text);
  }

  /** process.stdout.write: no newline added; true, as Node.js answers when nothing is queued. */
  private streamWrite(stream: 'stdout' | 'stderr', text: unknown): boolean {
    this.write(stream, String(text));
    return true;
  }

  /** A timer the run waits for; an error inside it ends the run like any uncaught error. */
  private addTimer(callback: () => void, ms: number, repeat: boolean): number {
    const id = ++this.timerCount;
    const schedule = () => {
      this.timers.set(
        id,
        this.host.setTimeout(
          () => {
            if (this.finished) return;
            if (!repeat) this.timers.delete(id);
            try {
              callback();
            } catch (error) {
              this.fail(error);
              return;
            }
            if (repeat && this.timers.has(id)) schedule();
            this.finishIfIdle();
          },
          Math.max(0, Number(ms) || 0),
        ),
      );
    };
    schedule();
    return id;
  }

  private removeTimer(id: unknown): void {
    const handle = this.timers.get(id as number);
    if (handle === undefined) return;
    this.host.clearTimeout(handle);
    this.timers.delete(id as number);
    this.finishIfIdle();
  }

  /** The names the code sees in place of Node.js's globals. */
  private scope(): Record<string, unknown> {
    const input = standardInput(this.job.stdin);
    const out = (...args: unknown[]) => this.write('stdout', `${formatConsoleArguments(args)}\n`);
    const err = (...args: unknown[]) => this.write('stderr', `${formatConsoleArguments(args)}\n`);
    const console = {
      log: out,
      info: out,
      debug: out,
      dir: out,
      table: out,
      trace: err,
      error: err,
      warn: err,
      assert: (condition: unknown, ...args: unknown[]) => {
        if (!condition) err('Assertion failed', ...args);
      },
    };
    const timer =
      (repeat: boolean) =>
      (callback: (...values: unknown[]) => void, ms?: number, ...values: unknown[]) =>
        this.addTimer(() => callback(...values), ms ?? 0, repeat);
    const setTimeout = timer(false);
    const clear = (id: unknown) => this.removeTimer(id);
    const process = {
      argv: ['node', 'main.js'],
      env: {},
      platform: 'browser',
      exit: (code = 0) => {
        throw new ExitSignal(Number(code) || 0);
      },
      stdout: { write: (text: unknown) => this.streamWrite('stdout', text) },
      stderr: { write: (text: unknown) => this.streamWrite('stderr', text) },
    };
    const readline = {
      createInterface: () => this.lineReader(input, setTimeout, (text) => this.write('stdout', text)),
    };
    const fs = {
      readFileSync: (file: unknown) => {
        if (file === 0 || file === '/dev/stdin') return input.text;
        throw new Error('Only standard input can be read here: readFileSync(0) or readFileSync("/dev/stdin")');
      },
    };
    const modules: Record<string, unknown> = { fs, 'node:fs': fs, readline, 'node:readline': readline };
    const require = (name: string) => {
      if (name in modules) return modules[name];
      throw new Error(`Cannot find module '${name}': only fs (standard input) and readline are available here`);
    };
    const module = { exports: {} };
    return {
      console,
      process,
      require,
      module,
      exports: module.exports,
      input: () => input.nextLine(),
      prompt: () => input.nextLine(),
      setTimeout,
      setInterval: timer(true),
      setImmediate: (callback: (...values: unknown[]) => void, ...values: unknown[]) =>
        this.addTimer(() => callback(...values), 0, false),
      clearTimeout: clear,
      clearInterval: clear,
      clearImmediate: clear,
    };
  }

  /** readline.createInterface: 'line' for each line of the input box, then 'close'. */
  private lineReader(
    input: ReturnType<typeof standardInput>,
    later: (callback: () => void, ms?: number) => number,
    print: (text: string) => void,
  ) {
    const listeners: Record<string, ((...values: unknown[]) => void)[]> = {};
    let closed = false;
    let reading = false;
    const emit = (event: string, ...values: unknown[]) => {
      for (const listener of listeners[event] ?? []) listener(...values);
    };
    const close = () => {
      if (closed) return;
      closed = true;
      emit('close');
    };
    const readAll = () => {
      if (reading) return;
      reading = true;
      later(() => {
        for (let line = input.nextLine(); line !== null && !closed; line = input.nextLine()) emit('line', line);
        close();
      });
    };
    const reader = {
      on(event: string, listener: (...values: unknown[]) => void) {
        listeners[event] = [...(listeners[event] ?? []), listener];
        if (event === 'line') readAll();
        return reader;
      },
      once(event: string, listener: (...values: unknown[]) => void) {
        return reader.on(event, listener);
      },
      question(query: string, answer: (line: string) => void) {
        print(String(query));
        later(() => answer(input.nextLine() ?? ''));
      },
      close,
      setPrompt: () => undefined,
      prompt: () => undefined,
      async *[Symbol.asyncIterator]() {
        for (let line = input.nextLine(); line !== null && !closed; line = input.nextLine()) yield line;
      },
    };
    return reader;
  }
}
