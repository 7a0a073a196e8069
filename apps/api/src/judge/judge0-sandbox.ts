import { randomBytes } from 'node:crypto';
import type { HarnessSignature } from '@learnbuild/domain/judge/harness';
import {
  type NativeLanguage,
  type NativeOutput,
  nativeMark,
  nativeProgram,
  nativeStdin,
  readNativeOutput,
} from '@learnbuild/domain/judge/harness-native';
import { JUDGE0_UNAVAILABLE_MESSAGE } from '@learnbuild/domain/schemas/judge';
import {
  fromBase64,
  JUDGE0_LANGUAGE_IDS,
  Judge0Failure,
  type Judge0Options,
  type Judge0Reply,
  submitToJudge0,
  toBase64,
} from './judge0-client';
import type { OpenOutcome, Sandbox, SandboxLimits, SandboxSession, TestOutcome } from './sandbox';

// C++ and Java on Judge0 (issue 27). Judge0 runs one program per submission, so opening the session sends ONE
// submission: the whole program (harness-native.ts: JSON reader and writer, node classes, the learner's
// `class Solution`, a main) with every test's arguments as stdin, one line each. The program prints one marked
// line per test; runTest then answers from those lines, in order. The expected answers never leave this server.
// Judge0's own limits hold the whole run (CPU, wall time, memory, output); the harness's watchdog holds each test.

/** Judge0 CE's ceilings by default (MAX_CPU_TIME_LIMIT, MAX_WALL_TIME_LIMIT, MAX_MEMORY_LIMIT); more is a 422. */
export const JUDGE0_CPU_TIME_MAX_S = 15;
export const JUDGE0_WALL_TIME_MAX_S = 20;
export const JUDGE0_MEMORY_MAX_KB = 512_000;
/** Judge0's default cap on what a program writes (MAX_FILE_SIZE, 1024 KB): a run that stops near it was cut. */
const JUDGE0_OUTPUT_FULL_BYTES = 1024 * 1024 - 4096;
/** Starting the program before its first test: the JVM's start above all. */
const STARTUP_S: Record<NativeLanguage, number> = { cpp: 0.5, java: 1.5 };
/** Wall time over the CPU time: a run waits on the machine now and then. */
const WALL_SLACK_S = 2;
/** Memory for the harness over the learner's limit: a test's parsed arguments; for Java, the JVM itself. */
const HARNESS_MEMORY_MB: Record<NativeLanguage, number> = { cpp: 32, java: 96 };
/** Optimised and C++17, as learners expect from other judges; dropped if this Judge0 refuses compiler options. */
export const CPP_COMPILER_OPTIONS = '-O2 -std=c++17';
/** A reply larger than this is not a judge we trust (the program's output is capped at 1 MB by Judge0 itself). */
const REPLY_MAX_BYTES = 16 * 1024 * 1024;
/** How much of the compiler's message a Compilation Error shows. */
export const COMPILE_MESSAGE_MAX_CHARS = 4000;
/** How much of an error's text (or of the program's stderr after a crash) a Runtime Error shows. */
const MESSAGE_MAX_CHARS = 2000;

export interface Judge0SandboxOptions extends Judge0Options {
  /** Tells the operator why the judge was unavailable (the learner gets JUDGE0_UNAVAILABLE_MESSAGE). */
  log?: (reason: string, detail?: string) => void;
  /** A new nonce for the harness's marks; tests fix it so that one program compiles once. */
  nonce?: () => string;
}

