import { afterAll, describe, expect, it } from 'vitest';
import { threadNiceness } from '../test/niceness';
import { closeJavaScriptWorkers, javascriptSandbox } from './javascript-sandbox';
import { judgeSubmission, type PreparedProblem } from './judge';
import { JUDGE_NICENESS } from './sandbox';

// Learner code is hostile: each way out of the QuickJS sandbox is tried, and each must end in a verdict that
// leaks nothing of the host, while the main thread keeps answering.

const SECRET = `judge-secret-${Math.random().toString(36).slice(2)}`;
process.env.LEARNBUILD_JUDGE_TEST_SECRET = SECRET;

const problem: PreparedProblem = {
  signature: { functionName: 'solve', parameters: [{ name: 'n', type: 'int' }], returnType: 'int' },
  comparator: 'exact',
  timeLimitMs: 1000,
  memoryLimitMb: 64,
  cases: [
    { argumentsJson: '{"n":2}', expected: 4, hidden: false, inputText: 'n = 2' },
    { argumentsJson: '{"n":21}', expected: 42, hidden: true, inputText: null },
  ],
};

const judge = (code: string, language: 'javascript' | 'typescript' = 'javascript') =>
  judgeSubmission(language, code, problem, javascriptSandbox(language));

afterAll(() => closeJavaScriptWorkers());

function expectNothingLeaked(result: unknown) {
  const text = JSON.stringify(result);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('root:x:0:0');
  expect(text).not.toContain('/work/');
  expect(text).not.toContain('node_modules');
}

describe('the JavaScript sandbox: verdicts', () => {
  it('accepts a right answer, with the tests passed and the runtime', async () => {
    const result = await judge('function solve(n) { return n * 2; }');
    expect(result).toMatchObject({ verdict: 'Accepted', passed: 2, total: 2, failedCase: null });
    expect(result.runtimeMs).toEqual(expect.any(Number));
  });

  it('judges TypeScript after removing its types', async () => {
    expect((await judge('function solve(n: number): number { return n * 2; }', 'typescript')).verdict).toBe('Accepted');
    expect((await judge('function solve(n: number: number {', 'typescript')).verdict).toBe('Compilation Error');
  });

  it('gives Wrong Answer with the example shown, and a hidden test by number only', async () => {
    const shown = await judge('function solve(n) { return n + 1; }');
    expect(shown).toMatchObject({
      verdict: 'Wrong Answer',
      passed: 0,
      failedCase: { index: 1, hidden: false, input: 'n = 2', expected: '4', actual: '3' },
    });
    const hidden = await judge('function solve(n) { return n === 2 ? 4 : 0; }');
    expect(hidden).toMatchObject({ verdict: 'Wrong Answer', passed: 1, failedCase: { index: 2, hidden: true } });
    expect(hidden.failedCase).not.toHaveProperty('expected');
  });

  it('gives Compilation Error for a syntax error, and Runtime Error for a throw', async () => {
    const compile = await judge('function solve(n { return 1 }');
    expect(compile.verdict).toBe('Compilation Error');
    expect(compile.message).toMatch(/SyntaxError/);
    const runtime = await judge('function solve(n) { throw new TypeError("no way"); }');
    expect(runtime).toMatchObject({ verdict: 'Runtime Error', message: 'TypeError: no way' });
    const missing = await judge('function other(n) { return n; }');
    expect(missing).toMatchObject({ verdict: 'Runtime Error', message: 'Error: Define a function named solve' });
  });
});

describe('the JavaScript sandbox: the server first', () => {
  it.runIf(process.platform === 'linux')('judges in threads that yield the CPU to the server’s own', async () => {
    // An endless loop keeps its worker busy while the threads are read.
    const running = judge('function solve(n) { while (true) {} }');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const threads = threadNiceness();
    expect(threads.filter((thread) => thread.niceness === JUDGE_NICENESS).length).toBeGreaterThanOrEqual(1);
    expect(threads.find((thread) => thread.id === process.pid)?.niceness).toBe(0);
    expect((await running).verdict).toBe('Time Limit Exceeded');
  });
});

