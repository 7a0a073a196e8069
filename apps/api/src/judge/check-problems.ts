import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTENT_RULES, type JudgeProblem } from '@learnbuild/domain/judge/format';
import { sharedSentences } from '@learnbuild/domain/judge/shared-sentences';
import { judgeSpecIssuePath, judgeSpecSchema } from '@learnbuild/domain/schemas/judge';
import { PROBLEM_BANK_FILE } from '../modules/dsa/seed';
import { JUDGE_CONTENT_DIR, readJudgeFiles } from '../modules/judge/service';
import { closeJavaScriptWorkers } from './javascript-sandbox';
import { judgeSubmission, prepareProblem } from './judge';
import { closePythonPool } from './python-sandbox';

// The authors' check of a judged problem file (issue 28), before it goes into content/dsa/judge:
//
//   npm run judge:check -w @learnbuild/api -- two-sum /tmp/drafts/word-ladder.json
//
// Each argument is a slug in the content folder or a path to a draft file. It checks what the content tests
// check (schema, the sheet's slug and title, 2-3 examples, 2-3 hints, at least 20 tests, both references Accepted in the
// server's sandboxes, the too-slow solution sent to Time Limit Exceeded, no sentence shared with another
// problem's statement) and prints one line per finding. Exit code 1 when anything fails.

const {
  examplesMin: EXAMPLES_MIN,
  examplesMax: EXAMPLES_MAX,
  hintsMin: HINTS_MIN,
  hintsMax: HINTS_MAX,
  testsMin: TESTS_MIN,
} = CONTENT_RULES;

/** The problem's own shape: what the schema cannot say. Empty when the file is sound. */
export function contentFindings(problem: JudgeProblem, sheetTitles: ReadonlyMap<string, string>): string[] {
  const findings: string[] = [];
  const sheetTitle = sheetTitles.get(problem.slug);
  if (sheetTitle === undefined) findings.push(`slug "${problem.slug}" is not a problem of the sheet`);
  else if (sheetTitle !== problem.title) findings.push(`title "${problem.title}" is "${sheetTitle}" on the sheet`);
  if (problem.examples.length < EXAMPLES_MIN || problem.examples.length > EXAMPLES_MAX)
    findings.push(`${problem.examples.length} examples (give ${EXAMPLES_MIN}-${EXAMPLES_MAX})`);
  if (problem.hints.length < HINTS_MIN || problem.hints.length > HINTS_MAX)
    findings.push(`${problem.hints.length} hints (give ${HINTS_MIN}-${HINTS_MAX})`);
  const tests = problem.examples.length + problem.tests.length;
  if (tests < TESTS_MIN) findings.push(`${tests} tests with the examples (give at least ${TESTS_MIN})`);
  for (const [index, example] of problem.examples.entries())
    if (example.explanation.trim() === '') findings.push(`example ${index + 1} has no explanation`);
  if (!problem.tooSlow) findings.push('no tooSlow.javascript (a correct but slower solution), nor tooSlow.none (why)');
  return findings;
}

/** The sheet's title of each problem, by slug. */
export function sheetTitles(file: string = PROBLEM_BANK_FILE): Map<string, string> {
  const bank = JSON.parse(readFileSync(file, 'utf8')) as { problems: { slug: string; title: string }[] };
  return new Map(bank.problems.map((problem) => [problem.slug, problem.title]));
}

function readArgument(argument: string): { problem?: JudgeProblem; findings: string[]; name: string } {
  const file = argument.endsWith('.json') ? argument : path.join(JUDGE_CONTENT_DIR, `${argument}.json`);
  const name = path.basename(file, '.json');
  if (!existsSync(file)) return { name, findings: [`${file} does not exist`] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { name, findings: [`not JSON: ${(error as Error).message}`] };
  }
  const parsed = judgeSpecSchema.safeParse(raw);
  if (!parsed.success)
    return {
      name,
      findings: parsed.error.issues.slice(0, 5).map((issue) => `${judgeSpecIssuePath(issue)}: ${issue.message}`),
    };
  const findings =
    parsed.data.slug === name ? [] : [`the file is named ${name}.json but its slug is ${parsed.data.slug}`];
  return { name, problem: parsed.data, findings };
}

async function judged(problem: JudgeProblem): Promise<string[]> {
  const prepared = prepareProblem(problem);
  const findings: string[] = [];
  for (const language of ['javascript', 'python'] as const) {
    const code = problem.references[language] ?? problem.editorial.solutions[language];
    const result = await judgeSubmission(language, code, prepared);
    const detail = result.failedCase ? ` on test ${result.failedCase.index}` : '';
    const message = result.message ? ` (${result.message.split('\n').slice(-3).join(' ')})` : '';
    if (result.verdict !== 'Accepted') findings.push(`${language} reference: ${result.verdict}${detail}${message}`);
    else console.log(`  ${language} reference Accepted, ${result.passed} tests, ${result.runtimeMs} ms in all`);
  }
  if (problem.tooSlow && 'javascript' in problem.tooSlow) {
    // Judged with TOO_SLOW_MARGIN times the time limit: a machine that much faster (a quiet one, where the author's
    // was busy) must still send it to Time Limit Exceeded, or the content tests fail there.
    const timeLimitMs = problem.timeLimitMs * CONTENT_RULES.tooSlowMargin;
    const result = await judgeSubmission(
      'javascript',
      problem.tooSlow.javascript,
      prepareProblem({ ...problem, timeLimitMs }),
    );
    if (result.verdict !== 'Time Limit Exceeded')
      findings.push(
        `tooSlow: ${result.verdict} after ${result.passed} tests within ${timeLimitMs} ms (it must be Time Limit Exceeded ` +
          `even at ${CONTENT_RULES.tooSlowMargin} times the limit)`,
      );
    else console.log(`  tooSlow: Time Limit Exceeded at ${timeLimitMs} ms on test ${result.failedCase?.index}`);
  }
  return findings;
}

async function main(argv: string[]) {
  if (argv.length === 0) {
    console.error('Name problems to check: slugs in content/dsa/judge or paths to .json files');
    process.exit(2);
  }
  const titles = sheetTitles();
  let failed = false;
  const checked: JudgeProblem[] = [];
  for (const argument of argv) {
    const { name, problem, findings } = readArgument(argument);
    console.log(`${name}:`);
    if (problem) {
      findings.push(...contentFindings(problem, titles));
      findings.push(...(await judged(problem)));
      checked.push(problem);
    }
    for (const finding of findings) console.log(`  FAIL ${finding}`);
    if (findings.length === 0) console.log('  OK');
    failed ||= findings.length > 0;
  }
  const others = readJudgeFiles().filter((problem) => !checked.some((own) => own.slug === problem.slug));
  for (const shared of sharedSentences([...checked, ...others])) {
    if (!checked.some((problem) => shared.slugs.includes(problem.slug))) continue;
    console.log(`FAIL ${shared.slugs.join(' and ')} share the sentence "${shared.sentence}"`);
    failed = true;
  }
  await closeJavaScriptWorkers();
  await closePythonPool();
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main(process.argv.slice(2));