const randomNonce = () => randomBytes(12).toString('hex');

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n… (cut)` : text;
}

const seconds = (value: number) => Math.round(value * 10) / 10;

/** What is sent: Judge0's limits for the whole run, from the problem's per-test and total limits. */
export function judge0Limits(language: NativeLanguage, limits: SandboxLimits) {
  const run = limits.totalTimeMs / 1000 + STARTUP_S[language];
  return {
    cpu_time_limit: seconds(Math.min(JUDGE0_CPU_TIME_MAX_S, run)),
    wall_time_limit: seconds(Math.min(JUDGE0_WALL_TIME_MAX_S, run + WALL_SLACK_S)),
    memory_limit: Math.min(JUDGE0_MEMORY_MAX_KB, (limits.memoryMb + HARNESS_MEMORY_MB[language]) * 1024),
  };
}

/** The signal that ended the program: Judge0 names it, or (running through bash) gives exit code 128 + signal. */
function signalOf(reply: Judge0Reply): number | null {
  if (reply.exit_signal) return reply.exit_signal;
  const code = reply.exit_code ?? 0;
  return code > 128 && code < 160 ? code - 128 : null;
}

const MEMORY_TEXT =
  /\bbad_alloc\b|OutOfMemoryError|Cannot allocate memory|Could not reserve enough space|insufficient memory/i;

const SIGNAL_TEXT: Record<number, string> = {
  6: 'The program aborted (SIGABRT).',
  7: 'Bus error (SIGBUS): a bad memory access.',
  8: 'Arithmetic error (SIGFPE), e.g. a division by zero.',
  11: 'Segmentation fault (SIGSEGV): a null pointer, an index out of range, or recursion too deep.',
};

/**
 * Why the program stopped before printing the line of a test, from Judge0's status:
 * 5 Time Limit Exceeded → time limit; 7 to 12 runtime errors → output limit when it was SIGXFSZ (or the output
 * filled Judge0's file), memory limit when it was SIGKILL (the memory cgroup's kill) or the text says so
 * (bad_alloc, OutOfMemoryError), else a runtime error with what the program wrote to stderr; 3 (ended normally)
 * → a runtime error: the code ended the program itself.
 */
function stoppedOutcome(reply: Judge0Reply, output: NativeOutput, stdout: string, limits: SandboxLimits) {
  const status = reply.status.id;
  const signal = signalOf(reply);
  const stderr = fromBase64(reply.stderr);
  const message = fromBase64(reply.message);
  return (index: number): TestOutcome => {
    if (output.printed > limits.outputBytes || status === 8 || signal === 25) return { kind: 'output-limit' };
    if (status === 5) return { kind: 'time-limit' };
    if (signal === 9 || MEMORY_TEXT.test(stderr) || MEMORY_TEXT.test(message)) return { kind: 'memory-limit' };
    if (status !== 3 && Buffer.byteLength(stdout) >= JUDGE0_OUTPUT_FULL_BYTES) return { kind: 'output-limit' };
    if (status === 3) {
      return {
        kind: 'runtime-error',
        message: `The program ended before answering test ${index + 1} (does the code call exit?).`,
      };
    }
    const what = (signal !== null ? SIGNAL_TEXT[signal] : undefined) ?? reply.status.description ?? 'Runtime Error';
    const said = stderr.trim() || (signal === null ? message.trim() : '');
    return { kind: 'runtime-error', message: cut(said ? `${what}\n${said}` : what, MESSAGE_MAX_CHARS) };
  };
}

/** The session over one finished run: each test's outcome read from its line, in order. */
function sessionOf(reply: Judge0Reply, mark: string, argumentsJsons: readonly string[], limits: SandboxLimits) {
  const stdout = fromBase64(reply.stdout);
  const output = readNativeOutput(stdout, mark);
  const stopped = stoppedOutcome(reply, output, stdout, limits);
  let next = 0;
  const session: SandboxSession = {
    ranAhead: true,
    async runTest(argumentsJson: string): Promise<TestOutcome> {
      const index = next++;
      if (argumentsJsons[index] !== argumentsJson) throw new Error('The judge asked for the tests out of order');
      const result = output.results.get(index);
      if (!result) return stopped(index);
      if (result.printedBefore > limits.outputBytes) return { kind: 'output-limit' };
      switch (result.kind) {
        case 'answer':
          return result.timeMs > limits.testTimeMs
            ? { kind: 'time-limit' }
            : { kind: 'answer', answerJson: result.answerJson, timeMs: result.timeMs };
        case 'error':
          return { kind: 'runtime-error', message: cut(result.message, MESSAGE_MAX_CHARS) };
        case 'memory':
          return { kind: 'memory-limit' };
        case 'time':
          return { kind: 'time-limit' };
      }
    },
    async close() {},
  };
  return session;
}

/** C++ or Java judged on the Judge0 server at `options.url`. */
export function judge0Sandbox(language: NativeLanguage, options: Judge0SandboxOptions): Sandbox {
  return {
    async open(
      code: string,
      signature: HarnessSignature,
      limits: SandboxLimits,
      argumentsJsons?: readonly string[],
    ): Promise<OpenOutcome> {
      if (!argumentsJsons) throw new Error('The Judge0 sandbox runs every test at once: give their arguments');
      const mark = nativeMark((options.nonce ?? randomNonce)());
      const judgeLimits = judge0Limits(language, limits);
      const body: Record<string, unknown> = {
        language_id: JUDGE0_LANGUAGE_IDS[language],
        source_code: toBase64(nativeProgram(language, signature, code, { mark, testTimeMs: limits.testTimeMs })),
        stdin: toBase64(nativeStdin(argumentsJsons)),
        ...judgeLimits,
        ...(language === 'cpp' ? { compiler_options: CPP_COMPILER_OPTIONS } : {}),
      };
      // The judge compiles and may queue the run: it gets its own answer time on top of the run's wall time.
      const request = { ...options, timeoutMs: options.timeoutMs + judgeLimits.wall_time_limit * 1000 };
      const unavailable = (reason: string, detail?: string): OpenOutcome => {
        options.log?.(reason, detail);
        return { kind: 'unavailable', message: JUDGE0_UNAVAILABLE_MESSAGE };
      };
      let reply: Judge0Reply;
      try {
        try {
          reply = await submitToJudge0(request, body, REPLY_MAX_BYTES);
        } catch (error) {
          // A Judge0 with ENABLE_COMPILER_OPTIONS=false refuses them (422): the same program without.
          const refusedOptions =
            error instanceof Judge0Failure && error.statusCode === 422 && /compiler_options/.test(error.detail ?? '');
          if (!refusedOptions || !('compiler_options' in body)) throw error;
          delete body.compiler_options;
          reply = await submitToJudge0(request, body, REPLY_MAX_BYTES);
        }
      } catch (error) {
        if (error instanceof Judge0Failure) return unavailable(error.reason, error.detail);
        return unavailable('the judge could not be called', String(error));
      }
      const status = reply.status.id;
      if (status === 6) {
        const said = fromBase64(reply.compile_output).trim() || fromBase64(reply.stderr).trim();
        return { kind: 'compile-error', message: cut(said || 'The code did not compile.', COMPILE_MESSAGE_MAX_CHARS) };
      }
      // 3 and 4: the program ran to its end; 5, 7 to 12: it was stopped. Anything else is the judge's own trouble.
      if (!(status === 3 || status === 4 || status === 5 || (status >= 7 && status <= 12))) {
        return unavailable(`the judge reported status ${status}`, reply.status.description);
      }
      return { kind: 'open', session: sessionOf(reply, mark, argumentsJsons, limits) };
    },
  };
}
