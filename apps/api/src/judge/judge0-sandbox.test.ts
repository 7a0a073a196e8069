import { nativeMark } from '@learnbuild/domain/judge/harness-native';
import { JUDGE0_UNAVAILABLE_MESSAGE } from '@learnbuild/domain/schemas/judge';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nativeTwoSum } from '../test/native-solutions';
import { MISSING_TOOL, removeNativeBuilds, TOOLCHAIN } from '../test/native-toolchain';
import {
  b64,
  closedPortUrl,
  judgeReply,
  runLikeJudge0,
  type SeenRequest,
  startStandInJudge,
} from '../test/stand-in-judge0';
import { judgeSubmission, type PreparedProblem } from './judge';
import {
  COMPILE_MESSAGE_MAX_CHARS,
  CPP_COMPILER_OPTIONS,
  JUDGE0_CPU_TIME_MAX_S,
  JUDGE0_MEMORY_MAX_KB,
  JUDGE0_WALL_TIME_MAX_S,
  type Judge0SandboxOptions,
  judge0Sandbox,
} from './judge0-sandbox';

// The Judge0 sandbox against a stand-in Judge0 that really compiles and runs each program with this machine's g++
// or javac/java (each program once: the nonce is fixed here, so the same code is the same program), and against
// canned replies for what a real run cannot show on demand (signals, a judge that fails).

const NONCE = 'sandbox-test';
const MARK = nativeMark(NONCE);
/** An expected answer no test's arguments hold: it must never reach the judge. */
const SECRET_EXPECTED = 918_273_645;

const TWO_SUM = {
  functionName: 'twoSum',
  parameters: [
    { name: 'nums', type: 'int[]' as const },
    { name: 'target', type: 'int' as const },
  ],
  returnType: 'int[]' as const,
};

/** The pair a one-pass hash map finds first, as the solutions below do. */
function firstPair(nums: number[], target: number): number[] {
  const seen = new Map<number, number>();
  for (const [i, n] of nums.entries()) {
    const j = seen.get(target - n);
    if (j !== undefined) return [j, i];
    seen.set(n, i);
  }
  return [];
}

/** Two Sum over [2, 7, 11, 15, target - 2]; a target of 0 or less asks for SECRET_EXPECTED (never given). */
function twoSumProblem(targets: number[], timeLimitMs = 1000): PreparedProblem {
  return {
    signature: TWO_SUM,
    comparator: 'any-order',
    timeLimitMs,
    memoryLimitMb: 64,
    cases: targets.map((target, i) => ({
      argumentsJson: JSON.stringify({ nums: [2, 7, 11, 15, target - 2], target }),
      expected: target > 0 ? firstPair([2, 7, 11, 15, target - 2], target) : [SECRET_EXPECTED],
      hidden: i > 0,
      inputText: i > 0 ? null : `nums = [2,7,11,15,${target - 2}], target = ${target}`,
    })),
  };
}

/** Right on target 9, and for the others: -1 loops forever, -2 throws, -3 allocates without end. */
const SOLUTIONS = {
  cpp: nativeTwoSum('cpp', [
    'if (target == -1) { volatile long spin = 0; while (true) spin = spin + 1; }',
    'if (target == -2) throw out_of_range("index 7 is past the end");',
    'if (target == -3) { vector<vector<long long>> held; while (true) held.emplace_back(1 << 20, 1); }',
  ]),
  java: nativeTwoSum('java', [
    'if (target == -1) { long spin = 0; while (spin >= 0) spin++; }',
    'if (target == -2) throw new ArrayIndexOutOfBoundsException("index 7 is past the end");',
    'if (target == -3) { List<long[]> held = new ArrayList<>(); while (true) held.add(new long[1 << 20]); }',
  ]),
};

const WRONG = {
  cpp: 'class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) { cout << "trying"; return {0, 0}; }\n};',
  java: 'class Solution {\n    public int[] twoSum(int[] nums, int target) { System.out.println("trying"); return new int[] {0, 0}; }\n}',
};

const NOT_COMPILING = {
  cpp: 'class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {\n        return missing;\n    }\n};',
  java: 'class Solution {\n    public int[] twoSum(int[] nums, int target) {\n        return missing;\n    }\n}',
};

const judge0 = startStandInJudge();
let options: Judge0SandboxOptions;
const logged: string[] = [];

beforeAll(async () => {
  options = {
    url: await judge0.listen(),
    authToken: 'judge0-token',
    timeoutMs: 120_000,
    nonce: () => NONCE,
    log: (reason) => logged.push(reason),
  };
});
afterAll(async () => {
  await judge0.close();
  removeNativeBuilds();
});
beforeEach(() => {
  judge0.seen.length = 0;
  logged.length = 0;
  judge0.state.answer = runLikeJudge0;
});

