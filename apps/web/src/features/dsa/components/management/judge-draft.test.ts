import { describe, expect, it } from 'vitest';
import { checkDraft, draftFromSpec, errorAt, functionNameFor, moveCase, specFromDraft } from './judge-draft';

const SPEC = {
  statement: 'Return the sum.',
  constraints: ['`1 <= a, b <= 10`'],
  functionName: 'addTwo',
  parameters: [
    { name: 'a', type: 'int' },
    { name: 'b', type: 'int' },
  ],
  returnType: 'int',
  comparator: 'exact',
  timeLimitMs: 1000,
  examples: [{ args: { a: 1, b: 2 }, expected: 3, explanation: '1 + 2' }],
  tests: [{ args: { a: { $gen: 'range', start: 1, count: 1 }, b: 0 }, expected: 1, note: 'generated' }],
  hints: ['Add them.'],
  editorial: {
    approach: 'Use +.',
    complexity: { time: 'O(1)', space: 'O(1)' },
    solutions: { javascript: 'function addTwo(a, b) { return a + b; }', python: 'def add_two(a, b): return a + b' },
  },
  memoryLimitMb: 64,
  references: { javascript: 'function addTwo(a, b) { return b + a; }' },
};

describe('the judge draft', () => {
  it('gives back the same file it was made from, the fields the form does not show included', () => {
    expect(specFromDraft(draftFromSpec(SPEC))).toEqual({ spec: SPEC, errors: {} });
  });

  it('checks a draft with the save schema, with the problem’s own slug and title', () => {
    expect(checkDraft(draftFromSpec(SPEC), { slug: 'add-two', title: 'Add Two' })).toEqual({ spec: SPEC, errors: {} });
    const draft = draftFromSpec({ ...SPEC, hints: ['a', 'b', 'c', 'd'] });
    draft.examples[0]!.expected = '3,';
    expect(checkDraft(draft, { slug: 'add-two', title: 'Add Two' }).errors).toEqual({
      'spec.examples.0.expected': expect.stringMatching(/^Not valid JSON/),
    });
    draft.examples[0]!.expected = '';
    expect(checkDraft(draft, { slug: 'add-two', title: 'Add Two' }).errors).toEqual({
      'spec.examples.0.expected': 'Write the expected answer as JSON',
    });
    draft.examples[0]!.expected = '3';
    const { spec, errors } = checkDraft(draft, { slug: 'add-two', title: 'Add Two' });
    expect(spec).toBeNull();
    expect(errorAt(errors, 'spec.hints')).toMatch(/^Too big/);
  });

  it('reads a hand-written file leniently: missing parts become empty fields', () => {
    const draft = draftFromSpec({ statement: 'Only a statement', parameters: 'nope' });
    expect(draft).toMatchObject({ statement: 'Only a statement', parameters: [], examples: [], comparator: 'exact' });
  });

  it('moves a case to the end of the other list', () => {
    const draft = draftFromSpec(SPEC);
    const id = draft.examples[0]!.id;
    const moved = moveCase(draft, id, true);
    expect(moved.examples).toEqual([]);
    expect(moved.tests.map((item) => item.id)).toEqual([draft.tests[0]!.id, id]);
    expect(moveCase(moved, id, false).examples.map((item) => item.id)).toEqual([id]);
  });

  it('names the function after the problem in camelCase', () => {
    expect(functionNameFor('Best Time to Buy and Sell Stock')).toBe('bestTimeToBuyAndSellStock');
    expect(functionNameFor('3Sum')).toBe('');
  });
});
