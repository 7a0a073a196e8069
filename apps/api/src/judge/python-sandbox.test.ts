import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { HarnessSignature } from '@learnbuild/domain/judge/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childNiceness } from '../test/niceness';
import { closePythonPool, type PythonSession, pythonSandbox, warmPythonPool } from './python-sandbox';
import { JUDGE_NICENESS, type OpenOutcome, type SandboxLimits, type SandboxSession, type TestOutcome } from './sandbox';

// Each open takes a child booted ahead by the pool (from a memory snapshot made at the first open), so most of
// this file's time is the snapshot and the children's boots, about 2 s each on a busy 2-core machine.

const signature: HarnessSignature = {
  functionName: 'solve',
  parameters: [{ name: 'n', type: 'int' }],
  returnType: 'int',
};
const limits: SandboxLimits = { testTimeMs: 2000, totalTimeMs: 20_000, memoryMb: 256, outputBytes: 1024 * 1024 };

const SECRET_NAME = 'LEARNBUILD_PYTHON_SANDBOX_TEST_SECRET';
const secret = `secret-${randomUUID()}`;
const repositoryRoot = fileURLToPath(new URL('../../../..', import.meta.url)).replace(/\/$/, '');

const sandbox = pythonSandbox();
const sessions: SandboxSession[] = [];

async function open(code: string, given: SandboxLimits = limits, shape = signature): Promise<OpenOutcome> {
  const opened = await sandbox.open(code, shape, given);
  if (opened.kind === 'open') sessions.push(opened.session);
  return opened;
}

async function session(code: string, given: SandboxLimits = limits, shape = signature): Promise<SandboxSession> {
  const opened = await open(code, given, shape);
  if (opened.kind !== 'open') throw new Error(`Expected the program to open: ${JSON.stringify(opened)}`);
  return opened.session;
}

function test(n: number): string {
  return JSON.stringify({ n });
}

/** Whatever a program got back, none of the host shows in it. */
function expectNothingLeaked(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain(secret);
  expect(text).not.toContain('root:x:0:0');
  expect(text).not.toContain('/work/');
  expect(text).not.toContain(repositoryRoot);
  expect(text).not.toContain('node_modules');
}

/** The answer of a test as the text it returned. */
function answerText(outcome: TestOutcome): string {
  expect(outcome.kind).toBe('answer');
  return outcome.kind === 'answer' ? (JSON.parse(outcome.answerJson) as string) : '';
}

// Every attempt below is made three ways: plainly, through Pyodide's bridges to JavaScript (`js`, `pyodide_js`),
// and around their blocking: `_pyodide_core` rebuilt from the interpreter's builtins, a JavaScript object made with
// it and `Function` taken from that object's constructor. Each attempt reports `label=result` or `label!Error`.
const ATTEMPTS = `
import os, sys

def attempt(label, action):
    try:
        return label + "=" + repr(action())[:300]
    except BaseException as error:
        return label + "!" + type(error).__name__

def js_function(body):
    import _imp, importlib.machinery
    spec = importlib.machinery.ModuleSpec("_pyodide_core", importlib.machinery.BuiltinImporter, origin="built-in")
    core = _imp.create_builtin(spec)
    return core.to_js({}).constructor.constructor(body)

def js():
    sys.modules.pop("js", None)
    return __import__("js")

def pyodide_js():
    sys.modules.pop("pyodide_js", None)
    return __import__("pyodide_js")
`;