const judge = (language: 'cpp' | 'java', code: string, problem: PreparedProblem, using = options) =>
  judgeSubmission(language, code, problem, judge0Sandbox(language, using));

const sent = (request: SeenRequest) => {
  const body = JSON.parse(request.body);
  return {
    ...body,
    source: Buffer.from(body.source_code, 'base64').toString('utf8'),
    input: Buffer.from(body.stdin, 'base64').toString('utf8'),
  };
};

describe.each([
  ['cpp', 'C++'],
  ['java', 'Java'],
] as const)('%s on Judge0: each verdict, from a real compile and run', (language, name) => {
  const missing = !TOOLCHAIN[language];
  const title = (text: string) => (missing ? `${text} (${MISSING_TOOL[language]})` : text);

  it.skipIf(missing)(title(`accepts a right ${name} answer in one submission for all the tests`), async () => {
    const result = await judge(language, SOLUTIONS[language], twoSumProblem([9, 9, 26]));
    expect(result).toMatchObject({ verdict: 'Accepted', passed: 3, total: 3, failedCase: null });
    expect(result.runtimeMs).toEqual(expect.any(Number));
    expect(judge0.seen).toHaveLength(1);
    const body = sent(judge0.seen[0]!);
    expect(body.language_id).toBe(language === 'cpp' ? 54 : 62);
    expect(body.source).toContain(SOLUTIONS[language]);
    expect(body.input.trim().split('\n')).toEqual(twoSumProblem([9, 9, 26]).cases.map((c) => c.argumentsJson));
    expect(judge0.seen[0]!.headers['x-auth-token']).toBe('judge0-token');
  });

  it.skipIf(missing)(title('gives Wrong Answer with the example shown, the learner’s printing left out'), async () => {
    const result = await judge(language, WRONG[language], twoSumProblem([9, 26]));
    expect(result).toMatchObject({
      verdict: 'Wrong Answer',
      passed: 0,
      failedCase: {
        index: 1,
        hidden: false,
        input: 'nums = [2,7,11,15,7], target = 9',
        expected: '[0,1]',
        actual: '[0,0]',
      },
    });
  });

  it.skipIf(missing)(
    title('gives Compilation Error with the compiler’s message on the learner’s own line'),
    async () => {
      const result = await judge(language, NOT_COMPILING[language], twoSumProblem([9]));
      expect(result).toMatchObject({ verdict: 'Compilation Error', passed: 0, total: 1 });
      expect(result.message).toMatch(
        language === 'cpp' ? /solution\.cpp:4:16: error/ : /Main\.java:3: error: cannot find symbol/,
      );
      expect(result.message!.length).toBeLessThanOrEqual(COMPILE_MESSAGE_MAX_CHARS + 20);
    },
  );

  it.skipIf(missing)(
    title('gives Runtime Error for a throw, naming the exception, after the tests before it pass'),
    async () => {
      const result = await judge(language, SOLUTIONS[language], twoSumProblem([9, -2, 9]));
      expect(result).toMatchObject({ verdict: 'Runtime Error', passed: 1, failedCase: { index: 2, hidden: true } });
      expect(result.message).toMatch(
        language === 'cpp'
          ? /^std::out_of_range: index 7 is past the end$/
          : /^java\.lang\.ArrayIndexOutOfBoundsException: index 7 is past the end \(at Solution\.twoSum, line 4\)$/,
      );
    },
  );

  it.skipIf(missing)(title('gives Time Limit Exceeded for an endless loop, at the test’s own limit'), async () => {
    const started = Date.now();
    const result = await judge(language, SOLUTIONS[language], twoSumProblem([9, -1, 9]));
    expect(result).toMatchObject({ verdict: 'Time Limit Exceeded', passed: 1, failedCase: { index: 2 } });
    // The harness's watchdog ends the run after the test's 1 s, long before Judge0's limit for the whole run.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it.skipIf(missing)(title('gives Memory Limit Exceeded for an allocation past the limit'), async () => {
    const result = await judge(language, SOLUTIONS[language], twoSumProblem([9, -3]));
    expect(result).toMatchObject({ verdict: 'Memory Limit Exceeded', passed: 1, failedCase: { index: 2 } });
  });
});

