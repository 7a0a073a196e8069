import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BrowserRunInput,
  browserRunProgram,
  driverMark,
  judgeBrowserCase,
  parseBrowserRun,
} from './browser-driver';
import type { HarnessSignature } from './harness';

const TWO_SUM: HarnessSignature = {
  functionName: 'twoSum',
  parameters: [
    { name: 'nums', type: 'int[]' },
    { name: 'target', type: 'int' },
  ],
  returnType: 'int[]',
};
const REVERSE_LIST: HarnessSignature = {
  functionName: 'reverseList',
  parameters: [{ name: 'head', type: 'ListNode' }],
  returnType: 'ListNode',
};
const EXAMPLES = [
  { nums: [2, 7, 11, 15], target: 9 },
  { nums: [3, 2, 4], target: 6 },
];
const NONCE = 'n0nce';

type AsyncFunctionConstructor = new (...parameters: string[]) => (...values: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as AsyncFunctionConstructor;

/** Runs a JavaScript program as the browser's runner does: the body of an async function, print by process.stdout. */
async function runJavaScript(program: string): Promise<string> {
  let stdout = '';
  const write = (text: unknown) => {
    stdout += String(text);
    return true;
  };
  const console = { log: (...values: unknown[]) => write(`${values.join(' ')}\n`) };
  await new AsyncFunction('process', 'console', program)({ stdout: { write } }, console);
  return stdout;
}

afterEach(() => {
  const global = globalThis as Record<string, unknown>;
  for (const name of ['ListNode', 'TreeNode', '__learnbuildCall']) delete global[name];
});

const input = (changes: Partial<BrowserRunInput>): BrowserRunInput => ({
  language: 'javascript',
  signature: TWO_SUM,
  code: '',
  cases: EXAMPLES,
  nonce: NONCE,
  ...changes,
});

describe('the Run driver in JavaScript', () => {
  it('answers each case on its own marked line, with what the code printed during that case', async () => {
    const code = `console.log('loaded');
function twoSum(nums, target) {
  console.log('looking at', nums.length);
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
  return [];
}`;
    const stdout = await runJavaScript(browserRunProgram(input({ code })));
    expect(stdout).toContain(`${driverMark(NONCE)} answer 0 [0,1]`);
    const parsed = parseBrowserRun(stdout, NONCE, 2);
    expect(parsed.printed).toBe('loaded\n');
    expect(parsed.cases).toEqual([
      { printed: 'looking at 4\n', answer: '[0,1]' },
      { printed: 'looking at 3\n', answer: '[1,2]' },
    ]);
  });

  it('reports a throw as that case’s error with the line in the learner’s code, and runs the next case', async () => {
    const code = `function twoSum(nums) {
  if (nums.length === 3) throw new RangeError('too short');
  return [0, 1];
}`;
    const parsed = parseBrowserRun(await runJavaScript(browserRunProgram(input({ code }))), NONCE, 2);
    expect(parsed.cases[0]).toEqual({ printed: '', answer: '[0,1]' });
    expect(parsed.cases[1]?.error).toBe('RangeError: too short (line 2)');
  });

  it('says which function is missing', async () => {
    const parsed = parseBrowserRun(await runJavaScript(browserRunProgram(input({ code: 'const x = 1;' }))), NONCE, 2);
    expect(parsed.cases[0]?.error).toBe('Error: Define a function named twoSum');
  });

  it('builds and reads back linked lists', async () => {
    const code = `function reverseList(head) {
  let previous = null;
  while (head) { const next = head.next; head.next = previous; previous = head; head = next; }
  return previous;
}`;
    const program = browserRunProgram(
      input({ code, signature: REVERSE_LIST, cases: [{ head: [1, 2, 3] }, { head: [] }] }),
    );
    const parsed = parseBrowserRun(await runJavaScript(program), NONCE, 2);
    expect(parsed.cases.map((result) => result?.answer)).toEqual(['[3,2,1]', '[]']);
  });

  it('keeps the learner’s first line on line 1, so the runner’s own error lines stay right', () => {
    const program = browserRunProgram(input({ code: 'function twoSum() {}\nreturn_here();' }));
    expect(program.split('\n')[1]).toBe('return_here();');
    expect(program.split('\n')[0]).toMatch(/globalThis\.ListNode = .* function twoSum\(\) \{\}$/);
  });
});

const python = spawnSync('python3', ['--version']).status === 0;

function runPython(program: string): string {
  const result = spawnSync('python3', ['-I', '-c', program], { encoding: 'utf8', timeout: 20_000 });
  return result.stdout;
}

describe.skipIf(!python)('the Run driver in Python (with the python3 of this machine)', () => {
  it('calls the snake_case function per case, with what it printed', () => {
    const code = `print("loaded")

def two_sum(nums: List[int], target: int) -> List[int]:
    print("looking at", len(nums))
    seen = {}
    for i, value in enumerate(nums):
        if target - value in seen:
            return [seen[target - value], i]
        seen[value] = i
    return []
`;
    const parsed = parseBrowserRun(runPython(browserRunProgram(input({ language: 'python', code }))), NONCE, 2);
    expect(parsed.printed).toBe('loaded\n');
    expect(parsed.cases).toEqual([
      { printed: 'looking at 4\n', answer: '[0, 1]' },
      { printed: 'looking at 3\n', answer: '[1, 2]' },
    ]);
  });

  it('names the learner’s line in an error and in a syntax error', () => {
    const failing = 'def two_sum(nums, target):\n    return nums[99]\n';
    const parsed = parseBrowserRun(
      runPython(browserRunProgram(input({ language: 'python', code: failing }))),
      NONCE,
      2,
    );
    expect(parsed.cases[0]?.error).toBe('IndexError: list index out of range (line 2)');

    const broken = 'def two_sum(nums, target)\n    return []\n';
    const syntax = parseBrowserRun(runPython(browserRunProgram(input({ language: 'python', code: broken }))), NONCE, 2);
    expect(syntax.compileError).toContain('line 1');
    expect(syntax.compileError).toContain('SyntaxError');
    expect(syntax.cases).toEqual([null, null]);
  });

  it('reports an error of the code’s top level before any case', () => {
    const parsed = parseBrowserRun(
      runPython(browserRunProgram(input({ language: 'python', code: 'x = 1 / 0\n' }))),
      NONCE,
      2,
    );
    expect(parsed.setupError).toBe('ZeroDivisionError: division by zero (line 1)');
  });
});

describe('reading the output back', () => {
  const mark = driverMark(NONCE);

  it('gives text printed without a newline to the case it was printed in', () => {
    const stdout = `${mark} start 0\npartial${mark} answer 0 1\n`;
    expect(parseBrowserRun(stdout, NONCE, 1).cases[0]).toEqual({ printed: 'partial', answer: '1' });
  });

  it('leaves a case that never started as null, and ignores marks of another run', () => {
    const stdout = `@@learnbuild-run:other@@ start 0\n${mark} start 0\n`;
    const parsed = parseBrowserRun(stdout, NONCE, 2);
    expect(parsed.printed).toBe('@@learnbuild-run:other@@ start 0\n');
    expect(parsed.cases).toEqual([{ printed: '' }, null]);
  });
});

describe('judging a case', () => {
  it('passes an answer equal under the comparator and fails another', () => {
    expect(judgeBrowserCase({ printed: '', answer: '[1,0]' }, { expected: [0, 1] }, 'any-order')).toEqual({
      status: 'passed',
      actual: '[1,0]',
      printed: '',
    });
    expect(judgeBrowserCase({ printed: 'x\n', answer: '[1,0]' }, { expected: [0, 1] }, 'exact')).toEqual({
      status: 'failed',
      actual: '[1,0]',
      printed: 'x\n',
    });
  });

  it('shows the learner’s own input answered, an error, and a case that never ran', () => {
    expect(judgeBrowserCase({ printed: '', answer: '7' }, null, 'exact')).toMatchObject({ status: 'answered' });
    expect(judgeBrowserCase({ printed: '', error: 'Boom' }, { expected: 1 }, 'exact')).toMatchObject({
      status: 'error',
      error: 'Boom',
    });
    expect(judgeBrowserCase(null, { expected: 1 }, 'exact')).toEqual({ status: 'not-run', printed: '' });
  });
});
