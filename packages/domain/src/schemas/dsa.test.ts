import { describe, expect, it } from 'vitest';
import { isJudgeLink, problemImportRowSchema } from './dsa';

const row = (extra: Record<string, unknown>) => ({
  slug: 'two-sum',
  title: 'Two Sum',
  step: 'Step 1: Arrays',
  topic: 'Arrays',
  difficulty: 'Easy',
  url: 'https://leetcode.com/problems/two-sum/',
  tags: ['array'],
  ...extra,
});

function firstError(value: unknown): string | undefined {
  const parsed = problemImportRowSchema.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('judge links: the rule and its message agree ("starting with https://")', () => {
  it.each([
    ['https://leetcode.com/problems/two-sum/', true],
    ['https://www.geeksforgeeks.org/problems/aggressive-cows/1', true],
    ['http://leetcode.com/problems/two-sum/', false],
    ['ftp://leetcode.com/problems/two-sum/', false],
    ['javascript:alert(1)', false],
    ['https://localhost/problems', false],
    ['leetcode.com/problems/two-sum/', false],
  ])('%s → %s', (url, accepted) => {
    expect(isJudgeLink(url)).toBe(accepted);
  });

  it('refuses a plain http judge link or second link with the https sentence', () => {
    expect(firstError(row({ url: 'http://leetcode.com/problems/two-sum/' }))).toBe(
      'Enter a judge link starting with https://',
    );
    expect(firstError(row({ altUrl: 'http://www.geeksforgeeks.org/problems/two-sum/1' }))).toBe(
      'Enter a second link starting with https://',
    );
    expect(firstError(row({}))).toBeUndefined();
    expect(firstError(row({ altUrl: '' }))).toBeUndefined();
  });
});