describe('what is sent to Judge0', () => {
  beforeEach(() => {
    judge0.state.answer = () => ({ json: judgeReply(3, { stdout: null }) });
  });

  it('never sends an expected answer, only the arguments', async () => {
    await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9, -5]));
    expect(judge0.seen).toHaveLength(1);
    expect(judge0.seen[0]!.body).not.toContain(String(SECRET_EXPECTED));
    const body = sent(judge0.seen[0]!);
    expect(body.source).not.toContain(String(SECRET_EXPECTED));
    expect(body.input).not.toContain(String(SECRET_EXPECTED));
  });

  it('asks for the problem’s limits over all its tests, within Judge0’s own ceilings', async () => {
    await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9, 9], 1000));
    const small = sent(judge0.seen[0]!);
    expect(small).toMatchObject({
      cpu_time_limit: 2.5,
      wall_time_limit: 4.5,
      memory_limit: (64 + 32) * 1024,
      compiler_options: CPP_COMPILER_OPTIONS,
    });
    const large: PreparedProblem = {
      ...twoSumProblem(
        Array.from({ length: 40 }, () => 9),
        5000,
      ),
      memoryLimitMb: 512,
    };
    await judge('java', SOLUTIONS.java, large);
    const capped = sent(judge0.seen[1]!);
    expect(capped).toMatchObject({
      cpu_time_limit: JUDGE0_CPU_TIME_MAX_S,
      wall_time_limit: JUDGE0_WALL_TIME_MAX_S,
      memory_limit: JUDGE0_MEMORY_MAX_KB,
    });
    expect(capped).not.toHaveProperty('compiler_options');
  });

  it('sends C++ again without compiler options when this Judge0 refuses them', async () => {
    judge0.state.answer = (request) =>
      'compiler_options' in JSON.parse(request.body)
        ? { status: 422, json: { compiler_options: ['setting compiler options is not allowed'] } }
        : { json: judgeReply(3, { stdout: b64(`\n${MARK} 0 A 12 [0,1]\n`) }) };
    const result = await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9]));
    expect(result.verdict).toBe('Accepted');
    expect(judge0.seen).toHaveLength(2);
    expect(sent(judge0.seen[1]!)).not.toHaveProperty('compiler_options');
  });
});

describe('Judge0’s statuses, as a run reports them', () => {
  const answered = (...answers: string[]) => answers.map((answer, i) => `\n${MARK} ${i} A 1000 ${answer}\n`).join('');

  it.each([
    [
      'a segmentation fault (exit code 139 through bash)',
      { exit_code: 139, stderr: b64('') },
      /^Segmentation fault \(SIGSEGV\)/,
    ],
    ['SIGSEGV as status 7', { status: { id: 7, description: 'Runtime Error (SIGSEGV)' }, exit_signal: 11 }, /SIGSEGV/],
    ['a division by zero (SIGFPE)', { exit_code: 136 }, /^Arithmetic error \(SIGFPE\)/],
    [
      'an abort with the runtime’s words on stderr',
      { exit_code: 134, stderr: b64('terminate called recursively\n') },
      /^The program aborted \(SIGABRT\)\.\nterminate called recursively$/,
    ],
    [
      'an exit code of its own',
      { exit_code: 3, message: b64('Exited with error status 3') },
      /^Runtime Error \(NZEC\)\nExited with error status 3$/,
    ],
  ])('gives Runtime Error for %s', async (_name, fields, message) => {
    judge0.state.answer = () => ({ json: judgeReply(11, { stdout: b64(answered('[0,1]')), ...fields }) });
    const result = await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9, 9, 9]));
    expect(result).toMatchObject({ verdict: 'Runtime Error', passed: 1, failedCase: { index: 2 } });
    expect(result.message).toMatch(message);
  });

  it.each([
    ['a kill by the memory cgroup (exit code 137)', { exit_code: 137 }],
    ['SIGKILL as status 12', { status: { id: 12, description: 'Runtime Error (Other)' }, exit_signal: 9 }],
    [
      'bad_alloc on stderr',
      { exit_code: 134, stderr: b64("terminate called after throwing an instance of 'std::bad_alloc'") },
    ],
    [
      'a JVM out of memory',
      { exit_code: 1, stderr: b64('Exception in thread "main" java.lang.OutOfMemoryError: Java heap space') },
    ],
  ])('gives Memory Limit Exceeded for %s', async (_name, fields) => {
    judge0.state.answer = () => ({ json: judgeReply(11, { stdout: b64(answered('[0,1]')), ...fields }) });
    expect(await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9, 9]))).toMatchObject({
      verdict: 'Memory Limit Exceeded',
      passed: 1,
    });
  });

  it('gives Time Limit Exceeded for the first test without a line when Judge0 stopped the run (status 5)', async () => {
    judge0.state.answer = () => ({ json: judgeReply(5, { stdout: b64(answered('[0,1]', '[0,1]')), exit_code: null }) });
    expect(await judge('java', SOLUTIONS.java, twoSumProblem([9, 9, 9, 9]))).toMatchObject({
      verdict: 'Time Limit Exceeded',
      passed: 2,
      failedCase: { index: 3 },
    });
  });

  it('gives Time Limit Exceeded for a test whose own time passed its limit', async () => {
    judge0.state.answer = () => ({ json: judgeReply(3, { stdout: b64(`\n${MARK} 0 A 1500000 [0,1]\n`) }) });
    expect(await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9]))).toMatchObject({ verdict: 'Time Limit Exceeded' });
  });

  it('gives Runtime Error naming the output limit when the program printed too much', async () => {
    for (const fields of [
      { exit_code: 153 },
      { status: { id: 8, description: 'Runtime Error (SIGXFSZ)' } },
      { stdout: b64(`${'x'.repeat(1024 * 1024 + 10)}${answered('[0,1]')}`), exit_code: 0, status: { id: 3 } },
    ]) {
      judge0.state.answer = () => ({ json: judgeReply(11, { stdout: b64(answered('[0,1]')), ...fields }) });
      const result = await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9, 9]));
      expect(result.verdict).toBe('Runtime Error');
      expect(result.message).toMatch(/Output limit exceeded/);
    }
  });

  it('gives Runtime Error when the program ended before answering a test', async () => {
    judge0.state.answer = () => ({ json: judgeReply(3, { stdout: b64(answered('[0,1]')) }) });
    const result = await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9, 9]));
    expect(result).toMatchObject({ verdict: 'Runtime Error', passed: 1 });
    expect(result.message).toBe('The program ended before answering test 2 (does the code call exit?).');
  });

  it('cuts a very long compiler message to a few KB', async () => {
    judge0.state.answer = () => ({ json: judgeReply(6, { compile_output: b64('error: '.repeat(10_000)) }) });
    const result = await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9]));
    expect(result.verdict).toBe('Compilation Error');
    expect(result.message!.length).toBeLessThan(COMPILE_MESSAGE_MAX_CHARS + 20);
    expect(result.message).toMatch(/… \(cut\)$/);
  });
});

