import { z } from 'zod';

// One call to a Judge0 server (CE or compatible): POST /submissions?base64_encoded=true&wait=true, which compiles
// and runs one program and answers with its result. Used by the code editor's Run (modules/code-run) and by the
// judge's C++ and Java sandbox (judge0-sandbox.ts). Nothing here knows Fastify: a failure is a Judge0Failure
// naming why, and each caller says it to its user in its own way.

/** Judge0 CE language ids: C++ (GCC 9.2.0) and Java (OpenJDK 13.0.1). */
export const JUDGE0_LANGUAGE_IDS = { cpp: 54, java: 62 } as const;

export interface Judge0Options {
  url: string;
  /** Sent as X-Auth-Token when set. */
  authToken: string | undefined;
  /** How long to wait for the judge's answer. */
  timeoutMs: number;
}

/** The fields of Judge0's submission reply we read; with base64_encoded=true the texts are base64. */
export const judge0ReplySchema = z.object({
  status: z.object({ id: z.number().int(), description: z.string().optional() }),
  stdout: z.string().nullish(),
  stderr: z.string().nullish(),
  compile_output: z.string().nullish(),
  message: z.string().nullish(),
  exit_code: z.number().int().nullish(),
  exit_signal: z.number().int().nullish(),
  time: z.union([z.string(), z.number()]).nullish(),
  memory: z.union([z.string(), z.number()]).nullish(),
});
export type Judge0Reply = z.infer<typeof judge0ReplySchema>;

/** The judge did not give a result: down, slow, refusing, or answering something else. `reason` is for logs. */
export class Judge0Failure extends Error {
  constructor(
    readonly reason: string,
    /** The start of what the judge answered, if anything: for logs, never for the user. */
    readonly detail?: string,
    /** The judge's HTTP status when it answered one. */
    readonly statusCode?: number,
  ) {
    super(reason);
    this.name = 'Judge0Failure';
  }
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

export const toBase64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Judge0's base64 text (wrapped over lines, as it writes it) as UTF-8; `null` and absent are empty. */
export function fromBase64(base64: string | null | undefined): string {
  return base64 ? Buffer.from(base64, 'base64').toString('utf8') : '';
}

/**
 * Sends one submission (`body`: language_id, base64 source_code and stdin, limits) and waits for its result.
 * Only what is built here is sent: never a user's headers or cookies. Throws Judge0Failure for anything but a
 * parsed reply with a status.
 */
export async function submitToJudge0(
  options: Judge0Options,
  body: Record<string, unknown>,
  replyMaxBytes: number,
): Promise<Judge0Reply> {
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
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    statusCode = response.status;
    text = await readCapped(response, replyMaxBytes);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new Judge0Failure(timedOut ? `no answer within ${options.timeoutMs} ms` : 'request failed', String(error));
  }
  if (statusCode < 200 || statusCode > 299) {
    throw new Judge0Failure(`the judge answered ${statusCode}`, text.slice(0, 200), statusCode);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Judge0Failure('the judge did not answer JSON', text.slice(0, 200));
  }
  const parsed = judge0ReplySchema.safeParse(json);
  if (!parsed.success) throw new Judge0Failure('the judge reply has no status', text.slice(0, 200));
  return parsed.data;
}
