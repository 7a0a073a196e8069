import { describe, expect, it } from 'vitest';
import type { JudgeProblemInput } from '../judge/format';
import { judgeSpecIssuePath, judgeSpecSchema } from './judge';

const SPEC: JudgeProblemInput = {
  slug: 'two-sum',
  title: 'Two Sum',
  statement: 'Find two numbers that add up to the target.',
  constraints: ['`2 <= nums.length <= 10^4`'],
  functionName: 'twoSum',
  parameters: [
    { name: 'nums', type: 'int[]' },
    { name: 'target', type: 'int' },
  ],
  returnType: 'int[]',
  comparator: 'any-order',
  examples: [{ args: { nums: [2, 7, 11, 15], target: 9 }, expected: [0, 1] }],
  tests: [{ args: { nums: { $gen: 'range', start: 1, count: 4 }, target: 7 }, expected: [2, 3] }],
  editorial: {
    approach: 'Remember each number seen.',
    complexity: { time: 'O(n)', space: 'O(n)' },
    solutions: { javascript: 'function twoSum() {}', python: 'def two_sum(): pass' },
  },
};

function firstIssue(spec: unknown) {
  const parsed = judgeSpecSchema.safeParse(spec);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${judgeSpecIssuePath(issue)}: ${issue.message}`;
}

describe('the judge spec DSA Management saves', () => {
  it('takes a problem file whose examples and tests name every parameter', () => {
    expect(firstIssue(SPEC)).toBeNull();
  });

  it('names the test whose arguments miss a parameter', () => {
    expect(firstIssue({ ...SPEC, tests: [{ args: { nums: [1, 2] }, expected: [0, 1] }] })).toBe(
      'spec.tests.0.args: Give the argument "target"',
    );
  });

  it('names the example whose arguments hold a name that is no parameter', () => {
    const example = { args: { nums: [1, 2], target: 3, k: 1 }, expected: [0, 1] };
    expect(firstIssue({ ...SPEC, examples: [example] })).toBe('spec.examples.0.args: "k" is not a parameter');
  });

  it('refuses a parameter named twice', () => {
    const parameters = [
      { name: 'nums', type: 'int[]' },
      { name: 'nums', type: 'int' },
    ];
    expect(firstIssue({ ...SPEC, parameters })).toBe('spec.parameters.1.name: "nums" is used twice');
  });

  it("names the file's own field errors by their path", () => {
    expect(firstIssue({ ...SPEC, hints: ['a', 'b', 'c', 'd'] })).toMatch(/^spec\.hints: Too big/);
    expect(firstIssue({ ...SPEC, parameters: [{ name: 'Nums', type: 'int[]' }] })).toBe(
      'spec.parameters.0.name: Use a camelCase name',
    );
  });
});
