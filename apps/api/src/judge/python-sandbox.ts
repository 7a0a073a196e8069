import { type ChildProcess, spawn } from 'node:child_process';
import { access, readFile, realpath } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type HarnessSignature, harnessFor } from '@learnbuild/domain/judge/harness';
import type { OpenOutcome, Sandbox, SandboxLimits, SandboxSession, TestOutcome } from './sandbox';
import { yieldToServer } from './sandbox';

// Python on the server: Pyodide (CPython in WebAssembly) in a Node process of its own per submission, started with
// Node's permission model and locked down before the learner's code arrives (python-child.mjs tells how). This side
// keeps the limits: wall time per test and in all, memory (the child caps its WebAssembly heap; this side watches
// its RSS and kills it past the limit), output, and a child that dies is a runtime error that names nothing of the
// host. Booting Pyodide costs seconds of CPU, so it is done once into a memory snapshot that every child starts
// from, and a small pool keeps children booted ahead, each used for one submission and then killed.

const CHILD_SCRIPT = fileURLToPath(new URL('./python-child.mjs', import.meta.url));

/** A child that has not booted by then is taken for broken (a cold boot is 2 to 10 s on a busy 2-core machine). */
const BOOT_TIMEOUT_MS = 120_000;
/** Past a test's own limit, how long the answer may take to travel back before the child is killed. */
const REPLY_GRACE_MS = 250;
/**
 * Loading the learner's code (its top level and imports) may take one test's time and this much more: an import
 * of a heavy module (urllib.request, decimal) takes a second or two in Pyodide on a busy machine.
 */
const LOAD_ALLOWANCE_MS = 3000;
/** How often a working child's RSS is read. */
const RSS_POLL_MS = 25;
/** Over the learner's limit: what the child's JavaScript side may add (answer text, IPC) before the RSS check kills. */
const RSS_SLACK_MB = 96;
/** Over the learner's limit: the WebAssembly heap the harness's own conversions may take. */
const HEAP_SLACK_MB = 16;
/** The child's JavaScript heap; Python lives in the WebAssembly heap, outside it. */
const CHILD_JS_HEAP_MB = 128;
/**
 * The child's stack. Pyodide's C frames run on V8's stack, and CPython frees a linked list by recursing node by
 * node: Node's default (under 1 MB) fails at a few thousand nodes, 256 MB holds a million. Only what is used counts
 * in the child's RSS.
 */
const CHILD_STACK_MB = 256;
/** A snapshot is about 31 MB; anything much larger is not one. */
const SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024;
/** What a child's error text is allowed to be, and the part of its stderr kept to tell a crash's cause. */
const MESSAGE_MAX_CHARS = 2000;
const STDERR_TAIL_CHARS = 4096;
/** What the judge reads of an answer (judge.ts); the child sends nothing longer. */
const ANSWER_MAX_CHARS = 16 * 1024 * 1024 + 1;

const CRASHED = 'The program stopped unexpectedly.';
const NOT_STARTED = 'The Python judge could not start. Please submit again.';
const ENDED = 'The program is no longer running.';

type ChildReply =
  | { type: 'ready'; heapBytes: number }
  | { type: 'opened' }
  | { type: 'answer'; answerJson: string; timeMs: number }
  | { type: 'compile-error'; message: string }
  | { type: 'runtime-error'; message: string }
  | { type: 'memory-limit' }
  | { type: 'output-limit' }
  /** Pyodide failed inside (a stack overflow, a fatal error): the submission ends with this message. */
  | { type: 'crashed'; message: string }
  | { type: 'inspected'; globals: string[]; python: string; reachable: { met: string[]; walked: number } };

/** What a request to a child can end in besides its reply. */
type RequestEnd = ChildReply | { type: 'time-limit' } | { type: 'died'; outOfMemory: boolean };

interface Launch {
  /** Real paths, since the permission model compares them with what is opened. */
  pyodideDir: string;
  childScript: string;
  /** What runs the child: Node itself, or /bin/sh raising the stack limit first and then becoming Node. */
  command: string;
  prefix: string[];
  stackKb: number | null;
}

let launchOnce: Promise<Launch> | null = null;

