import {
  CODE_RUN_BROWSER_LANGUAGE_MESSAGE,
  CODE_RUN_JUDGE_DOWN_MESSAGE,
  CODE_RUN_NOT_AVAILABLE_MESSAGE,
  CODE_RUN_RATE_LIMIT_MESSAGE,
  CODE_RUNS_PER_MINUTE,
  SNIPPET_LANGUAGE_MESSAGE,
  SNIPPET_SOURCE_TOO_LARGE_MESSAGE,
} from '@learnbuild/domain/schemas/code-editor';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import {
  type StandInAnswer as Answer,
  b64,
  closedPortUrl,
  judgeReply,
  startStandInJudge,
} from '../../test/stand-in-judge0';
import { RUN_OUTPUT_MAX_BYTES, runStatusOfJudgeStatus } from './judge';

type User = Awaited<ReturnType<typeof createUser>>;

const JUDGE_TOKEN = 'judge-secret-token-1234';
const TIMEOUT_MS = 400;

const judge = startStandInJudge();
let t: TestApp;
let noJudge: TestApp;
let deadJudge: TestApp;
beforeAll(async () => {
  const url = await judge.listen();
  // One after another: three apps starting at once can overrun a plugin's start-up time on a busy machine.
  t = await buildTestApp({ judge0Url: url, judge0AuthToken: JUDGE_TOKEN, judge0TimeoutMs: TIMEOUT_MS });
  noJudge = await buildTestApp({ judge0Url: undefined });
  deadJudge = await buildTestApp({ judge0Url: await closedPortUrl(), judge0TimeoutMs: TIMEOUT_MS });
});
afterAll(async () => {
  await Promise.all([t?.close(), noJudge?.close(), deadJudge?.close()]);
  await judge.close();
});
beforeEach(() => {
  judge.seen.length = 0;
  judge.state.answer = () => ({ json: judgeReply(3) });
});

/** Each test runs as a new user, so the per-minute limit of one never touches another. */
const userOf = (app: TestApp) => createUser(app.app, app.database.db);

const run = (app: TestApp, user: User | null, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/code/run',
    headers: { ...(user?.auth ?? {}), ...headers },
    payload: payload as object,
  });

const CPP = '#include <iostream>\nint main(){ std::string s; std::cin >> s; std::cout << s; }';

describe('GET /api/code/runtimes', () => {
  it('says whether a judge is configured, to anyone', async () => {
    const withJudge = await t.app.inject({ method: 'GET', url: '/api/code/runtimes' });
    expect(withJudge.statusCode).toBe(200);
    expect(withJudge.json()).toEqual({ success: true, judge: true });
    const without = await noJudge.app.inject({ method: 'GET', url: '/api/code/runtimes' });
    expect(without.json()).toEqual({ success: true, judge: false });
  });
});

