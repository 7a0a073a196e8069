import { describe, expect, it } from 'vitest';
import { DSA_COMPANY_TAGS_NOTE, DSA_MAX_COMPANIES } from '../constants';
import {
  companiesSchema,
  isJudgeLink,
  problemImportRowSchema,
  problemInputSchema,
  problemPatchSchema,
  problemsQuerySchema,
  randomProblemQuerySchema,
} from './dsa';

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

describe('company tags (issue 28)', () => {
  const companyError = (value: unknown) => {
    const parsed = companiesSchema.safeParse(value);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  it('trims each name, folds inner spaces and keeps names with & . - and apostrophes', () => {
    expect(
      companiesSchema.parse(['  Google ', 'Johnson  &  Johnson', 'Booking.com', "McKinsey's", 'Coca-Cola', '3M']),
    ).toEqual(['Google', 'Johnson & Johnson', 'Booking.com', "McKinsey's", 'Coca-Cola', '3M']);
  });

  it('drops a company written twice in any case, keeping the first spelling', () => {
    expect(companiesSchema.parse(['Amazon', 'Google', 'amazon', ' GOOGLE '])).toEqual(['Amazon', 'Google']);
  });

  it('allows at most 10, counted after repeats are dropped', () => {
    const ten = Array.from({ length: DSA_MAX_COMPANIES }, (_, i) => `Company ${i + 1}`);
    expect(companiesSchema.parse([...ten, 'company 1'])).toHaveLength(10);
    expect(companyError([...ten, 'Company 11'])).toBe('At most 10 companies');
  });

  it('refuses names too short, too long or with other characters, with messages that say why', () => {
    expect(companyError(['G'])).toBe('Company names must be at least 2 characters');
    expect(companyError(['   '])).toBe('Company names must be at least 2 characters');
    expect(companyError(['x'.repeat(41)])).toBe('Company names must be at most 40 characters');
    expect(companyError(['x'.repeat(40)])).toBeUndefined();
    expect(companyError(['<script>'])).toBe("Company names may use letters, digits, spaces and & . - ' only");
    expect(companyError(['Google, Amazon'])).toBe("Company names may use letters, digits, spaces and & . - ' only");
    expect(companyError('Google')).toBe('Companies must be a list of names');
    expect(companyError([42])).toBe('Each company must be text');
  });

  it('is optional on a new problem and on an import row (old files have none), and a field of an edit', () => {
    const input = {
      title: 'Two Sum',
      step: 'Step 1',
      topicId: '6f1c2a43-8a53-4d6e-9c1e-3f0b1d2e4a5b',
      difficulty: 'Easy',
      url: 'https://leetcode.com/problems/two-sum/',
    };
    expect(problemInputSchema.parse(input).companies).toBeUndefined();
    expect(problemInputSchema.parse({ ...input, companies: ['Google', 'google'] }).companies).toEqual(['Google']);
    expect(problemImportRowSchema.parse(row({})).companies).toBeUndefined();
    expect(firstError(row({ companies: ['A'] }))).toBe('Company names must be at least 2 characters');
    expect(problemPatchSchema.parse({ companies: [] })).toEqual({ companies: [] });
    const bad = problemPatchSchema.safeParse({ companies: ['Amazon', '#1'] });
    expect(bad.success ? null : bad.error.issues[0]?.path).toEqual(['companies', 1]);
  });

  it('is a filter of the sheet and of "Pick one"', () => {
    expect(problemsQuerySchema.parse({ company: ' Google ' }).company).toBe('Google');
    expect(randomProblemQuerySchema.parse({ company: 'Amazon' }).company).toBe('Amazon');
    expect(randomProblemQuerySchema.safeParse({ company: 'x'.repeat(41) }).success).toBe(false);
  });

  it('says who curates them', () => {
    expect(DSA_COMPANY_TAGS_NOTE).toBe("Company tags are curated by LearnBuild's staff.");
  });
});
