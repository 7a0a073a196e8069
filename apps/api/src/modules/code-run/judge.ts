import {
  CODE_RUN_JUDGE_DOWN_MESSAGE,
  type CodeRunResult,
  type CodeRunStatus,
  type JudgeLanguage,
} from '@learnbuild/domain/schemas/code-editor';
import type { FastifyBaseLogger } from 'fastify';
import {
  JUDGE0_LANGUAGE_IDS,
  Judge0Failure,
  type Judge0Options,
  type Judge0Reply,
  submitToJudge0,
  toBase64,
} from '../../judge/judge0-client';
import { serviceUnavailable } from '../../lib/http-errors';

/** A reply larger than this is not a judge we trust; Judge0 itself caps each output at 1 MB by default. */
const JUDGE_REPLY_MAX_BYTES = 8 * 1024 * 1024;
/** What one run shows of each output: enough to read, not enough to stall the output panel. */
export const RUN_OUTPUT_MAX_BYTES = 64 * 1024;
const CUT_NOTE = '\n… (output cut at 64 KB)';

export type JudgeOptions = Judge0Options;

export interface RunInput {
  language: JudgeLanguage;
  source: string;
  stdin: string;
}

/**
 * Judge0 status ids: 3 Accepted; 4 Wrong Answer only follows an expected output, which we never send;
 * 5 Time Limit Exceeded; 6 Compilation Error; 7 to 12 runtime errors (signals, NZEC, other). 1 and 2
 * (still queued) and 13, 14 (the judge's own failures) are not a result: undefined.
 */
export function runStatusOfJudgeStatus(id: number): CodeRunStatus | undefined {
  if (id === 3 || id === 4) return 'ok';
  if (id === 5) return 'timeout';
  if (id === 6) return 'compile_error';
  if (id >= 7 && id <= 12) return 'runtime_error';
  return undefined;
}

function decodeOutput(base64: string | null | undefined): string {
  if (!base64) return '';
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length <= RUN_OUTPUT_MAX_BYTES) return bytes.toString('utf8');
  return bytes.subarray(0, RUN_OUTPUT_MAX_BYTES).toString('utf8') + CUT_NOTE;
}

function secondsToMs(time: string | number | null | undefined): number | null {
  if (time === null || time === undefined || time === '') return null;
  const seconds = Number(time);
  return Number.isFinite(seconds) ? Math.round(seconds * 1000) : null;
}

export function toRunResult(reply: Judge0Reply, status: CodeRunStatus): CodeRunResult {
  const stderr = decodeOutput(reply.stderr);
  // Judge0 names a signal or a non-zero exit in `message`; without stderr, that is all the user has.
  const message = status === 'runtime_error' || status === 'timeout' ? decodeOutput(reply.message) : '';
  return {
    status,
    stdout: decodeOutput(reply.stdout),
    stderr: stderr || message,
    compileOutput: decodeOutput(reply.compile_output),
    exitCode: reply.exit_code ?? null,
    timeMs: secondsToMs(reply.time),
  };
}

/**
 * Compiles and runs one program on the judge and waits for its result. Only what is built here is sent:
 * never the user's Authorization header or cookies. Anything but a clear result is a 503 for the user;
 * the reason goes to the log.
 */
export async function runOnJudge(
  options: JudgeOptions,
  input: RunInput,
  log: FastifyBaseLogger,
): Promise<CodeRunResult> {
  const unavailable = (reason: string, detail?: unknown) => {
    log.warn({ reason, detail }, 'code runner failed');
    return serviceUnavailable(CODE_RUN_JUDGE_DOWN_MESSAGE, 60);
  };
  let reply: Judge0Reply;
  try {
    reply = await submitToJudge0(
      options,
      {
        language_id: JUDGE0_LANGUAGE_IDS[input.language],
        source_code: toBase64(input.source),
        stdin: toBase64(input.stdin),
      },
      JUDGE_REPLY_MAX_BYTES,
    );
  } catch (error) {
    if (error instanceof Judge0Failure) throw unavailable(error.reason, error.detail);
    throw error;
  }
  const status = runStatusOfJudgeStatus(reply.status.id);
  if (!status) throw unavailable(`the judge reported status ${reply.status.id}`, reply.status.description);
  return toRunResult(reply, status);
}