describe('a Judge0 that is down or failing', () => {
  const expectUnavailable = (result: Awaited<ReturnType<typeof judge>>) => {
    expect(result).toEqual({
      verdict: 'Runtime Error',
      passed: 0,
      total: 1,
      runtimeMs: null,
      failedCase: null,
      message: JUDGE0_UNAVAILABLE_MESSAGE,
    });
  };

  it('ends the submission with a clear message when nothing listens at its URL', async () => {
    expectUnavailable(
      await judge('cpp', SOLUTIONS.cpp, twoSumProblem([9]), { ...options, url: await closedPortUrl() }),
    );
    expect(logged).toEqual(['request failed']);
  });

  it.each([
    ['a 500', { status: 500, json: { error: 'boom' } }],
    ['a 401 (wrong X-Auth-Token)', { status: 401, json: { error: 'Authentication failed' } }],
    ['a 503 (queue full)', { status: 503, json: { error: 'queue is full' } }],
    ['HTML instead of JSON', { status: 201, text: '<html>gateway</html>' }],
    ['JSON without a status (wait=true turned off)', { status: 201, json: { token: 'x' } }],
    ['Internal Error (13)', { json: judgeReply(13) }],
    ['Exec Format Error (14)', { json: judgeReply(14) }],
    ['a submission still queued (1)', { json: judgeReply(1) }],
  ])('ends the submission with a clear message when the judge answers %s', async (_what, answer) => {
    judge0.state.answer = () => answer;
    expectUnavailable(await judge('java', SOLUTIONS.java, twoSumProblem([9])));
    expect(logged).toHaveLength(1);
  });

  it('gives up on a judge slower than its timeout plus the run’s wall time', async () => {
    judge0.state.answer = () => ({ json: judgeReply(3), delayMs: 10_000 });
    const started = Date.now();
    const problem = { ...twoSumProblem([9], 100) };
    expectUnavailable(await judge('cpp', SOLUTIONS.cpp, problem, { ...options, timeoutMs: 200 }));
    // 200 ms, plus the wall time asked for the run: 0.1 s of tests, 0.5 s to start, 2 s of slack.
    expect(Date.now() - started).toBeLessThan(6000);
    expect(logged[0]).toMatch(/no answer within/);
  });
});
