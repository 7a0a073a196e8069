import { describe, expect, it } from 'vitest';
import { normalizeCode } from './otp-code';

describe('normalizeCode (issue 17, defect 7)', () => {
  it('accepts a pasted code grouped with spaces or dashes, without a note', () => {
    expect(normalizeCode('123 456')).toEqual({ code: '123456', note: null });
    expect(normalizeCode(' 123-456 ')).toEqual({ code: '123456', note: null });
    expect(normalizeCode('12 34 56')).toEqual({ code: '123456', note: null });
  });

  it('drops letters and symbols but says which', () => {
    expect(normalizeCode('12a3b4')).toEqual({
      code: '1234',
      note: 'Ignored the characters "ab": the code has digits only.',
    });
    expect(normalizeCode('x')).toEqual({ code: '', note: 'Ignored the character "x": the code has digits only.' });
  });

  it('keeps the first six digits of a longer paste and says so', () => {
    expect(normalizeCode('Your code is 123456.7')).toEqual({
      code: '123456',
      note: 'Ignored the letters and symbols: the code has digits only. The code is 6 digits, so only the first 6 were kept.',
    });
  });
});
