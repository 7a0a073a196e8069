import { describe, expect, it } from 'vitest';
import { exerciseDraftOf, readExerciseDraft } from './exercise-draft';

const filled = () => ({
  ...exerciseDraftOf(null),
  functionName: 'largest',
  parameters: 'nums: int[]',
  examples: '[{ "args": { "nums": [1, 5] }, "expected": 5 }]',
  tests: '[{ "args": { "nums": [-3] }, "expected": -3, "note": "negative" }]',
  referenceCode: 'function largest(nums) { return Math.max(...nums); }',
});

describe('the lesson editor’s exercise draft', () => {
  it('reads into the API’s exercise, leaving out blank starter code', () => {
    const read = readExerciseDraft({
      ...filled(),
      starterCode: { javascript: '', typescript: '', python: 'def x(): pass' },
    });
    expect(read).toEqual({
      ok: true,
      exercise: {
        functionName: 'largest',
        parameters: [{ name: 'nums', type: 'int[]' }],
        returnType: 'int',
        comparator: 'exact',
        timeLimitMs: 2000,
        examples: [{ args: { nums: [1, 5] }, expected: 5 }],
        tests: [{ args: { nums: [-3] }, expected: -3, note: 'negative' }],
        starterCode: { python: 'def x(): pass' },
        reference: { language: 'javascript', code: 'function largest(nums) { return Math.max(...nums); }' },
      },
    });
  });

  it('round-trips a saved exercise', () => {
    const read = readExerciseDraft(filled());
    if (!read.ok) throw new Error(read.message);
    const again = exerciseDraftOf({
      ...read.exercise,
      comparator: 'exact',
      timeLimitMs: 2000,
      examples: [{ args: { nums: [1, 5] }, expected: 5, explanation: '' }],
      starterCode: {},
    } as never);
    expect(again.parameters).toBe('nums: int[]');
    expect(readExerciseDraft(again).ok).toBe(true);
  });

  it('names the first problem: a type, a name, JSON, an argument, the reference', () => {
    expect(readExerciseDraft({ ...filled(), parameters: 'nums' })).toEqual({
      ok: false,
      message: expect.stringMatching(/^Parameters: "nums" needs a type, one of int, float/),
    });
    expect(readExerciseDraft({ ...filled(), parameters: 'Nums: int' })).toEqual({
      ok: false,
      message: 'Parameters: "Nums" must be a camelCase name',
    });
    expect(readExerciseDraft({ ...filled(), tests: '[{ "args": ' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Hidden tests: not valid JSON/),
    });
    expect(readExerciseDraft({ ...filled(), examples: '{}' })).toEqual({
      ok: false,
      message: 'Visible examples: write a JSON list, [ … ]',
    });
    expect(readExerciseDraft({ ...filled(), tests: '[{ "args": {}, "expected": 1 }]' })).toEqual({
      ok: false,
      message: 'exercise.tests.0.args: Give the argument "nums"',
    });
    expect(readExerciseDraft({ ...filled(), referenceCode: '  ' })).toEqual({
      ok: false,
      message: 'exercise.reference.code: Write some code before submitting',
    });
  });
});
