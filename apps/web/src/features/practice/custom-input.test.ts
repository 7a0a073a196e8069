import type { Practice } from '@learnbuild/domain/schemas/judge';
import { describe, expect, it } from 'vitest';
import { customInputText, readCustomInput } from './custom-input';

const PARAMETERS: Practice['parameters'] = [
  { name: 'nums', type: 'int[]' },
  { name: 'target', type: 'int' },
];

describe('the learner’s own input', () => {
  it('starts as the first example’s arguments, one parameter a line, and reads back to them', () => {
    const text = customInputText({ nums: [2, 7, 11, 15], target: 9 }, PARAMETERS);
    expect(text).toBe('{\n  "nums": [2,7,11,15],\n  "target": 9\n}');
    expect(readCustomInput(text, PARAMETERS)).toEqual({ ok: true, args: { nums: [2, 7, 11, 15], target: 9 } });
  });

  it('says what is wrong: not JSON, not an object, a parameter missing', () => {
    expect(readCustomInput('{nums: [1]}', PARAMETERS)).toMatchObject({ ok: false });
    expect(readCustomInput('[1, 2]', PARAMETERS)).toMatchObject({
      ok: false,
      message: expect.stringContaining('object'),
    });
    expect(readCustomInput('{"nums": [1, 2]}', PARAMETERS)).toEqual({
      ok: false,
      message: 'Your input needs a value for "target"',
    });
  });
});
