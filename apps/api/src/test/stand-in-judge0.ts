import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Compiled, compileNative, type NativeLanguage, runNative, signalNumber } from './native-toolchain';

// Test-only: a Judge0 stand-in. It records every request and answers what the test sets: a canned reply, or a
// real run (`runLikeJudge0`: the program compiled and run with this machine's g++ or javac/java, answered in the
// shape Judge0 CE gives with base64_encoded=true&wait=true).

/** What the stand-in received: everything, so a test can look for anything that leaked. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
}

export type StandInAnswer = { status?: number; json?: unknown; text?: string; delayMs?: number };

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const fromB64 = (text: unknown) => (typeof text === 'string' ? Buffer.from(text, 'base64').toString('utf8') : '');

const DESCRIPTIONS: Record<number, string> = {
  1: 'In Queue',
  2: 'Processing',
  3: 'Accepted',
  4: 'Wrong Answer',
  5: 'Time Limit Exceeded',
  6: 'Compilation Error',
  7: 'Runtime Error (SIGSEGV)',
  8: 'Runtime Error (SIGXFSZ)',
  9: 'Runtime Error (SIGFPE)',
  10: 'Runtime Error (SIGABRT)',
  11: 'Runtime Error (NZEC)',
  12: 'Runtime Error (Other)',
  13: 'Internal Error',
  14: 'Exec Format Error',
};

/** A Judge0 reply as `POST /submissions?base64_encoded=true&wait=true` gives it. */
export function judgeReply(statusId: number, fields: Record<string, unknown> = {}) {
  return {
    stdout: null,
    stderr: null,
    compile_output: null,
    message: null,
    exit_code: statusId === 3 ? 0 : null,
    exit_signal: null,
    time: '0.012',
    memory: 3200,
    token: 'a1b2c3',
    status: { id: statusId, description: DESCRIPTIONS[statusId] ?? 'Other' },
    ...fields,
  };
}

/** A small Judge0 stand-in: records each request and answers what the test set in `state.answer`. */
export function startStandInJudge() {
  const seen: SeenRequest[] = [];
  const state: { answer: (request: SeenRequest) => StandInAnswer | Promise<StandInAnswer> } = {
    answer: () => ({ json: judgeReply(3) }),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const record: SeenRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(record);
      let answer: StandInAnswer;
      try {
        answer = await state.answer(record);
      } catch (error) {
        answer = { status: 500, json: { error: String(error) } };
      }
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 201, { 'content-type': 'application/json' });
        response.end(answer.text ?? JSON.stringify(answer.json));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  return {
    seen,
    state,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: opened, then closed again. */
export async function closedPortUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const LANGUAGES: Record<number, NativeLanguage> = { 54: 'cpp', 62: 'java' };
/** Judge0 CE's MAX_FILE_SIZE by default: what a program may write. */
const OUTPUT_MAX_BYTES = 1024 * 1024;

/** Each program is compiled once per process, however often it is sent. */
const builds = new Map<string, Promise<Compiled>>();

function compileOnce(language: NativeLanguage, source: string): Promise<Compiled> {
  const key = createHash('sha256').update(`${language}\n${source}`).digest('hex');
  let build = builds.get(key);
  if (!build) {
    build = compileNative(language, source);
    builds.set(key, build);
  }
  return build;
}

/**
 * Does what Judge0 does with a submission, on this machine: compiles it (status 6 with the compiler's output when
 * it fails), runs it with the stdin, wall time (status 5 past it) and memory sent, and answers status 3 when it
 * ends with 0, else 11 (NZEC) with exit code 128 + signal for a program killed by one, as Judge0 CE reports a
 * program it runs through bash. Output past 1 MB stops the program as SIGXFSZ would (exit code 153).
 */
export async function runLikeJudge0(request: SeenRequest): Promise<StandInAnswer> {
  const body = JSON.parse(request.body) as Record<string, unknown>;
  const language = LANGUAGES[Number(body.language_id)];
  if (!language) return { status: 422, json: { language_id: ['language does not exist'] } };
  const compiled = await compileOnce(language, fromB64(body.source_code));
  if (!compiled.ok) {
    return {
      json: judgeReply(6, { compile_output: b64(compiled.output), time: null, memory: null, exit_code: null }),
    };
  }
  const wallSeconds = Number(body.wall_time_limit ?? 5);
  const run = await runNative(language, compiled.run, {
    stdin: fromB64(body.stdin),
    timeoutMs: wallSeconds * 1000,
    memoryKb: Number(body.memory_limit ?? 128_000),
    outputMaxBytes: OUTPUT_MAX_BYTES,
    cwd: compiled.dir,
  });
  const stdout = run.stdout ? b64(run.stdout) : null;
  const stderr = run.stderr ? b64(run.stderr) : null;
  const time = (run.timeMs / 1000).toFixed(3);
  if (run.timedOut) {
    return { json: judgeReply(5, { stdout, stderr, time: String(wallSeconds), message: b64('Time limit exceeded') }) };
  }
  const exitCode = run.outputCut ? 153 : run.signal ? 128 + signalNumber(run.signal) : (run.code ?? 0);
  if (exitCode === 0) return { json: judgeReply(3, { stdout, stderr, time }) };
  return {
    json: judgeReply(11, {
      stdout,
      stderr,
      time,
      exit_code: exitCode,
      message: b64(`Exited with error status ${exitCode}`),
    }),
  };
}
