import {
  CODE_RUN_JUDGE_DOWN_MESSAGE,
  type CodeRunResult,
  type CodeRunStatus,
  type JudgeLanguage,
} from '@learnbuild/domain/schemas/code-editor';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { serviceUnavailable } from '../../lib/http-errors';

/** Judge0 CE language ids: C++ (GCC 9.2.0) and Java (OpenJDK 13.0.1). */
export const JUDGE0_LANGUAGE_IDS: Record<JudgeLanguage, number> = { cpp: 54, java: 62 };

/** A reply larger than this is not a judge we trust; Judge0 itself caps each output at 1 MB by default. */
const JUDGE_REPLY_MAX_BYTES = 8 * 1024 * 1024;
/** What one run shows of each output: enough to read, not enough to stall the output panel. */
export const RUN_OUTPUT_MAX_BYTES = 64 * 1024;
const CUT_NOTE = '\n… (output cut at 64 KB)';

export interface JudgeOptions {
  url: string;
  authToken: string | undefined;
  timeoutMs: number;
}

export interface RunInput {
  language: JudgeLanguage;
  source: string;
  stdin: string;
}

/** The fields of Judge0's submission reply we read; with base64_encoded=true the texts are base64. */
const judgeReplySchema = z.object({
  status: z.object({ id: z.number().int(), description: z.string().optional() }),
  stdout: z.string().nullish(),
  stderr: z.string().nullish(),
  compile_output: z.string().nullish(),
  message: z.string().nullish(),
  exit_code: z.number().int().nullish(),
  time: z.union([z.string(), z.number()]).nullish(),
});

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

export function toRunResult(reply: z.infer<typeof judgeReplySchema>, status: CodeRunStatus): CodeRunResult {
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

/** Reads at most `max` bytes of the body; a longer one is refused rather than held in memory. */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > max) throw new Error(`the judge's reply is over ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function submissionsUrl(base: string): URL {
  const url = new URL('submissions', base.endsWith('/') ? base : `${base}/`);
  url.search = 'base64_encoded=true&wait=true';
  return url;
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
  let text: string;
  let statusCode: number;
  try {
    const response = await fetch(submissionsUrl(options.url), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.authToken ? { 'x-auth-token': options.authToken } : {}),
      },
      body: JSON.stringify({
        language_id: JUDGE0_LANGUAGE_IDS[input.language],
        source_code: Buffer.from(input.source, 'utf8').toString('base64'),
        stdin: Buffer.from(input.stdin, 'utf8').toString('base64'),
      }),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    statusCode = response.status;
    text = await readCapped(response, JUDGE_REPLY_MAX_BYTES);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw unavailable(timedOut ? `no answer within ${options.timeoutMs} ms` : 'request failed', String(error));
  }
  if (statusCode < 200 || statusCode > 299) throw unavailable(`the judge answered ${statusCode}`, text.slice(0, 200));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unavailable('the judge did not answer JSON', text.slice(0, 200));
  }
  const parsed = judgeReplySchema.safeParse(json);
  if (!parsed.success) throw unavailable('the judge reply has no status', text.slice(0, 200));
  const status = runStatusOfJudgeStatus(parsed.data.status.id);
  if (!status) throw unavailable(`the judge reported status ${parsed.data.status.id}`, parsed.data.status.description);
  return toRunResult(parsed.data, status);
}