/** The soft and hard stack limits of this process in bytes (Infinity if unlimited), where /proc tells them. */
async function stackLimits(): Promise<{ soft: number; hard: number } | null> {
  try {
    const match = /^Max stack size\s+(\S+)\s+(\S+)/m.exec(await readFile('/proc/self/limits', 'utf8'));
    if (!match) return null;
    const bytes = (text: string | undefined) => (text === 'unlimited' ? Number.POSITIVE_INFINITY : Number(text));
    const [soft, hard] = [bytes(match[1]), bytes(match[2])];
    return Number.isNaN(soft) || Number.isNaN(hard) ? null : { soft, hard };
  } catch {
    return null;
  }
}

function launch(): Promise<Launch> {
  launchOnce ??= (async () => {
    const packageJson = createRequire(import.meta.url).resolve('pyodide/package.json');
    const pyodideDir = await realpath(dirname(packageJson));
    const childScript = await realpath(CHILD_SCRIPT);
    const wantedKb = CHILD_STACK_MB * 1024;
    const limits = await stackLimits();
    const shell = await access('/bin/sh').then(
      () => true,
      () => false,
    );
    if (limits && limits.hard >= wantedKb * 1024 && shell) {
      // The shell leaves its PWD in the environment; Node starts with none.
      const raise = `ulimit -s ${wantedKb} && unset PWD && exec "$0" "$@"`;
      return {
        pyodideDir,
        childScript,
        command: '/bin/sh',
        prefix: ['-c', raise, process.execPath],
        stackKb: wantedKb,
      };
    }
    const stackKb = !limits ? null : Math.floor(Math.min(limits.soft, wantedKb * 1024) / 1024);
    return { pyodideDir, childScript, command: process.execPath, prefix: [], stackKb };
  })();
  return launchOnce;
}

/**
 * Node's flags for a child: the permission model (`--permission` from Node 22.13 on, `--experimental-permission`
 * on Node 20) reading only Pyodide's folder and the child's script, writing nothing, starting no process or worker,
 * with no addons; no eval or Function from strings; a small JavaScript heap.
 */