describe('the Python sandbox', () => {
  let server: Server;
  let port = 0;
  let connections = 0;

  beforeAll(async () => {
    process.env[SECRET_NAME] = secret;
    // The snapshot and the first child, outside the tests' own time.
    await warmPythonPool();
    server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  }, 180_000);

  afterAll(async () => {
    delete process.env[SECRET_NAME];
    await Promise.all(sessions.map((opened) => opened.close()));
    await closePythonPool();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A program that tries nothing; inspected at the end. */
  let plain: PythonSession;

  it.runIf(process.platform === 'linux')(
    'runs learner code in processes that yield the CPU to the server',
    async () => {
      await session('def solve(n):\n    return n\n');
      const children = childNiceness('python-child.mjs');
      expect(children.length).toBeGreaterThanOrEqual(1);
      expect(children.every((niceness) => niceness === JUDGE_NICENESS)).toBe(true);
    },
  );

  it('answers each test with what the function returned, as JSON text', async () => {
    const opened = await session('def solve(n):\n    return n * 2\n');
    plain = opened as PythonSession;
    const outcomes = [await opened.runTest(test(1)), await opened.runTest(test(21))];
    expect(outcomes.map((outcome) => outcome.kind === 'answer' && outcome.answerJson)).toEqual(['2', '42']);
    for (const outcome of outcomes) expect(outcome.kind === 'answer' && outcome.timeMs).toBeGreaterThanOrEqual(0);
  });

  it('hands a float parameter a float even when JSON wrote it as a whole number', async () => {
    const shape: HarnessSignature = {
      functionName: 'kinds',
      parameters: [
        { name: 'x', type: 'float' },
        { name: 'xs', type: 'float[]' },
        { name: 'n', type: 'int' },
      ],
      returnType: 'string',
    };
    const opened = await session(
      'def kinds(x, xs, n):\n    return " ".join(type(v).__name__ for v in [x, *xs, n]) + " " + repr(x / 2)\n',
      limits,
      shape,
    );
    const outcome = await opened.runTest(JSON.stringify({ x: 3.0, xs: [2.0, 1.5], n: 4 }));
    expect(outcome.kind === 'answer' && JSON.parse(outcome.answerJson)).toBe('float float float int 1.5');
  });

  it('keeps a submission’s state from one test to the next, and starts the next submission afresh', async () => {
    const code = 'calls = 0\n\ndef solve(n):\n    global calls\n    calls += 1\n    return calls * 100 + n\n';
    const first = await session(code);
    expect(await first.runTest(test(1))).toMatchObject({ kind: 'answer', answerJson: '101' });
    expect(await first.runTest(test(2))).toMatchObject({ kind: 'answer', answerJson: '202' });
    const second = await session(code);
    expect(await second.runTest(test(3))).toMatchObject({ kind: 'answer', answerJson: '103' });
  });

  it('reports a SyntaxError as a compile error on the learner’s own line', async () => {
    const opened = await open('def solve(n):\n    return n +\n');
    expect(opened.kind).toBe('compile-error');
    expect(opened.kind === 'compile-error' && opened.message).toMatch(/^SyntaxError: .+ \(line 2\)$/);
    expectNothingLeaked(opened);
  });

  it('reports an exception as a runtime error with its type, message and line, and recursion without end too', async () => {
    const opened = await session(
      [
        'def solve(n):',
        '    if n == 7:',
        '        return solve(n)',
        '    if n > 1:',
        '        raise ValueError(f"no {n}")',
        '    return n',
        '',
      ].join('\n'),
    );
    expect(await opened.runTest(test(1))).toMatchObject({ kind: 'answer', answerJson: '1' });
    expect(await opened.runTest(test(5))).toEqual({ kind: 'runtime-error', message: 'ValueError: no 5 (line 5)' });
    const recursion = await opened.runTest(test(7));
    expect(recursion.kind === 'runtime-error' && recursion.message).toMatch(/^RecursionError: .* \(line 3\)$/);
    // A runtime error ends a test, not the program: the judge decides whether to go on.
    expect(await opened.runTest(test(1))).toMatchObject({ kind: 'answer', answerJson: '1' });
    const atLoad = await open('x = 1\nraise KeyError("top")\n');
    expect(atLoad).toEqual({ kind: 'runtime-error', message: "KeyError: 'top' (line 2)" });
  });

  it('takes and gives back a linked list of 30,000 nodes (freeing it recurses node by node in CPython)', async () => {
    const reverse: HarnessSignature = {
      functionName: 'reverseList',
      parameters: [{ name: 'head', type: 'ListNode' }],
      returnType: 'ListNode',
    };
    const code = [
      'def reverse_list(head):',
      '    previous = None',
      '    while head is not None:',
      '        head.next, previous, head = previous, head, head.next',
      '    return previous',
      '',
    ].join('\n');
    // Node's default stack fails at about 3,000 nodes; the child's holds a million (python-sandbox.ts).
    const opened = await session(code, { ...limits, testTimeMs: 10_000 }, reverse);
    const values = Array.from({ length: 30_000 }, (_, index) => index);
    const outcome = await opened.runTest(JSON.stringify({ head: values }));
    expect(outcome.kind).toBe('answer');
    expect(outcome.kind === 'answer' && JSON.parse(outcome.answerJson)).toEqual(values.reverse());
  });

  describe('against a hostile program', () => {
    // One program tries every way out, one way per test (n); the child is inspected after it has tried them all.
    let hostile: PythonSession;
    const mark = `/tmp/learnbuild-python-sandbox-${randomUUID()}`;

    beforeAll(async () => {
      const code = `${ATTEMPTS}
import socket, subprocess, urllib.request

def solve(n):
    if n == 1:
        name = "${SECRET_NAME}"
        return " ".join([
            attempt("environ", lambda: dict(os.environ)),
            attempt("getenv", lambda: os.getenv(name)),
            attempt("js", lambda: getattr(js().process.env, name)),
            attempt("pyodide_js", lambda: pyodide_js()._api.config.env),
            attempt("function", lambda: js_function("return process.env")()),
            attempt("proc", lambda: open("/proc/self/environ").read()),
        ])
    if n == 2:
        return " ".join([
            attempt("open", lambda: open("/etc/passwd").read()),
            attempt("listdir", lambda: os.listdir("/")),
            attempt("js", lambda: js().require("fs").readFileSync("/etc/passwd", "utf8")),
            attempt("mount", lambda: pyodide_js().mountNodeFS("/mnt", "/etc")),
            attempt("function", lambda: js_function("return require('fs').readFileSync('/etc/passwd', 'utf8')")()),
        ])
    if n == 3:
        url = "http://127.0.0.1:${port}/"
        return " ".join([
            attempt("socket", lambda: socket.create_connection(("127.0.0.1", ${port}), timeout=1)),
            attempt("urllib", lambda: urllib.request.urlopen(url, timeout=1).read()),
            attempt("fetch", lambda: js().fetch(url)),
            attempt("websocket", lambda: js().WebSocket.new("ws://127.0.0.1:${port}/")),
            attempt("package", lambda: pyodide_js().loadPackage(url + "x.whl")),
            attempt("function", lambda: js_function("return fetch('" + url + "')")()),
        ])
    mark = "${mark}"
    return " ".join([
        attempt("system", lambda: os.system("touch " + mark)),
        attempt("subprocess", lambda: subprocess.run(["touch", mark])),
        attempt("fork", lambda: os.fork()),
        attempt("js", lambda: js().require("child_process").execSync("touch " + mark)),
        attempt("function", lambda: js_function("return process.binding('spawn_sync')")()),
    ])
`;
      hostile = (await session(code)) as PythonSession;
    }, 60_000);

    it('cannot read the server’s environment', async () => {
      const outcome = await hostile.runTest(test(1));
      expectNothingLeaked(outcome);
      const text = answerText(outcome);
      expect(text).toContain('getenv=None');
      for (const label of ['js', 'pyodide_js', 'function', 'proc']) expect(text).toMatch(new RegExp(` ${label}!`));
    });

    it('cannot read the host’s files', async () => {
      const outcome = await hostile.runTest(test(2));
      expectNothingLeaked(outcome);
      const text = answerText(outcome);
      expect(text).toContain('open!FileNotFoundError');
      for (const label of ['js', 'mount', 'function']) expect(text).toMatch(new RegExp(` ${label}!`));
    });

    it('cannot open a socket', async () => {
      const outcome = await hostile.runTest(test(3));
      expectNothingLeaked(outcome);
      const text = answerText(outcome);
      for (const label of ['socket', 'urllib', 'fetch', 'websocket', 'package', 'function']) {
        expect(text).toMatch(new RegExp(`(^| )${label}!`));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(connections).toBe(0);
    });

    it('cannot start a process', async () => {
      const outcome = await hostile.runTest(test(4));
      expectNothingLeaked(outcome);
      const text = answerText(outcome);
      // 127 << 8: the shell's "command not found", without a shell.
      expect(text).toContain('system=32512');
      for (const label of ['subprocess', 'fork', 'js', 'function']) expect(text).toMatch(new RegExp(` ${label}!`));
      expect(existsSync(mark)).toBe(false);
    });

    it('ends an allocation of 2 GB, and a list grown without end, as memory-limit', async () => {
      const large = await session('def solve(n):\n    block = bytearray(2 * 1024 ** 3)\n    return len(block)\n');
      expect(await large.runTest(test(1))).toEqual({ kind: 'memory-limit' });
      const growing = await session(
        'def solve(n):\n    kept = []\n    while True:\n        kept.append(b"x" * (1024 * 1024))\n',
        { ...limits, memoryMb: 64, testTimeMs: 5000 },
      );
      expect(await growing.runTest(test(1))).toEqual({ kind: 'memory-limit' });
      expect(await growing.runTest(test(1))).toMatchObject({ kind: 'runtime-error' });
    });

    it('ends a loop that never ends as time-limit, while the server goes on answering', async () => {
      const opened = await session('def solve(n):\n    while True:\n        pass\n', { ...limits, testTimeMs: 1000 });
      const started = performance.now();
      let firedAfterMs = Number.POSITIVE_INFINITY;
      setTimeout(() => {
        firedAfterMs = performance.now() - started;
      }, 50);
      const outcome = await opened.runTest(test(1));
      const tookMs = performance.now() - started;
      expect(outcome).toEqual({ kind: 'time-limit' });
      expect(firedAfterMs).toBeLessThan(250);
      expect(tookMs).toBeGreaterThanOrEqual(1000);
      expect(tookMs).toBeLessThan(5000);
    });

    it('ends 100 MB of print as output-limit, even when the program catches the error', async () => {
      const printing = await session('def solve(n):\n    for _ in range(100 * 1024):\n        print("x" * 1023)\n');
      expect(await printing.runTest(test(1))).toEqual({ kind: 'output-limit' });
      const catching = await session(
        'def solve(n):\n    while True:\n        try:\n            print("x" * 1023)\n        except BaseException:\n            pass\n',
      );
      expect(await catching.runTest(test(1))).toEqual({ kind: 'output-limit' });
    });

    it('leaves Python no way to JavaScript and JavaScript no host object, in a child without rights', async () => {
      // Before any attempt: no JsProxy on Python's heap, no js, pyodide_js, pyodide or _pyodide_core to import.
      const untouched = await plain.inspect();
      expect(untouched).toMatchObject({ type: 'inspected', python: '' });
      // After the attempts (which rebuilt _pyodide_core, so Python's own blocking is behind them): from anything
      // Python can make in JavaScript, no host object (process, Node's modules, Pyodide's API) is reached.
      const opened = hostile;
      const inspected = await opened.inspect();
      expect(inspected.type).toBe('inspected');
      if (inspected.type !== 'inspected') return;
      expect(inspected.python).toBe('import _pyodide_core');
      expect(inspected.reachable.met).toEqual([]);
      for (const name of ['process', 'require', 'fetch', 'WebSocket', 'Buffer', 'setTimeout', 'navigator']) {
        expect(inspected.globals).not.toContain(name);
      }
      if (opened.pid === undefined || !existsSync(`/proc/${opened.pid}`)) return;
      const flags = (await readFile(`/proc/${opened.pid}/cmdline`, 'utf8')).split('\0');
      expect(flags.some((flag) => flag === '--permission' || flag === '--experimental-permission')).toBe(true);
      expect(flags).toContain('--disallow-code-generation-from-strings');
      expect(flags).toContain('--no-addons');
      for (const flag of flags) expect(flag).not.toMatch(/^--allow-(fs-write|child-process|worker|addons|wasi)/);
      // Only what Node adds for the IPC channel.
      const environment = (await readFile(`/proc/${opened.pid}/environ`, 'utf8')).split('\0').filter(Boolean);
      for (const entry of environment) expect(entry).toMatch(/^NODE_CHANNEL_[A-Z_]+=/);
    });
  });
});
