import { setPriority } from 'node:os';
import type { HarnessSignature } from '@learnbuild/domain/judge/harness';

// One sandbox per language behind one interface. A session holds one learner program: it is opened with the
// code (the harness around it), then asked for one test at a time with only that test's arguments; the expected
// answers stay outside and are compared by the judge (judge.ts). A session is closed after its submission.

/**
 * The niceness of the threads and processes that run learner code (Linux: 0 is the server's, 19 the lowest): the
 * server's own thread keeps answering requests while a burst of submissions is judged, and judging still gets
 * the CPU when the server does not need it. Not 19: a test's time limit is wall time, so judging must not starve.
 */
export const JUDGE_NICENESS = 10;

/** Lowers a process (or, on Linux, a thread) to JUDGE_NICENESS; where the system refuses, it runs as it is. */
export function yieldToServer(id: number): void {
  try {
    setPriority(id, JUDGE_NICENESS);
  } catch {
    // Left at the server's priority.
  }
}

export interface SandboxLimits {
  /** Wall time one test may take. */
  testTimeMs: number;
  /** Wall time the whole submission may take, loading included. */
  totalTimeMs: number;
  /** Memory the learner's program may hold. */
  memoryMb: number;
  /** What the program may print over the whole submission (print is kept, never shown in a verdict's case). */
  outputBytes: number;
}

export type TestOutcome =
  /** The function returned: its answer as JSON text (parsed by the judge, with a size cap). */
  | { kind: 'answer'; answerJson: string; timeMs: number }
  | { kind: 'runtime-error'; message: string }
  | { kind: 'time-limit' }
  | { kind: 'memory-limit' }
  /** Printed more than `outputBytes`: ends as a runtime error naming the limit. */
  | { kind: 'output-limit' };

export type OpenOutcome =
  | { kind: 'open'; session: SandboxSession }
  /** The code did not compile or failed while being loaded (a top-level error). */
  | { kind: 'compile-error'; message: string }
  | { kind: 'runtime-error'; message: string }
  | { kind: 'time-limit' }
  | { kind: 'memory-limit' }
  /** The sandbox is a service that did not answer (Judge0 down or failing): nothing was judged; `message` says so. */
  | { kind: 'unavailable'; message: string };

export interface SandboxSession {
  runTest(argumentsJson: string): Promise<TestOutcome>;
  /**
   * Set when every test already ran while the session was opened (Judge0 runs one whole program): the sandbox
   * kept the time limits there, so the judge does not count the time the opening took against the tests.
   */
  readonly ranAhead?: boolean;
  /** Frees the sandbox (kills its process, disposes its runtime); safe to call twice. */
  close(): Promise<void>;
}

export interface Sandbox {
  /**
   * `argumentsJsons` is every test's arguments in the order runTest will be asked for them, for a sandbox that runs
   * them all at once (Judge0); a sandbox that runs one test at a time ignores it.
   */
  open(
    code: string,
    signature: HarnessSignature,
    limits: SandboxLimits,
    argumentsJsons?: readonly string[],
  ): Promise<OpenOutcome>;
}
