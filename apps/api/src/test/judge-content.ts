import { readFileSync } from 'node:fs';
import { PROBLEM_BANK_FILE } from '../modules/dsa/seed';
import { readJudgeFiles } from '../modules/judge/service';

/** A problem of the seeded sheet that has no judge file: the judged bank grows, so tests ask rather than name one. */
export function sheetSlugWithoutJudge(): string {
  const judged = new Set(readJudgeFiles().map((problem) => problem.slug));
  const bank = JSON.parse(readFileSync(PROBLEM_BANK_FILE, 'utf8')) as { problems: { slug: string }[] };
  const slug = bank.problems.map((problem) => problem.slug).find((candidate) => !judged.has(candidate));
  if (!slug) throw new Error('Every problem of the sheet has a judge: the tests need one without');
  return slug;
}
