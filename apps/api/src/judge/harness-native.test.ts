import type { HarnessSignature } from '@learnbuild/domain/judge/harness';
import {
  type NativeLanguage,
  nativeMark,
  nativeProgram,
  nativeStdin,
  readNativeOutput,
} from '@learnbuild/domain/judge/harness-native';
import { starterCodeFor } from '@learnbuild/domain/judge/starter';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_INVERT_TREE_JAVA, nativeTwoSum } from '../test/native-solutions';
import {
  compileJavaPrograms,
  compileNative,
  MISSING_TOOL,
  removeNativeBuilds,
  runNative,
  TOOLCHAIN,
} from '../test/native-toolchain';

// The C++ and Java harness (harness-native.ts) compiled and run for real with this machine's g++ and javac/java:
// each signature's program reads the tests' JSON arguments from stdin, calls the learner's Solution and prints one
// marked line per test, which is read back here as the sandbox reads Judge0's stdout.

const MARK = nativeMark('harness-test');
const TEST_TIME_MS = 1500;
const MEMORY_KB = 256 * 1024;

type Expected =
  | { answer: unknown }
  | { error: RegExp }
  | { memory: true }
  | { time: true }
  | { float: number }
  /** No line at all: the program stopped before this test (after an error, memory or time line). */
  | { missing: true };

interface Run {
  tests: Record<string, unknown>[];
  expect: Expected[];
}

interface Program {
  name: string;
  signature: HarnessSignature;
  cpp: string;
  java: string;
  runs: Run[];
}

const sig = (functionName: string, parameters: [string, string][], returnType: string) =>
  ({
    functionName,
    parameters: parameters.map(([name, type]) => ({ name, type })),
    returnType,
  }) as HarnessSignature;

const LONG_LIST = Array.from({ length: 100_000 }, (_, i) => i - 50_000);

