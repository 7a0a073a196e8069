import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type HarnessSignature, harnessFor } from '@learnbuild/domain/judge/harness';
import { transform } from 'sucrase';
import type { OpenOutcome, Sandbox, SandboxLimits, SandboxSession, TestOutcome } from './sandbox';
import { JUDGE_NICENESS } from './sandbox';

// JavaScript and TypeScript in QuickJS (javascript-worker.mjs), one worker thread per submission being judged.
// Idle workers are kept for the next submission (each submission gets a fresh QuickJS runtime); a worker that
// stops answering is terminated, which is the one way to end a program that never yields.

const WORKER_URL = new URL('./javascript-worker.mjs', import.meta.url);

/** How long past a test's own limit the main thread waits for the worker before it terminates it. */
const WATCHDOG_GRACE_MS = 1000;

type WorkerReply = TestOutcome | OpenOutcome | { kind: 'ready' } | { kind: 'closed' };

class JudgeWorker {
  readonly worker: Worker;
  private readonly ready: Promise<void>;
  private pending: ((reply: WorkerReply) => void) | null = null;
  dead = false;

  constructor() {
    this.worker = new Worker(WORKER_URL, {
      resourceLimits: { maxOldGenerationSizeMb: 256, stackSizeMb: 64 },
      env: {},
      workerData: { niceness: JUDGE_NICENESS },
    });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.pending = (reply) =>
        reply.kind === 'ready' ? resolve() : reject(new Error('The judge worker did not start'));
    });
    this.ready.catch(() => {});
    this.worker.on('message', (reply: WorkerReply) => {
      const answer = this.pending;
      this.pending = null;
      answer?.(reply);
    });
    const fail = () => {
      this.dead = true;
      const answer = this.pending;
      this.pending = null;
      answer?.({ kind: 'runtime-error', message: 'The program crashed' });
    };
    this.worker.on('error', fail);
    this.worker.on('exit', fail);
  }

  /** Sends one message and waits for its reply; past `waitMs` the worker is terminated and the run timed out. */
  async ask(message: object, waitMs: number): Promise<WorkerReply> {
    await this.ready;
    if (this.dead) return { kind: 'runtime-error', message: 'The program crashed' };
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending = null;
        this.dead = true;
        void this.worker.terminate();
        resolve({ kind: 'time-limit' });
      }, waitMs);
      this.pending = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      this.worker.postMessage(message);
    });
  }
}

const idle: JudgeWorker[] = [];
const IDLE_MAX = availableParallelism();

function takeWorker(): JudgeWorker {
  return idle.pop() ?? new JudgeWorker();
}

function giveBack(worker: JudgeWorker): void {
  if (!worker.dead && idle.length < IDLE_MAX) idle.push(worker);
  else void worker.worker.terminate();
}

/** Ends the idle workers (at shutdown and after tests). */
export async function closeJavaScriptWorkers(): Promise<void> {
  await Promise.all(idle.splice(0).map((worker) => worker.worker.terminate()));
}

/** TypeScript to JavaScript by removing the types; a syntax error here is the learner's compilation error. */
export function stripTypes(code: string): { code: string } | { error: string } {
  try {
    return { code: transform(code, { transforms: ['typescript'], disableESTransforms: true }).code };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : 'The code does not compile';
    return { error: `SyntaxError: ${message}` };
  }
}

export function javascriptSandbox(language: 'javascript' | 'typescript'): Sandbox {
  return {
    async open(code: string, signature: HarnessSignature, limits: SandboxLimits): Promise<OpenOutcome> {
      let program = code;
      if (language === 'typescript') {
        const stripped = stripTypes(code);
        if ('error' in stripped) return { kind: 'compile-error', message: stripped.error };
        program = stripped.code;
      }
      const { prelude, call } = harnessFor('javascript', signature);
      const worker = takeWorker();
      const opened = await worker.ask(
        { type: 'open', prelude, code: program, call, limits },
        limits.testTimeMs + WATCHDOG_GRACE_MS,
      );
      if (opened.kind !== 'open') {
        giveBack(worker);
        return opened as OpenOutcome;
      }
      let closed = false;
      const session: SandboxSession = {
        async runTest(argumentsJson: string): Promise<TestOutcome> {
          const reply = await worker.ask({ type: 'test', argumentsJson }, limits.testTimeMs + WATCHDOG_GRACE_MS);
          return reply as TestOutcome;
        },
        async close() {
          if (closed) return;
          closed = true;
          if (!worker.dead) await worker.ask({ type: 'close' }, WATCHDOG_GRACE_MS);
          giveBack(worker);
        },
      };
      return { kind: 'open', session };
    },
  };
}
