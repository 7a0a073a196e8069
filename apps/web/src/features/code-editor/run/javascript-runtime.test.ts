import { describe, expect, it } from 'vitest';
import { compileSource, type JavaScriptJob, JavaScriptProcess } from './javascript-runtime';
import { OUTPUT_LIMIT_CHARS, type RunnerMessage } from './protocol';

async function run(source: string, { language = 'javascript', stdin = '' }: Partial<JavaScriptJob> = {}) {
  const messages: RunnerMessage[] = [];
  await new JavaScriptProcess({ language, source, stdin }, (message) => messages.push(message)).start();
  const text = (stream: string) =>
    messages
      .filter((m): m is Extract<RunnerMessage, { type: 'output' }> => m.type === 'output' && m.stream === stream)
      .map((m) => m.text)
      .join('');
  const finished = messages.find((m) => m.type === 'finished');
  if (finished?.type !== 'finished') throw new Error('no finished message');
  return {
    stdout: text('stdout'),
    stderr: text('stderr'),
    compile: text('compile'),
    status: finished.status,
    exitCode: finished.exitCode,
    timeMs: finished.timeMs,
    started: messages.some((m) => m.type === 'started'),
  };
}

describe('running JavaScript in the runner', () => {
  it('captures console.log as standard output and console.error/warn as standard error', async () => {
    const result = await run('console.log("hello", 42);\nconsole.warn("careful");\nconsole.error("bad")');
    expect(result).toMatchObject({ stdout: 'hello 42\n', stderr: 'careful\nbad\n', status: 'ok', exitCode: 0 });
    expect(result.started).toBe(true);
    expect(result.timeMs).toBeGreaterThanOrEqual(0);
  });

  it('prints values the way Node.js does', async () => {
    const result = await run(
      'console.log([1, "a", [2]], { a: 1, "b-c": "x" }, new Map([[1, 2]]), new Set([3]), null, undefined);\nconsole.log("%s has %d items", "list", 3)',
    );
    expect(result.stdout).toBe(
      "[ 1, 'a', [ 2 ] ] { a: 1, 'b-c': 'x' } Map(1) { 1 => 2 } Set(1) { 3 } null undefined\nlist has 3 items\n",
    );
  });

  it('reads the input box with input(), fs.readFileSync(0) and readline', async () => {
    const stdin = '3\n1 2 3\n';
    expect((await run('const n = Number(input());\nconsole.log(n, input(), input())', { stdin })).stdout).toBe(
      '3 1 2 3 null\n',
    );
    expect(
      (
        await run('const all = require("fs").readFileSync(0, "utf8");\nconsole.log(all.trim().split("\\n").length)', {
          stdin,
        })
      ).stdout,
    ).toBe('2\n');
    const readline = `const rl = require('readline').createInterface({ input: process.stdin });
const lines = [];
rl.on('line', (line) => lines.push(line));
rl.on('close', () => console.log(lines.join('|')));`;
    expect((await run(readline, { stdin })).stdout).toBe('3|1 2 3\n');
  });

  it('runs TypeScript with type annotations, interfaces and enums', async () => {
    const source = `interface Point { x: number; y: number }
enum Colour { Red, Green }
function length(p: Point): number {
  return Math.hypot(p.x, p.y);
}
const list: Array<number> = [length({ x: 3, y: 4 }), Colour.Green];
console.log(list as number[]);`;
    expect(await run(source, { language: 'typescript' })).toMatchObject({ stdout: '[ 5, 1 ]\n', status: 'ok' });
  });

  it('turns import syntax into require, so Node.js-style imports of fs and readline work', async () => {
    const source = 'import { readFileSync } from "fs";\nconsole.log(readFileSync(0, "utf8").length)';
    expect((await run(source, { stdin: 'abc' })).stdout).toBe('3\n');
  });

  it('reports a syntax error with its line as a compile error, without running anything', async () => {
    const result = await run('console.log(1);\nconst x = ;', { language: 'typescript' });
    expect(result).toMatchObject({ status: 'compile_error', exitCode: 1, stdout: '', timeMs: null, started: false });
    expect(result.compile).toMatch(/^SyntaxError: .*\(line 2, column \d+\)/);
  });

  it('ends an uncaught error with exit code 1 and the line it came from', async () => {
    const result = await run('console.log("before");\nconst o = null;\no.value = 1;');
    expect(result).toMatchObject({ status: 'runtime_error', exitCode: 1, stdout: 'before\n' });
    expect(result.stderr).toMatch(/^Uncaught TypeError: .*\n {4}at line 3, column \d+\n$/);
  });

  it('waits for timers, like Node.js, and stops when none is left', async () => {
    const source = `let n = 0;
const id = setInterval(() => {
  n++;
  if (n === 3) { clearInterval(id); setTimeout(() => console.log('done', n), 5); }
}, 1);
console.log('first');`;
    expect(await run(source)).toMatchObject({ stdout: 'first\ndone 3\n', status: 'ok', exitCode: 0 });
  });

  it('ends when an awaited promise rejects, and when a timer throws', async () => {
    expect(await run('await Promise.reject(new RangeError("no"))')).toMatchObject({
      status: 'runtime_error',
      stderr: 'Uncaught RangeError: no\n    at line 1, column 22\n',
    });
    const timer = await run(
      'setTimeout(() => { throw new Error("late") }, 1);\nsetTimeout(() => console.log("never"), 50);',
    );
    expect(timer).toMatchObject({ status: 'runtime_error', exitCode: 1, stdout: '' });
    expect(timer.stderr).toMatch(/^Uncaught Error: late/);
  });

  it('exits with the code given to process.exit, skipping pending timers', async () => {
    const result = await run(
      'setTimeout(() => console.log("never"), 10);\nprocess.stdout.write("bye");\nprocess.exit(3);',
    );
    expect(result).toMatchObject({ stdout: 'bye', status: 'runtime_error', exitCode: 3 });
  });

  it('keeps at most the output limit of a stream and says the rest was cut', async () => {
    const result = await run(`for (let i = 0; i < 30000; i++) console.log("line " + i);`);
    expect(result.stdout.length).toBeLessThan(OUTPUT_LIMIT_CHARS + 100);
    expect(result.stdout).toMatch(/\[output cut: more than 100,000 characters\]\n$/);
    expect(result.status).toBe('ok');
  });

  it('offers only standard input and readline as modules', async () => {
    const result = await run('require("child_process")');
    expect(result.stderr).toMatch(/Cannot find module 'child_process'/);
  });
});

describe('compileSource', () => {
  it('keeps every line where it was, so error lines match the editor', () => {
    const compiled = compileSource({ language: 'typescript', source: 'type A = number;\nconst a: A = 1;\nthrow a;' });
    expect(compiled.ok && compiled.code.split('\n')).toHaveLength(3);
  });
});