export function pythonChildFlags(pyodideDir: string, childScript: string, stackKb: number | null): string[] {
  const permission = process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
  return [
    permission,
    `--allow-fs-read=${pyodideDir}/`,
    `--allow-fs-read=${childScript}`,
    '--no-addons',
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${CHILD_JS_HEAP_MB}`,
    // V8 stops short of the process's stack, leaving room for the native frames under it.
    ...(stackKb === null ? [] : [`--stack-size=${Math.floor(stackKb * 0.85)}`]),
    '--no-warnings',
  ];
}

/** Starts `python-child.mjs <mode> <pyodideDir> [from-snapshot]` with the flags above and an empty environment. */
async function startChild(args: string[], stdio: ('pipe' | 'ignore' | 'ipc')[]): Promise<ChildProcess> {
  const { pyodideDir, childScript, command, prefix, stackKb } = await launch();
  const flags = pythonChildFlags(pyodideDir, childScript, stackKb);
  const child = spawn(command, [...prefix, ...flags, childScript, ...args], {
    stdio,
    env: {},
    cwd: '/',
    serialization: 'json',
  });
  // Judging yields the CPU to the server (sandbox.ts, JUDGE_NICENESS); where that is refused it runs as it is.
  if (child.pid !== undefined) yieldToServer(child.pid);
  // A pool must never keep the server alive; whoever waits on a child holds a timer of its own.
  child.unref();
  child.channel?.unref();
  for (const stream of [child.stdin, child.stdout, child.stderr]) {
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
  child.on('error', () => {});
  child.stdin?.on('error', () => {});
  return child;
}

/** The RSS of a process in KiB, or null where /proc is not there (the WebAssembly heap cap still holds). */
async function rssKb(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

function clip(text: unknown): string {
  return typeof text === 'string' ? text.slice(0, MESSAGE_MAX_CHARS) : '';
}

/** A Pyodide booted once, with no learner code, as memory to start every child from; null if it could not be made. */
let snapshotOnce: Promise<Uint8Array | null> | null = null;
let snapshotBroken = false;
let snapshotMaker: ChildProcess | null = null;

function snapshot(): Promise<Uint8Array | null> {
  if (snapshotBroken) return Promise.resolve(null);
  snapshotOnce ??= (async () => {
    const { pyodideDir } = await launch();
    const maker = await startChild(['snapshot', pyodideDir], ['ignore', 'pipe', 'ignore', 'ipc']).catch(() => null);
    if (!maker?.stdout) return null;
    snapshotMaker = maker;
    const stdout = maker.stdout;
    return new Promise<Uint8Array | null>((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const timer = setTimeout(() => maker.kill('SIGKILL'), BOOT_TIMEOUT_MS);
      timer.unref();
      stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > SNAPSHOT_MAX_BYTES) maker.kill('SIGKILL');
        else chunks.push(chunk);
      });
      maker.on('close', (code) => {
        clearTimeout(timer);
        if (snapshotMaker === maker) snapshotMaker = null;
        resolve(code === 0 && size > 0 && size <= SNAPSHOT_MAX_BYTES ? Buffer.concat(chunks, size) : null);
      });
    });
  })();
  return snapshotOnce;
}

/** One child process: booted (from the snapshot when there is one), then given one submission. */
class PythonProcess {
  readonly ready: Promise<boolean>;
  private child: ChildProcess | null = null;
  private pending: ((end: RequestEnd) => void) | null = null;
  private stderrTail = '';
  private exited = false;
  private killed = false;
  fromSnapshot = false;
  baselineRssKb: number | null = null;

  constructor() {
    this.ready = this.boot().catch(() => false);
  }

  private async boot(): Promise<boolean> {
    const image = await snapshot();
    if (this.killed) return false;
    this.fromSnapshot = image !== null;
    const { pyodideDir } = await launch();
    const args = image ? ['sandbox', pyodideDir, 'from-snapshot'] : ['sandbox', pyodideDir];
    const child = await startChild(args, [image ? 'pipe' : 'ignore', 'ignore', 'pipe', 'ipc']);
    this.child = child;
    if (this.killed) child.kill('SIGKILL');
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.stderrTail = (this.stderrTail + text).slice(-STDERR_TAIL_CHARS);
    });
    child.on('message', (message: unknown) => this.receive(message));
    child.on('exit', () => {
      this.exited = true;
      this.finish({ type: 'died', outOfMemory: /out of memory|allocation failed/i.test(this.stderrTail) });
    });
    if (image) child.stdin?.end(image);
    const booted = await this.wait(BOOT_TIMEOUT_MS, null);
    if (booted.type !== 'ready') {
      this.kill();
      return false;
    }
    this.baselineRssKb = child.pid === undefined ? null : await rssKb(child.pid);
    return true;
  }

  private receive(message: unknown): void {
    if (typeof message !== 'object' || message === null || typeof (message as { type?: unknown }).type !== 'string')
      return;
    const reply = message as ChildReply;
    if (reply.type === 'output-limit') {
      // Sent from inside the program's print: the program may be catching the error and printing on.
      this.finish(reply);
      this.kill();
      return;
    }
    this.finish(reply);
  }

  private finish(end: RequestEnd): void {
    const pending = this.pending;
    this.pending = null;
    pending?.(end);
  }

  /** Waits for the child's next message; past `waitMs` it is killed (time limit), past `rssLimitKb` too. */
  private wait(waitMs: number, rssLimitKb: number | null): Promise<RequestEnd> {
    if (this.exited || this.killed) return Promise.resolve({ type: 'died', outOfMemory: false });
    return new Promise((resolve) => {
      let polling = false;
      const pid = this.child?.pid;
      const poll =
        rssLimitKb === null || pid === undefined
          ? null
          : setInterval(() => {
              if (polling) return;
              polling = true;
              void rssKb(pid).then((rss) => {
                polling = false;
                if (rss !== null && rss > rssLimitKb && this.pending === settle) {
                  this.finish({ type: 'memory-limit' });
                  this.kill();
                }
              });
            }, RSS_POLL_MS);
      const timer = setTimeout(
        () => {
          if (this.pending !== settle) return;
          this.finish({ type: 'time-limit' });
          this.kill();
        },
        Math.max(0, waitMs),
      );
      const settle = (end: RequestEnd) => {
        clearTimeout(timer);
        if (poll) clearInterval(poll);
        resolve(end);
      };
      this.pending = settle;
    });
  }

  /** Sends a message to the booted child and waits for its answer, within the time and memory given. */
  request(message: object, waitMs: number, rssLimitKb: number | null): Promise<RequestEnd> {
    if (!this.child || this.exited || this.killed) return Promise.resolve({ type: 'died', outOfMemory: false });
    const answer = this.wait(waitMs, rssLimitKb);
    try {
      this.child.send(message, (error) => {
        if (error) this.finish({ type: 'died', outOfMemory: false });
      });
    } catch {
      this.finish({ type: 'died', outOfMemory: false });
    }
    return answer;
  }

  kill(): void {
    this.killed = true;
    if (this.child && !this.exited) this.child.kill('SIGKILL');
  }

  get alive(): boolean {
    return !this.killed && !this.exited;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }
}

// The pool: children booting or booted, no learner code in them yet. Each is taken by one submission.
let poolSize = 1;
const idle: PythonProcess[] = [];
const live = new Set<PythonProcess>();

let exitHooked = false;

function track(python: PythonProcess): PythonProcess {
  if (!exitHooked) {
    exitHooked = true;
    // A child busy in a loop never sees its parent go; one left behind by a server that exits is killed here.
    process.once('exit', () => {
      for (const child of live) child.kill();
    });
  }
  live.add(python);
  void python.ready.then((ready) => {
    if (!ready) {
      live.delete(python);
      const index = idle.indexOf(python);
      if (index >= 0) idle.splice(index, 1);
    }
  });
  return python;
}

function refill(): void {
  while (idle.length < poolSize) idle.push(track(new PythonProcess()));
}

function takeProcess(): PythonProcess {
  let python = idle.shift();
  // One that died waiting (killed from outside, say) is passed over.
  while (python && !python.alive) python = idle.shift();
  python ??= track(new PythonProcess());
  refill();
  return python;
}

/** How many children are kept booted ahead of submissions (1 by default; 0 boots one per submission). */
export function setPythonPoolSize(size: number): void {
  poolSize = Math.max(0, Math.floor(size));
  while (idle.length > poolSize) idle.pop()?.kill();
}

/** Starts the snapshot and the pool now rather than at the first submission (at server start); resolves when ready. */
export async function warmPythonPool(): Promise<void> {
  refill();
  // The children do not hold the event loop; whoever waits for them does.
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    await Promise.all(idle.map((python) => python.ready));
  } finally {
    clearInterval(keepAlive);
  }
}

/** Kills every child, idle or judging, and the snapshot maker; frees the snapshot. At shutdown and after tests. */
export async function closePythonPool(): Promise<void> {
  for (const python of [...idle.splice(0), ...live]) python.kill();
  live.clear();
  snapshotMaker?.kill('SIGKILL');
  snapshotMaker = null;
  snapshotOnce = null;
}

function outputLimitMessage(bytes: number): string {
  const size = bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;
  return `Output limit exceeded: the program printed more than ${size}.`;
}

export class PythonSession implements SandboxSession {
  private queue: Promise<unknown> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly python: PythonProcess,
    private readonly limits: SandboxLimits,
    private readonly deadline: number,
    private readonly rssLimitKb: number | null,
  ) {}

  runTest(argumentsJson: string): Promise<TestOutcome> {
    const outcome = this.queue.then(() => this.run(argumentsJson));
    this.queue = outcome.catch(() => undefined);
    return outcome;
  }

  private async run(argumentsJson: string): Promise<TestOutcome> {
    if (this.ended || !this.python.alive) return { kind: 'runtime-error', message: ENDED };
    const left = this.deadline - Date.now();
    if (left <= 0) return this.end({ kind: 'time-limit' });
    const waitMs = Math.min(this.limits.testTimeMs + REPLY_GRACE_MS, left);
    const end = await this.python.request({ type: 'test', argumentsJson }, waitMs, this.rssLimitKb);
    if (end.type === 'answer') {
      if (typeof end.answerJson !== 'string' || end.answerJson.length > ANSWER_MAX_CHARS) {
        return { kind: 'runtime-error', message: 'The answer is too large to read.' };
      }
      const timeMs = typeof end.timeMs === 'number' && Number.isFinite(end.timeMs) ? Math.max(0, end.timeMs) : 0;
      if (timeMs > this.limits.testTimeMs) return this.end({ kind: 'time-limit' });
      return { kind: 'answer', answerJson: end.answerJson, timeMs: Math.round(timeMs * 1000) / 1000 };
    }
    if (end.type === 'runtime-error') return { kind: 'runtime-error', message: clip(end.message) };
    if (end.type === 'memory-limit') return this.end({ kind: 'memory-limit' });
    if (end.type === 'output-limit') return this.end({ kind: 'output-limit' });
    if (end.type === 'time-limit') return this.end({ kind: 'time-limit' });
    if (end.type === 'crashed') return this.end({ kind: 'runtime-error', message: clip(end.message) || CRASHED });
    if (end.type === 'died' && end.outOfMemory) return this.end({ kind: 'memory-limit' });
    return this.end({ kind: 'runtime-error', message: CRASHED });
  }

  private end(outcome: TestOutcome): TestOutcome {
    this.ended = true;
    this.python.kill();
    return outcome;
  }

  /** For the tests: what the child's lockdown left (global names, JavaScript proxies reachable from Python). */
  inspect(): Promise<RequestEnd> {
    return this.python.request({ type: 'inspect' }, 10_000, null);
  }

  /** For the tests: the child's process id. */
  get pid(): number | undefined {
    return this.python.pid;
  }

  async close(): Promise<void> {
    this.ended = true;
    this.python.kill();
    live.delete(this.python);
  }
}

async function open(code: string, signature: HarnessSignature, limits: SandboxLimits): Promise<OpenOutcome> {
  // Booting is the judge's time, not the learner's: their clock starts once a child is ready for their code.
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    let python = takeProcess();
    if (!(await python.ready)) {
      // A snapshot that will not boot is dropped, and one more child boots the long way.
      if (python.fromSnapshot) snapshotBroken = true;
      python.kill();
      python = track(new PythonProcess());
      if (!(await python.ready)) {
        python.kill();
        return { kind: 'runtime-error', message: NOT_STARTED };
      }
    }
    const deadline = Date.now() + limits.totalTimeMs;
    const memoryBytes = limits.memoryMb * 1024 * 1024;
    const rssLimitKb =
      python.baselineRssKb === null ? null : python.baselineRssKb + (limits.memoryMb + RSS_SLACK_MB) * 1024;
    const { prelude, call } = harnessFor('python', signature);
    const message = {
      type: 'open',
      prelude,
      source: code,
      call,
      heapBytes: memoryBytes + HEAP_SLACK_MB * 1024 * 1024,
      outputBytes: limits.outputBytes,
    };
    const waitMs = Math.min(limits.testTimeMs + LOAD_ALLOWANCE_MS + REPLY_GRACE_MS, limits.totalTimeMs);
    const end = await python.request(message, waitMs, rssLimitKb);
    if (end.type === 'opened')
      return { kind: 'open', session: new PythonSession(python, limits, deadline, rssLimitKb) };
    python.kill();
    live.delete(python);
    switch (end.type) {
      case 'compile-error':
        return { kind: 'compile-error', message: clip(end.message) };
      case 'runtime-error':
        return { kind: 'runtime-error', message: clip(end.message) };
      case 'memory-limit':
        return { kind: 'memory-limit' };
      case 'time-limit':
        return { kind: 'time-limit' };
      case 'output-limit':
        return { kind: 'runtime-error', message: outputLimitMessage(limits.outputBytes) };
      case 'crashed':
        return { kind: 'runtime-error', message: clip(end.message) || CRASHED };
      case 'died':
        return end.outOfMemory ? { kind: 'memory-limit' } : { kind: 'runtime-error', message: CRASHED };
      default:
        return { kind: 'runtime-error', message: CRASHED };
    }
  } finally {
    clearInterval(keepAlive);
  }
}

/** The Python sandbox (judge.ts). */
export function pythonSandbox(): Sandbox {
  return { open };
}