describe('POST /api/code/run through the judge', () => {
  it('runs C++ and answers ok with the decoded output, exit code and time', async () => {
    judge.state.answer = () => ({ json: judgeReply(3, { stdout: b64('héllo → wörld\n'), time: '0.012' }) });
    const reply = await run(t, await userOf(t), { language: 'cpp', source: CPP, stdin: 'hello' });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      result: { status: 'ok', stdout: 'héllo → wörld\n', stderr: '', compileOutput: '', exitCode: 0, timeMs: 12 },
    });
  });

  it("calls Judge0's submissions endpoint with the language id and base64 code and input", async () => {
    await run(t, await userOf(t), { language: 'cpp', source: CPP, stdin: 'ünïcode in' });
    await run(t, await userOf(t), { language: 'java', source: 'class Main {}' });
    expect(judge.seen).toHaveLength(2);
    const [cpp, java] = judge.seen;
    expect(cpp!.method).toBe('POST');
    expect(cpp!.url).toBe('/submissions?base64_encoded=true&wait=true');
    expect(cpp!.headers['content-type']).toBe('application/json');
    const body = JSON.parse(cpp!.body);
    expect(body.language_id).toBe(54);
    expect(Buffer.from(body.source_code, 'base64').toString('utf8')).toBe(CPP);
    expect(Buffer.from(body.stdin, 'base64').toString('utf8')).toBe('ünïcode in');
    const javaBody = JSON.parse(java!.body);
    expect(javaBody.language_id).toBe(62);
    expect(javaBody.stdin).toBe('');
  });

  it("never passes on the user's Authorization header, cookies or token; sends the judge's own token", async () => {
    const user = await userOf(t);
    await run(t, user, { language: 'cpp', source: CPP }, { cookie: `session=${user.token}; theme=dark` });
    expect(judge.seen).toHaveLength(1);
    const seen = judge.seen[0]!;
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-auth-token']).toBe(JUDGE_TOKEN);
    const everything = [seen.url, ...seen.rawHeaders, seen.body].join('\n');
    expect(everything).not.toContain(user.token);
    expect(everything).not.toContain('theme=dark');
    expect(everything.toLowerCase()).not.toContain('bearer');
  });

  it('answers compile_error with the compiler output', async () => {
    judge.state.answer = () => ({
      json: judgeReply(6, { compile_output: b64("main.cpp:1:1: error: 'x' was not declared\n"), time: null }),
    });
    const reply = await run(t, await userOf(t), { language: 'cpp', source: 'x' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result).toEqual({
      status: 'compile_error',
      stdout: '',
      stderr: '',
      compileOutput: "main.cpp:1:1: error: 'x' was not declared\n",
      exitCode: null,
      timeMs: null,
    });
  });

  it.each([
    7, 8, 9, 10, 11, 12,
  ])('answers runtime_error for Judge0 status %i with stderr and the exit code', async (id) => {
    judge.state.answer = () => ({
      json: judgeReply(id, { stdout: b64('partial'), stderr: b64('Exception in thread "main"\n'), exit_code: 1 }),
    });
    const reply = await run(t, await userOf(t), { language: 'java', source: 'class Main {}' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result).toMatchObject({
      status: 'runtime_error',
      stdout: 'partial',
      stderr: 'Exception in thread "main"\n',
      exitCode: 1,
    });
  });

  it("shows Judge0's message as stderr when a crash wrote nothing to stderr", async () => {
    judge.state.answer = () => ({
      json: judgeReply(11, { message: b64('Exited with error status 139'), exit_code: 139 }),
    });
    const reply = await run(t, await userOf(t), { language: 'cpp', source: CPP });
    expect(reply.json().result).toMatchObject({ status: 'runtime_error', stderr: 'Exited with error status 139' });
  });

  it('answers timeout when the judge reports Time Limit Exceeded', async () => {
    judge.state.answer = () => ({ json: judgeReply(5, { time: '5.001', message: b64('Time limit exceeded') }) });
    const reply = await run(t, await userOf(t), { language: 'cpp', source: 'int main(){for(;;);}' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().result).toMatchObject({ status: 'timeout', timeMs: 5001, exitCode: null });
  });

  it('decodes base64 wrapped over several lines, as Judge0 writes it', async () => {
    const text = 'line of output '.repeat(20);
    const wrapped = b64(text).replace(/(.{60})/g, '$1\n');
    judge.state.answer = () => ({ json: judgeReply(3, { stdout: wrapped }) });
    const reply = await run(t, await userOf(t), { language: 'cpp', source: CPP });
    expect(reply.json().result.stdout).toBe(text);
  });

  it('cuts a very long output at 64 KB and says so', async () => {
    judge.state.answer = () => ({ json: judgeReply(3, { stdout: b64('y\n'.repeat(RUN_OUTPUT_MAX_BYTES)) }) });
    const reply = await run(t, await userOf(t), { language: 'cpp', source: CPP });
    const { stdout } = reply.json().result;
    expect(stdout.startsWith('y\ny\n')).toBe(true);
    expect(stdout.endsWith('(output cut at 64 KB)')).toBe(true);
    expect(Buffer.byteLength(stdout)).toBeLessThan(RUN_OUTPUT_MAX_BYTES + 100);
  });
});

describe('POST /api/code/run when the judge fails', () => {
  const expectJudgeDown = (reply: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) => {
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ success: false, error: CODE_RUN_JUDGE_DOWN_MESSAGE });
    expect(reply.headers['retry-after']).toBe('60');
  };

  it('answers 503 when nothing listens at JUDGE0_URL', async () => {
    expectJudgeDown(await run(deadJudge, await userOf(deadJudge), { language: 'cpp', source: CPP }));
  });

  it('answers 503 when the judge is slower than the proxy timeout, without waiting for it', async () => {
    judge.state.answer = () => ({ json: judgeReply(3), delayMs: 4000 });
    const user = await userOf(t);
    const started = Date.now();
    expectJudgeDown(await run(t, user, { language: 'cpp', source: CPP }));
    expect(judge.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it.each([
    ['a 500', { status: 500, json: { error: 'boom' } }],
    ['a 401 (wrong X-Auth-Token)', { status: 401, json: { error: 'Authentication failed' } }],
    ['a 503 (queue full)', { status: 503, json: { error: 'queue is full' } }],
    ['HTML instead of JSON', { status: 201, text: '<html>gateway</html>' }],
    ['JSON without a status', { status: 201, json: { token: 'x' } }],
    ['Internal Error (13)', { json: judgeReply(13) }],
    ['Exec Format Error (14)', { json: judgeReply(14) }],
    ['a submission still queued (1)', { json: judgeReply(1) }],
  ] as [string, Answer][])('answers 503 when the judge answers %s', async (_what, answer) => {
    judge.state.answer = () => answer;
    expectJudgeDown(await run(t, await userOf(t), { language: 'cpp', source: CPP }));
  });

  it('answers 503 with the exact text when JUDGE0_URL is unset, and never calls anything', async () => {
    const reply = await run(noJudge, await userOf(noJudge), { language: 'java', source: 'class Main {}' });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ success: false, error: 'Running C++ and Java is not available on this server.' });
    expect(CODE_RUN_NOT_AVAILABLE_MESSAGE).toBe('Running C++ and Java is not available on this server.');
    expect(judge.seen).toHaveLength(0);
  });
});

