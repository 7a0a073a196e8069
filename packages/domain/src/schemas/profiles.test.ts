import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  HANDLE_MAX,
  HANDLE_MESSAGES,
  HANDLE_MIN,
  handleProblem,
  handleSchema,
  publicProfileChangeSchema,
  publicProfileSettings,
  RESERVED_HANDLES,
} from './profiles';

const HANDLE_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
const handleChar = fc.constantFrom(...HANDLE_CHARS.split(''));
const goodHandle = fc
  .array(handleChar, { minLength: HANDLE_MIN, maxLength: HANDLE_MAX })
  .map((chars) => chars.join(''))
  .filter((handle) => !RESERVED_HANDLES.has(handle));

describe('handle rules (issue 29, property)', () => {
  it('takes every 3-30 characters of a-z 0-9 - _ that is not reserved, as it is', () => {
    fc.assert(
      fc.property(goodHandle, (handle) => {
        expect(handleSchema.parse(handle)).toBe(handle);
      }),
    );
  });

  it('keeps any handle trimmed and lower-case, so two spellings of one name are one handle', () => {
    fc.assert(
      fc.property(
        goodHandle,
        fc.array(fc.boolean(), { minLength: HANDLE_MAX, maxLength: HANDLE_MAX }),
        (handle, ups) => {
          const typed = `  ${[...handle].map((char, index) => (ups[index] ? char.toUpperCase() : char)).join('')}\t`;
          expect(handleSchema.parse(typed)).toBe(handle);
        },
      ),
    );
  });

  it('refuses a handle shorter than 3 or longer than 30 characters', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(handleChar, { minLength: 1, maxLength: HANDLE_MIN - 1 }),
          fc.array(handleChar, { minLength: HANDLE_MAX + 1, maxLength: 200 }),
        ),
        (chars) => {
          const handle = chars.join('');
          const result = handleSchema.safeParse(handle);
          expect(result.success).toBe(false);
          expect(handleProblem(handle)).toBe(
            handle.length < HANDLE_MIN ? HANDLE_MESSAGES.tooShort : HANDLE_MESSAGES.tooLong,
          );
        },
      ),
    );
  });

  it('refuses any handle holding a character outside a-z 0-9 - _ (after lower-casing)', () => {
    const outside = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 1 })
      .filter((char) => char.trim() !== '' && !HANDLE_CHARS.includes(char.toLowerCase()));
    fc.assert(
      fc.property(goodHandle, outside, fc.nat(), (handle, char, at) => {
        const position = at % (handle.length + 1);
        const typed = `${handle.slice(0, position)}${char}${handle.slice(position)}`.slice(0, HANDLE_MAX);
        if (!typed.includes(char)) return;
        expect(handleSchema.safeParse(typed).success).toBe(false);
      }),
    );
  });

  it('refuses every reserved word in any case with its message', () => {
    for (const word of ['admin', 'api', 'u', 'login', 'register', 'dashboard', 'profile', 'settings', 'community']) {
      expect(RESERVED_HANDLES.has(word), word).toBe(true);
    }
    for (const word of RESERVED_HANDLES) {
      if (word.length < HANDLE_MIN) continue;
      const result = handleSchema.safeParse(word.toUpperCase());
      expect(result.success, word).toBe(false);
      expect(result.error?.issues[0]?.message, word).toBe(HANDLE_MESSAGES.reserved);
    }
  });
});

describe('public profile switches', () => {
  it('are off by default with every part on, whatever was kept before', () => {
    const defaults = { enabled: false, activity: true, solved: true, courses: true, certificates: true, posts: true };
    expect(publicProfileSettings({})).toEqual(defaults);
    expect(publicProfileSettings(null)).toEqual(defaults);
    expect(publicProfileSettings({ enabled: 'yes' })).toEqual(defaults);
    expect(publicProfileSettings({ enabled: true, posts: false })).toEqual({
      ...defaults,
      enabled: true,
      posts: false,
    });
  });

  it('take only booleans for the known parts', () => {
    expect(publicProfileChangeSchema.safeParse({ enabled: true }).success).toBe(true);
    expect(publicProfileChangeSchema.safeParse({ enabled: 1 }).success).toBe(false);
    expect(publicProfileChangeSchema.safeParse({ email: true }).success).toBe(false);
  });
});
