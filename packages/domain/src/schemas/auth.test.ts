import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN, passwordSchema, updateProfileBodySchema } from './auth';

function issues(value: unknown): string[] {
  const parsed = passwordSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('passwords (NIST SP 800-63B: 8 to 128 characters, any characters)', () => {
  it('keeps the bounds of the rule', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([8, 128]);
  });

  it.each([
    ['8 plain characters', 'abcdefgh'],
    ['128 plain characters', 'x'.repeat(128)],
    ['8 characters of any kind', 'ünï©ødé✓'],
    ['8 emoji, 16 UTF-16 units', '🦉'.repeat(8)],
    ['128 emoji, 256 UTF-16 units', '🦉'.repeat(128)],
    ['spaces and symbols', '  !"#$%&  '],
  ])('accepts %s', (_label, password) => {
    expect(issues(password)).toEqual([]);
  });

  it.each([
    ['7 characters', 'abcdefg', 'Password must be at least 8 characters'],
    ['4 emoji, though 8 UTF-16 units', '🦉'.repeat(4), 'Password must be at least 8 characters'],
    ['129 characters', 'x'.repeat(129), 'Password must be at most 128 characters'],
    ['129 emoji', '🦉'.repeat(129), 'Password must be at most 128 characters'],
    ['a megabyte', 'x'.repeat(1_000_000), 'Password must be at most 128 characters'],
    ['a number', 12345678, 'Password is required'],
  ])('refuses %s with one message', (_label, password, message) => {
    expect(issues(password)).toEqual([message]);
  });
});

describe('profile update', () => {
  it('keeps only the name: a role or email sent along is dropped', () => {
    const parsed = updateProfileBodySchema.parse({ name: ' Ada ', role: 'Admin', email: 'x@example.com' });
    expect(parsed).toEqual({ name: 'Ada' });
  });
});