describe('POST /api/code/run: who and what', () => {
  it('refuses an anonymous visitor with 401 before calling the judge', async () => {
    const reply = await run(t, null, { language: 'cpp', source: CPP });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
    expect(judge.seen).toHaveLength(0);
  });

  it.each(['javascript', 'typescript', 'python'])('refuses %s with 400: it runs in the browser', async (language) => {
    const reply = await run(t, await userOf(t), { language, source: 'print(1)' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(CODE_RUN_BROWSER_LANGUAGE_MESSAGE);
    expect(CODE_RUN_BROWSER_LANGUAGE_MESSAGE).toBe('Run JavaScript, TypeScript and Python in your browser');
    expect(judge.seen).toHaveLength(0);
  });

  it('refuses an unknown language and an oversized source with 400', async () => {
    const user = await userOf(t);
    expect((await run(t, user, { language: 'rust', source: '' })).json().error).toBe(SNIPPET_LANGUAGE_MESSAGE);
    const big = await run(t, user, { language: 'cpp', source: 'é'.repeat(51 * 1024) });
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe(SNIPPET_SOURCE_TOO_LARGE_MESSAGE);
    const huge = await run(t, user, { language: 'cpp', source: 'a'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, error: SNIPPET_SOURCE_TOO_LARGE_MESSAGE });
    expect(judge.seen).toHaveLength(0);
  });

  it(`allows ${CODE_RUNS_PER_MINUTE} runs a minute per user, then 429 with Retry-After; others still run`, async () => {
    const user = await userOf(t);
    for (let i = 0; i < CODE_RUNS_PER_MINUTE; i++) {
      expect((await run(t, user, { language: 'cpp', source: CPP })).statusCode).toBe(200);
    }
    const refused = await run(t, user, { language: 'cpp', source: CPP });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: CODE_RUN_RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(judge.seen).toHaveLength(CODE_RUNS_PER_MINUTE);
    expect((await run(t, await userOf(t), { language: 'cpp', source: CPP })).statusCode).toBe(200);
  });
});

describe('Judge0 status ids', () => {
  it('map to the run statuses of the contract', () => {
    expect(runStatusOfJudgeStatus(3)).toBe('ok');
    expect(runStatusOfJudgeStatus(5)).toBe('timeout');
    expect(runStatusOfJudgeStatus(6)).toBe('compile_error');
    for (const id of [7, 8, 9, 10, 11, 12]) expect(runStatusOfJudgeStatus(id)).toBe('runtime_error');
    for (const id of [1, 2, 13, 14, 99]) expect(runStatusOfJudgeStatus(id)).toBeUndefined();
  });
});

describe('JUDGE0_URL and JUDGE0_AUTH_TOKEN', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/learnbuild-config-test' } as const;

  it('are optional; an empty value counts as unset', () => {
    expect(loadConfig(base)).toMatchObject({ judge0Url: undefined, judge0AuthToken: undefined });
    expect(loadConfig({ ...base, JUDGE0_URL: '', JUDGE0_AUTH_TOKEN: '' })).toMatchObject({
      judge0Url: undefined,
      judge0AuthToken: undefined,
    });
    expect(loadConfig({ ...base, JUDGE0_URL: 'http://judge:2358', JUDGE0_AUTH_TOKEN: 'abc' })).toMatchObject({
      judge0Url: 'http://judge:2358',
      judge0AuthToken: 'abc',
      judge0TimeoutMs: 15_000,
    });
  });

  it('stops the start with one line when JUDGE0_URL is not a URL', () => {
    expect(() => loadConfig({ ...base, JUDGE0_URL: 'judge box' })).toThrow(
      'Invalid environment variable JUDGE0_URL: JUDGE0_URL must be a URL',
    );
  });
});