const PROGRAMS: Program[] = [
  {
    name: 'int[] + int → int[] (two sum), with printing, a throw, an endless loop and a huge allocation',
    signature: sig(
      'twoSum',
      [
        ['nums', 'int[]'],
        ['target', 'int'],
      ],
      'int[]',
    ),
    cpp: nativeTwoSum('cpp', [
      'cout << "thinking";',
      'if (target == -1) { volatile long spin = 0; while (true) spin = spin + 1; }',
      'if (target == -2) throw invalid_argument("no \\"pair\\" here");',
      'if (target == -3) { vector<long long> huge(1LL << 33); return {(int) huge.size()}; }',
    ]),
    java: nativeTwoSum('java', [
      'System.out.print("thinking");',
      'if (target == -1) { long spin = 0; while (spin >= 0) spin++; }',
      'if (target == -2) throw new IllegalArgumentException("no \\"pair\\" here");',
      'if (target == -3) {',
      '    long[][] huge = new long[1 << 16][];',
      '    for (int i = 0; i < huge.length; i++) huge[i] = new long[1 << 20];',
      '    return new int[] {huge.length};',
      '}',
    ]),
    runs: [
      {
        tests: [
          { nums: [2, 7, 11, 15], target: 9 },
          { nums: [3, 2, 4], target: 6 },
          { nums: [...LONG_LIST, 70_000, 80_000], target: 150_000 },
        ],
        expect: [{ answer: [0, 1] }, { answer: [1, 2] }, { answer: [100_000, 100_001] }],
      },
      {
        tests: [
          { nums: [1, 2], target: 3 },
          { nums: [], target: -2 },
          { nums: [1, 2], target: 3 },
        ],
        expect: [
          { answer: [0, 1] },
          {
            error:
              /invalid_argument: no "pair" here|IllegalArgumentException: no "pair" here \(at (?:p\d+\.)?Solution\.twoSum, line 5\)/,
          },
          { missing: true },
        ],
      },
      {
        tests: [
          { nums: [1, 2], target: 3 },
          { nums: [], target: -1 },
          { nums: [1, 2], target: 3 },
        ],
        expect: [{ answer: [0, 1] }, { time: true }, { missing: true }],
      },
      { tests: [{ nums: [], target: -3 }], expect: [{ memory: true }] },
    ],
  },
  {
    name: 'string → bool (valid parentheses), with JSON escapes in the input',
    signature: sig('isValid', [['s', 'string']], 'bool'),
    cpp: `class Solution {
public:
    bool isValid(string& s) {
        string open;
        for (char c : s) {
            if (c == '(' || c == '[' || c == '{') open.push_back(c);
            else if (c == ')' || c == ']' || c == '}') {
                if (open.empty()) return false;
                char last = open.back();
                open.pop_back();
                if ((c == ')' && last != '(') || (c == ']' && last != '[') || (c == '}' && last != '{')) return false;
            }
        }
        return open.empty();
    }
};`,
    java: `class Solution {
    public boolean isValid(String s) {
        Deque<Character> open = new ArrayDeque<>();
        for (char c : s.toCharArray()) {
            if (c == '(' || c == '[' || c == '{') open.push(c);
            else if (c == ')' || c == ']' || c == '}') {
                if (open.isEmpty()) return false;
                char last = open.pop();
                if ((c == ')' && last != '(') || (c == ']' && last != '[') || (c == '}' && last != '{')) return false;
            }
        }
        return open.isEmpty();
    }
}`,
    runs: [
      {
        tests: [{ s: '()[]{}' }, { s: '(]' }, { s: '' }, { s: '(\\"é😀\n\t"/)' }, { s: '([)]' }],
        expect: [{ answer: true }, { answer: false }, { answer: true }, { answer: true }, { answer: false }],
      },
    ],
  },
  {
    name: 'int[][] → int[][] (merge intervals)',
    signature: sig('merge', [['intervals', 'int[][]']], 'int[][]'),
    cpp: `class Solution {
public:
    vector<vector<int>> merge(vector<vector<int>>& intervals) {
        sort(intervals.begin(), intervals.end());
        vector<vector<int>> merged;
        for (auto& interval : intervals) {
            if (!merged.empty() && interval[0] <= merged.back()[1]) merged.back()[1] = max(merged.back()[1], interval[1]);
            else merged.push_back(interval);
        }
        return merged;
    }
};`,
    java: `class Solution {
    public int[][] merge(int[][] intervals) {
        Arrays.sort(intervals, (a, b) -> Integer.compare(a[0], b[0]));
        List<int[]> merged = new ArrayList<>();
        for (int[] interval : intervals) {
            if (!merged.isEmpty() && interval[0] <= merged.get(merged.size() - 1)[1]) {
                int[] last = merged.get(merged.size() - 1);
                last[1] = Math.max(last[1], interval[1]);
            } else merged.add(interval);
        }
        return merged.toArray(new int[0][]);
    }
}`,
    runs: [
      {
        tests: [
          {
            intervals: [
              [1, 3],
              [8, 10],
              [2, 6],
              [15, 18],
            ],
          },
          { intervals: [] },
          { intervals: [[-5, -1]] },
        ],
        expect: [
          {
            answer: [
              [1, 6],
              [8, 10],
              [15, 18],
            ],
          },
          { answer: [] },
          { answer: [[-5, -1]] },
        ],
      },
    ],
  },
  {
    name: 'string[][] → int (number of islands)',
    signature: sig('numIslands', [['grid', 'string[][]']], 'int'),
    cpp: `class Solution {
public:
    int numIslands(vector<vector<string>>& grid) {
        int count = 0;
        for (size_t r = 0; r < grid.size(); r++)
            for (size_t c = 0; c < grid[r].size(); c++) {
                if (grid[r][c] != "1") continue;
                count++;
                vector<pair<size_t, size_t>> stack{{r, c}};
                grid[r][c] = "0";
                while (!stack.empty()) {
                    auto [y, x] = stack.back();
                    stack.pop_back();
                    const int dy[] = {1, -1, 0, 0}, dx[] = {0, 0, 1, -1};
                    for (int d = 0; d < 4; d++) {
                        size_t ny = y + dy[d], nx = x + dx[d];
                        if (ny < grid.size() && nx < grid[ny].size() && grid[ny][nx] == "1") {
                            grid[ny][nx] = "0";
                            stack.push_back({ny, nx});
                        }
                    }
                }
            }
        return count;
    }
};`,
    java: `class Solution {
    public int numIslands(String[][] grid) {
        int count = 0;
        for (int r = 0; r < grid.length; r++)
            for (int c = 0; c < grid[r].length; c++) {
                if (!grid[r][c].equals("1")) continue;
                count++;
                Deque<int[]> stack = new ArrayDeque<>();
                stack.push(new int[] {r, c});
                grid[r][c] = "0";
                while (!stack.isEmpty()) {
                    int[] at = stack.pop();
                    int[][] moves = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
                    for (int[] move : moves) {
                        int y = at[0] + move[0], x = at[1] + move[1];
                        if (y >= 0 && y < grid.length && x >= 0 && x < grid[y].length && grid[y][x].equals("1")) {
                            grid[y][x] = "0";
                            stack.push(new int[] {y, x});
                        }
                    }
                }
            }
        return count;
    }
}`,
    runs: [
      {
        tests: [
          {
            grid: [
              ['1', '1', '0', '0'],
              ['1', '0', '0', '1'],
              ['0', '0', '1', '1'],
            ],
          },
          { grid: [] },
          { grid: [['0']] },
        ],
        expect: [{ answer: 2 }, { answer: 0 }, { answer: 0 }],
      },
    ],
  },
  {
    name: 'ListNode → ListNode (reverse a list), a long one, and a returned cycle',
    signature: sig('reverseList', [['head', 'ListNode']], 'ListNode'),
    cpp: `class Solution {
public:
    ListNode* reverseList(ListNode* head) {
        if (head != nullptr && head->val == -9) { head->next = head; return head; }
        ListNode* previous = nullptr;
        while (head != nullptr) {
            ListNode* next = head->next;
            head->next = previous;
            previous = head;
            head = next;
        }
        return previous;
    }
};`,
    java: `class Solution {
    public ListNode reverseList(ListNode head) {
        if (head != null && head.val == -9) { head.next = head; return head; }
        ListNode previous = null;
        while (head != null) {
            ListNode next = head.next;
            head.next = previous;
            previous = head;
            head = next;
        }
        return previous;
    }
}`,
    runs: [
      {
        tests: [{ head: [1, 2, 3, 4, 5] }, { head: [] }, { head: [7] }, { head: LONG_LIST }],
        expect: [{ answer: [5, 4, 3, 2, 1] }, { answer: [] }, { answer: [7] }, { answer: [...LONG_LIST].reverse() }],
      },
      { tests: [{ head: [-9, 1] }], expect: [{ error: /does not end \(is there a cycle\?\)/ }] },
    ],
  },
  {
    name: 'TreeNode → TreeNode (invert a tree), level order with null',
    signature: sig('invertTree', [['root', 'TreeNode']], 'TreeNode'),
    cpp: `class Solution {
public:
    TreeNode* invertTree(TreeNode* root) {
        if (root == nullptr) return nullptr;
        swap(root->left, root->right);
        invertTree(root->left);
        invertTree(root->right);
        return root;
    }
};`,
    java: NATIVE_INVERT_TREE_JAVA,
    runs: [
      {
        tests: [
          { root: [4, 2, 7, 1, 3, 6, 9] },
          { root: [] },
          { root: [1, null, 2] },
          { root: [2, 1] },
          { root: [1, 2, null, 3, null, 4] },
        ],
        expect: [
          { answer: [4, 7, 2, 9, 6, 3, 1] },
          { answer: [] },
          { answer: [1, 2] },
          { answer: [2, null, 1] },
          { answer: [1, null, 2, null, 3, null, 4] },
        ],
      },
    ],
  },
  {
    name: 'float[] + float → float',
    signature: sig(
      'average',
      [
        ['values', 'float[]'],
        ['weight', 'float'],
      ],
      'float',
    ),
    cpp: `class Solution {
public:
    double average(vector<double>& values, double weight) {
        double sum = 0;
        for (double value : values) sum += value;
        return values.empty() ? 0 : sum / values.size() * weight;
    }
};`,
    java: `class Solution {
    public double average(double[] values, double weight) {
        double sum = 0;
        for (double value : values) sum += value;
        return values.length == 0 ? 0 : sum / values.length * weight;
    }
}`,
    runs: [
      {
        tests: [
          { values: [1.5, 2.25, -0.5], weight: 0.1 },
          { values: [1, 2], weight: 3 },
          { values: [], weight: 1 },
          { values: [1e-7, 3e-7], weight: 1e10 },
          { values: [1], weight: 1 / 3 },
        ],
        expect: [{ float: 3.25 / 3 / 10 }, { float: 4.5 }, { float: 0 }, { float: 2000 }, { float: 1 / 3 }],
      },
    ],
  },
  {
    name: 'string[] + bool[] → string[], every JSON escape both ways',
    signature: sig(
      'shout',
      [
        ['words', 'string[]'],
        ['loud', 'bool[]'],
      ],
      'string[]',
    ),
    cpp: `class Solution {
public:
    vector<string> shout(vector<string>& words, vector<bool>& loud) {
        vector<string> said;
        for (size_t i = 0; i < words.size(); i++) said.push_back(loud[i] ? words[i] + "!" : words[i]);
        return said;
    }
};`,
    java: `class Solution {
    public String[] shout(String[] words, boolean[] loud) {
        String[] said = new String[words.length];
        for (int i = 0; i < words.length; i++) said[i] = loud[i] ? words[i] + "!" : words[i];
        return said;
    }
}`,
    runs: [
      {
        tests: [
          {
            words: [
              'héllo',
              'a "quote" and a \\ backslash',
              'line\nbreak\ttab\r',
              '😀 ∑ 中文',
              'control \u0001\u001f',
              '',
            ],
            loud: [true, false, true, false, true, true],
          },
        ],
        expect: [
          {
            answer: [
              'héllo!',
              'a "quote" and a \\ backslash',
              'line\nbreak\ttab\r!',
              '😀 ∑ 中文',
              'control \u0001\u001f!',
              '!',
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'int[] → bool[] (vector<bool> in C++)',
    signature: sig('parity', [['nums', 'int[]']], 'bool[]'),
    cpp: `class Solution {
public:
    vector<bool> parity(vector<int>& nums) {
        vector<bool> even;
        for (int n : nums) even.push_back(n % 2 == 0);
        return even;
    }
};`,
    java: `class Solution {
    public boolean[] parity(int[] nums) {
        boolean[] even = new boolean[nums.length];
        for (int i = 0; i < nums.length; i++) even[i] = nums[i] % 2 == 0;
        return even;
    }
}`,
    runs: [
      {
        tests: [{ nums: [1, 2, -4, 7] }, { nums: [] }],
        expect: [{ answer: [false, true, true, false] }, { answer: [] }],
      },
    ],
  },
];

function check(stdout: string, run: Run) {
  const { results } = readNativeOutput(stdout, MARK);
  run.expect.forEach((expected, index) => {
    const result = results.get(index);
    const where = `test ${index}: ${JSON.stringify(result)?.slice(0, 300)}`;
    if ('missing' in expected) {
      expect(result, where).toBeUndefined();
      return;
    }
    expect(result, where).toBeDefined();
    if ('answer' in expected) {
      expect(result!.kind, where).toBe('answer');
      if (result!.kind === 'answer') expect(JSON.parse(result!.answerJson)).toEqual(expected.answer);
    } else if ('float' in expected) {
      expect(result!.kind, where).toBe('answer');
      if (result!.kind === 'answer') expect(JSON.parse(result!.answerJson)).toBeCloseTo(expected.float, 9);
    } else if ('error' in expected) {
      expect(result!.kind, where).toBe('error');
      if (result!.kind === 'error') expect(result!.message).toMatch(expected.error);
    } else if ('memory' in expected) {
      expect(result!.kind, where).toBe('memory');
    } else {
      expect(result!.kind, where).toBe('time');
    }
  });
}

function starterHolds(language: NativeLanguage, program: Program, code: string) {
  // The learner's code keeps the starter's signature, as a learner would write it.
  const starter = starterCodeFor(program.signature, [language])[language]!;
  const declaration = starter.split('\n').find((line) => line.includes(`${program.signature.functionName}(`))!;
  expect(code.replace(/\s+/g, ' ')).toContain(declaration.trim().replace(/ \{$/, '').replace(/\s+/g, ' '));
}

afterAll(() => removeNativeBuilds());

describe.skipIf(!TOOLCHAIN.cpp)(
  `the C++ harness, compiled by g++${TOOLCHAIN.cpp ? '' : ` (${MISSING_TOOL.cpp})`}`,
  () => {
    for (const program of PROGRAMS) {
      it(program.name, { timeout: 180_000 }, async () => {
        starterHolds('cpp', program, program.cpp);
        const source = nativeProgram('cpp', program.signature, program.cpp, { mark: MARK, testTimeMs: TEST_TIME_MS });
        const compiled = await compileNative('cpp', source);
        if (!compiled.ok) throw new Error(compiled.output);
        for (const run of program.runs) {
          const stdin = nativeStdin(run.tests.map((test) => JSON.stringify(test)));
          const result = await runNative('cpp', compiled.run, {
            stdin,
            timeoutMs: 20_000,
            memoryKb: MEMORY_KB,
            cwd: compiled.dir,
          });
          expect(result.code, result.stderr).toBe(0);
          check(result.stdout, run);
        }
      });
    }

    it('names the learner’s own lines in a compile error', { timeout: 180_000 }, async () => {
      const program = PROGRAMS[0]!;
      const code =
        'class Solution {\npublic:\n    vector<int> twoSum(vector<int>& nums, int target) {\n        return nope;\n    }\n};';
      const compiled = await compileNative(
        'cpp',
        nativeProgram('cpp', program.signature, code, { mark: MARK, testTimeMs: 1000 }),
      );
      expect(compiled.ok).toBe(false);
      if (!compiled.ok) expect(compiled.output).toMatch(/solution\.cpp:4:16: error: .nope. was not declared/);
    });
  },
);

describe.skipIf(!TOOLCHAIN.java)(
  `the Java harness, compiled by javac${TOOLCHAIN.java ? '' : ` (${MISSING_TOOL.java})`}`,
  () => {
    let runs: string[][] = [];
    beforeAll(async () => {
      const sources = PROGRAMS.map((program) =>
        nativeProgram('java', program.signature, program.java, { mark: MARK, testTimeMs: TEST_TIME_MS }),
      );
      const compiled = await compileJavaPrograms(sources);
      if (!compiled.ok) throw new Error('output' in compiled ? compiled.output : 'javac failed');
      runs = (compiled as { runs: string[][] }).runs;
    }, 180_000);

    PROGRAMS.forEach((program, i) => {
      it(program.name, { timeout: 120_000 }, async () => {
        starterHolds('java', program, program.java);
        for (const run of program.runs) {
          const stdin = nativeStdin(run.tests.map((test) => JSON.stringify(test)));
          const result = await runNative('java', runs[i]!, { stdin, timeoutMs: 20_000, memoryKb: MEMORY_KB, cwd: '/' });
          expect(result.code, result.stderr).toBe(0);
          check(result.stdout, run);
        }
      });
    });

    it('compiles a learner’s public class, package line and imports, and names their lines in a compile error', {
      timeout: 180_000,
    }, async () => {
      const program = PROGRAMS[0]!;
      const code =
        'package mine;\nimport java.util.HashMap;\npublic class Solution {\n    public int[] twoSum(int[] nums, int target) {\n        return nope;\n    }\n}';
      const compiled = await compileNative(
        'java',
        nativeProgram('java', program.signature, code, { mark: MARK, testTimeMs: 1000 }),
      );
      expect(compiled.ok).toBe(false);
      if (!compiled.ok) {
        expect(compiled.output).toMatch(/Main\.java:5: error: cannot find symbol/);
        expect(compiled.output).not.toMatch(/public, should be declared|package/);
      }
    });
  },
);

describe('reading the program’s output', () => {
  it('tells the harness’s lines from what the learner printed, and counts the latter', () => {
    // The learner prints "debug" (no newline), the harness "\n<line>\n", the learner "more\n", the harness again.
    const stdout = `debug\n${MARK} 0 A 1500 [0,1]\nmore\n\n${MARK} 1 E 0 "boom \\"x\\""\n`;
    const { results, printed } = readNativeOutput(stdout, MARK);
    expect(results.get(0)).toEqual({ kind: 'answer', answerJson: '[0,1]', timeMs: 1.5, printedBefore: 5 });
    expect(results.get(1)).toEqual({ kind: 'error', message: 'boom "x"', printedBefore: 10 });
    expect(printed).toBe(10);
  });

  it('keeps the first line printed for a test: a later one with the same number does not count', () => {
    const { results } = readNativeOutput(`\n${MARK} 0 A 0 [1]\n\n${MARK} 0 A 0 [2]\n\n${MARK} 1 T 0 \n`, MARK);
    expect(results.get(0)).toMatchObject({ answerJson: '[1]' });
    expect(results.get(1)).toMatchObject({ kind: 'time' });
  });

  it('takes a mark only from the start of a line, so printing without a newline cannot hide a result', () => {
    const { results } = readNativeOutput(`abc${MARK} 0 A 0 [1]\n\n${MARK} 0 A 0 [2]\n`, MARK);
    expect(results.get(0)).toMatchObject({ answerJson: '[2]' });
  });
});