// TypeScript is judged by the same sandbox once its types are removed; each way out is tried in both.
describe.each(['javascript', 'typescript'] as const)('the JavaScript sandbox: ways out are closed (%s)', (language) => {
  const judgeIn = (code: string) => judge(code, language);

  it('sees no file, socket, process or host global', async () => {
    const probes = [
      'typeof process',
      'typeof require',
      'typeof module',
      'typeof globalThis.fetch',
      'typeof WebSocket',
      'typeof XMLHttpRequest',
      'typeof setTimeout',
      'typeof queueMicrotask',
      'typeof Deno',
      'typeof Bun',
      'typeof std',
      'typeof os',
    ];
    for (const probe of probes) {
      const result = await judgeIn(`function solve(n) { return ${probe} === 'undefined' ? n * 2 : -1; }`);
      expect(result.verdict, probe).toBe('Accepted');
    }
    // The program is a script, not a module: import.meta does not even parse.
    const meta = await judgeIn('function solve(n) { return typeof import.meta; }');
    expect(meta.verdict).toBe('Compilation Error');
  });

  it('reads no environment variable', async () => {
    const result = await judgeIn(
      'function solve(n) { return JSON.stringify(globalThis.process?.env ?? {}).length > 2 ? -1 : n * 2; }',
    );
    expect(result.verdict).toBe('Accepted');
    expectNothingLeaked(result);
  });

  it('cannot read /etc/passwd: no module loader, no file system', async () => {
    const result = await judgeIn(
      `import fs from 'fs'; function solve(n) { return fs.readFileSync('/etc/passwd').length; }`,
    );
    expect(['Compilation Error', 'Runtime Error']).toContain(result.verdict);
    expectNothingLeaked(result);
    // A dynamic import never yields a module: the first test asks for one, the second looks for what it read.
    const dynamic = await judgeIn(`function solve(n) {
      if (n === 21) return globalThis.leaked === undefined ? 42 : String(globalThis.leaked).length;
      import('fs').then((fs) => { globalThis.leaked = fs.readFileSync('/etc/passwd', 'utf8'); }, () => {});
      import('os').then((os) => { globalThis.leaked = os.getenviron(); }, () => {});
      return n * 2;
    }`);
    expect(dynamic).toMatchObject({ verdict: 'Accepted', passed: 2 });
    expectNothingLeaked(dynamic);
  });

  it('cannot open a socket or start a process through the Function constructor', async () => {
    const result = await judgeIn(
      `function solve(n) { const host = Function('return this')(); return typeof host.process === 'undefined' && typeof host.fetch === 'undefined' ? n * 2 : -1; }`,
    );
    expect(result.verdict).toBe('Accepted');
  });

  it('ends an endless loop with Time Limit Exceeded while the main thread keeps answering', async () => {
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now()), 50);
    const result = await judgeIn('function solve(n) { while (true) {} }');
    clearInterval(timer);
    expect(result).toMatchObject({ verdict: 'Time Limit Exceeded', passed: 0 });
    expect(ticks.length).toBeGreaterThanOrEqual(10);
  });

  it('ends endless recursion with a Runtime Error (stack overflow)', async () => {
    const result = await judgeIn('function solve(n) { return solve(n + 1); }');
    expect(result).toMatchObject({ verdict: 'Runtime Error', message: 'InternalError: stack overflow' });
  });

  it('ends allocating 2 GB with Memory Limit Exceeded or a Runtime Error, never the host', async () => {
    const array = await judgeIn(
      'function solve(n) { const a = new Uint8Array(2 * 1024 * 1024 * 1024 - 1); return a.length; }',
    );
    expect(['Memory Limit Exceeded', 'Runtime Error']).toContain(array.verdict);
    const growing = await judgeIn(
      'function solve(n) { const kept = []; for (let i = 0; i < 100; i++) kept.push(new Array(10000000).fill(i)); return kept.length; }',
    );
    expect(growing.verdict).toBe('Memory Limit Exceeded');
    expectNothingLeaked(growing);
    // The next submission still runs.
    expect((await judgeIn('function solve(n) { return n * 2; }')).verdict).toBe('Accepted');
  });

  it('ends printing 100 MB as a Runtime Error about the output limit', async () => {
    const result = await judgeIn(
      'function solve(n) { const line = "x".repeat(1000); for (let i = 0; i < 100000; i++) console.log(line); return n * 2; }',
    );
    expect(result).toMatchObject({
      verdict: 'Runtime Error',
      message: expect.stringContaining('Output limit exceeded'),
    });
  });
});
