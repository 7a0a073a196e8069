import { describe, expect, it } from 'vitest';
import { rejectApplicationBodySchema, usersQuerySchema } from './admin';
import { applyInstructorBodySchema, isHttpLink } from './instructor-applications';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('applyInstructorBodySchema', () => {
  it('reads no body (SPEC 7) as an empty application', () => {
    expect(applyInstructorBodySchema.parse(undefined)).toEqual({});
    expect(applyInstructorBodySchema.parse(null)).toEqual({});
  });

  it('keeps up to 3 http(s) links, trimmed', () => {
    expect(applyInstructorBodySchema.parse({ links: [' https://a.example ', 'http://b.example/x'] })).toEqual({
      links: ['https://a.example', 'http://b.example/x'],
    });
  });

  it.each([
    [
      { links: ['https://a.example', 'https://b.example', 'https://c.example', 'https://d.example'] },
      'Add at most 3 links',
    ],
    [{ links: ['mailto:me@example.com'] }, 'Links must start with http:// or https://'],
    [{ links: ['//example.com'] }, 'Links must start with http:// or https://'],
    [{ yearsOfExperience: 2.5 }, 'Years of experience must be a whole number'],
    [{ expertise: [''] }, 'Areas of expertise cannot be empty'],
  ])('refuses %j', (body, message) => {
    expect(firstError(applyInstructorBodySchema.safeParse(body))).toBe(message);
  });

  it('accepts only http and https addresses as links', () => {
    expect(isHttpLink('https://github.com/me')).toBe(true);
    expect(isHttpLink('http://localhost:3000')).toBe(true);
    expect(isHttpLink('javascript:alert(1)')).toBe(false);
    expect(isHttpLink('ftp://files.example.com')).toBe(false);
    expect(isHttpLink('github.com/me')).toBe(false);
  });
});

describe('rejectApplicationBodySchema', () => {
  it('requires a reason and allows resubmission unless told otherwise', () => {
    expect(rejectApplicationBodySchema.parse({ reason: ' Thin portfolio ' })).toEqual({
      reason: 'Thin portfolio',
      resubmissionAllowed: true,
    });
    expect(firstError(rejectApplicationBodySchema.safeParse({ reason: '  ' }))).toBe('A reason is required');
    expect(firstError(rejectApplicationBodySchema.safeParse(undefined))).toBe('A reason is required');
  });
});

describe('admin list queries', () => {
  it('start on page 1 and read an empty search as none', () => {
    expect(usersQuerySchema.parse({ q: '  ' })).toEqual({ page: 1, q: undefined });
    expect(usersQuerySchema.parse({ page: '3', role: 'Admin' })).toEqual({ page: 3, role: 'Admin', q: undefined });
  });
});
