import {
  PRACTICE_NOT_FOUND_MESSAGE,
  SUBMISSION_EMPTY_MESSAGE,
  SUBMISSION_JUDGE0_MISSING_MESSAGE,
  SUBMISSION_LANGUAGE_MESSAGE,
  SUBMISSION_NOT_FOUND_MESSAGE,
  SUBMISSION_RATE_LIMIT_MESSAGE,
  SUBMISSION_TOO_LARGE_MESSAGE,
  SUBMISSIONS_PER_MINUTE,
} from '@learnbuild/domain/schemas/judge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeJavaScriptWorkers } from '../../judge/javascript-sandbox';
import { closePythonPool } from '../../judge/python-sandbox';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { sheetSlugWithoutJudge } from '../../test/judge-content';
import { seedDsaProblems } from '../dsa/seed';
import { judgeQueuedSubmission, seedJudgeProblems } from './service';

/** A seeded problem of the sheet with no judge file. */
const UNJUDGED = sheetSlugWithoutJudge();

type User = Awaited<ReturnType<typeof createUser>>;

const TWO_SUM_RIGHT = `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
  return [];
}`;
const TWO_SUM_WRONG = 'function twoSum(nums, target) { return [0, 0]; }';

let t: TestApp;
let learner: User;
let other: User;

async function submit(user: User, code: string, language = 'javascript', slug = 'two-sum') {
  return t.app.inject({
    method: 'POST',
    url: `/api/dsa/problems/${slug}/submissions`,
    headers: user.auth,
    payload: { language, code, timeZone: 'UTC' },
  });
}

/** Reads the submission until it is judged. */
async function verdictOf(user: User, id: string) {
  for (let i = 0; i < 300; i++) {
    const reply = await t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: user.auth });
    const { submission } = reply.json();
    if (submission.status === 'done') return submission;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The submission was not judged within 30 s');
}

async function sheetRow(user: User, slug: string) {
  const reply = await t.app.inject({ method: 'GET', url: '/api/dsa/problems?timeZone=UTC', headers: user.auth });
  return reply.json().problems.find((problem: { slug: string }) => problem.slug === slug);
}

beforeAll(async () => {
  t = await buildTestApp();
  await seedDsaProblems(t.app.db);
  await seedJudgeProblems(t.app.db);
  learner = await createUser(t.app, t.app.db);
  other = await createUser(t.app, t.app.db);
});

afterAll(async () => {
  await t?.close();
  await closeJavaScriptWorkers();
  await closePythonPool();
});

describe('problem pages', () => {
  it('gives anyone the practice of a judged problem, by slug or id', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/dsa/problems/two-sum/practice' });
    expect(reply.statusCode).toBe(200);
    const { practice } = reply.json();
    expect(practice).toMatchObject({
      slug: 'two-sum',
      title: 'Two Sum',
      difficulty: 'Easy',
      functionName: 'twoSum',
      parameters: [
        { name: 'nums', type: 'int[]' },
        { name: 'target', type: 'int' },
      ],
      returnType: 'int[]',
      languages: ['javascript', 'typescript', 'python'],
    });
    expect(practice.examples[0]).toMatchObject({
      input: expect.stringContaining('nums = ['),
      output: expect.any(String),
    });
    expect(practice.starterCode.javascript).toContain('function twoSum(nums, target)');
    expect(practice.starterCode.typescript).toContain('function twoSum(nums: number[], target: number): number[]');
    expect(practice.starterCode.python).toContain('def two_sum(nums: List[int], target: int) -> List[int]:');
    expect(practice.testCount).toBeGreaterThanOrEqual(20);
    const byId = await t.app.inject({ method: 'GET', url: `/api/dsa/problems/${practice.problemId}/practice` });
    expect(byId.json().practice.slug).toBe('two-sum');
    // The hidden tests and the editorial never travel with the page.
    expect(reply.body).not.toContain('"tests"');
    expect(reply.body).not.toContain('"editorial"');
    expect(reply.body).not.toContain('"references"');
  });

  it('answers 404 for a problem without a judge, and for no problem at all', async () => {
    for (const slug of [UNJUDGED, 'no-such-problem']) {
      const reply = await t.app.inject({ method: 'GET', url: `/api/dsa/problems/${slug}/practice` });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ success: false, error: PRACTICE_NOT_FOUND_MESSAGE });
    }
  });

  it('marks judged rows of the sheet with judge: true, and none verified yet', async () => {
    expect(await sheetRow(learner, 'two-sum')).toMatchObject({ judge: true, verified: false });
    expect(await sheetRow(learner, UNJUDGED)).toMatchObject({ judge: false, verified: false });
  });

  it('shows the editorial to signed-in learners only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dsa/problems/two-sum/editorial' });
    expect(anonymous.statusCode).toBe(401);
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/dsa/problems/two-sum/editorial',
      headers: learner.auth,
    });
    expect(reply.statusCode).toBe(200);
    const { editorial } = reply.json();
    expect(editorial.complexity.time).toMatch(/^O\(/);
    expect(editorial.solutions.javascript).toContain('function twoSum');
    expect(editorial.solutions.python).toContain('def two_sum');
  });
});

describe('submitting', () => {
  it('refuses a visitor who is not signed in with 401', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/dsa/problems/two-sum/submissions',
      payload: { language: 'javascript', code: TWO_SUM_RIGHT },
    });
    expect(reply.statusCode).toBe(401);
  });

  it.each([
    ['an unknown language', { language: 'ruby', code: 'x' }, 400, SUBMISSION_LANGUAGE_MESSAGE],
    ['empty code', { language: 'javascript', code: '   ' }, 400, SUBMISSION_EMPTY_MESSAGE],
    [
      'C++ on a server without Judge0',
      { language: 'cpp', code: 'int main() {}' },
      400,
      SUBMISSION_JUDGE0_MISSING_MESSAGE,
    ],
    [
      'Java on a server without Judge0',
      { language: 'java', code: 'class A {}' },
      400,
      SUBMISSION_JUDGE0_MISSING_MESSAGE,
    ],
    ['code over 64 KB', { language: 'javascript', code: 'x'.repeat(64 * 1024 + 1) }, 413, SUBMISSION_TOO_LARGE_MESSAGE],
    [
      'code far over the body limit',
      { language: 'javascript', code: 'x'.repeat(400 * 1024) },
      413,
      SUBMISSION_TOO_LARGE_MESSAGE,
    ],
  ])('refuses %s with %i and says why', async (_name, payload, status, error) => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/dsa/problems/two-sum/submissions',
      headers: other.auth,
      payload,
    });
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toMatchObject({ success: false, error });
  });

  it('answers 404 for a problem without a judge', async () => {
    const reply = await submit(other, TWO_SUM_RIGHT, 'javascript', UNJUDGED);
    expect(reply.statusCode).toBe(404);
  });

  it('judges a wrong answer, showing the failing example, then a right one as Accepted that marks the row verified', async () => {
    const wrong = await submit(learner, TWO_SUM_WRONG);
    expect(wrong.statusCode).toBe(202);
    expect(wrong.json().submission).toEqual({ id: expect.any(String), status: 'queued' });
    const wrongVerdict = await verdictOf(learner, wrong.json().submission.id);
    expect(wrongVerdict).toMatchObject({ verdict: 'Wrong Answer', passed: 0, status: 'done' });
    expect(wrongVerdict.failedCase).toMatchObject({
      index: 1,
      hidden: false,
      input: expect.stringContaining('nums = '),
      expected: expect.any(String),
      actual: '[0,0]',
    });
    expect(await sheetRow(learner, 'two-sum')).toMatchObject({ solved: false, verified: false });

    const right = await submit(learner, TWO_SUM_RIGHT);
    const rightVerdict = await verdictOf(learner, right.json().submission.id);
    expect(rightVerdict).toMatchObject({ verdict: 'Accepted', failedCase: null });
    expect(rightVerdict.passed).toBe(rightVerdict.total);
    expect(rightVerdict.total).toBeGreaterThanOrEqual(20);
    expect(rightVerdict.runtimeMs).toEqual(expect.any(Number));
    expect(await sheetRow(learner, 'two-sum')).toMatchObject({ solved: true, verified: true });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/dsa/problems/two-sum/submissions',
      headers: learner.auth,
    });
    const submissions = list.json().submissions;
    expect(submissions.map((row: { verdict: string }) => row.verdict)).toEqual(['Accepted', 'Wrong Answer']);
    expect(submissions[0].code).toBe(TWO_SUM_RIGHT);
  });

  it('judges Python on the server too: a wrong answer, then Accepted', async () => {
    const pythonLearner = await createUser(t.app, t.app.db);
    const wrong = await submit(pythonLearner, 'def two_sum(nums, target):\n    return [0, 0]\n', 'python');
    expect((await verdictOf(pythonLearner, wrong.json().submission.id)).verdict).toBe('Wrong Answer');
    const right = await submit(
      pythonLearner,
      'def two_sum(nums, target):\n    seen = {}\n    for i, n in enumerate(nums):\n        if target - n in seen:\n            return [seen[target - n], i]\n        seen[n] = i\n',
      'python',
    );
    const verdict = await verdictOf(pythonLearner, right.json().submission.id);
    expect(verdict).toMatchObject({ verdict: 'Accepted', language: 'python' });
    expect(await sheetRow(pythonLearner, 'two-sum')).toMatchObject({ solved: true, verified: true });
  }, 120_000);

  it('shows a hidden test that fails by its number only', async () => {
    // Right on the examples, wrong when the pair is further than 3 apart.
    const code = `function twoSum(nums, target) {
      for (let i = 0; i < nums.length; i++) for (let j = i + 1; j < Math.min(nums.length, i + 3); j++)
        if (nums[i] + nums[j] === target) return [i, j];
      return [-1, -1];
    }`;
    const reply = await submit(other, code);
    const verdict = await verdictOf(other, reply.json().submission.id);
    expect(verdict.verdict).toBe('Wrong Answer');
    expect(verdict.failedCase.hidden).toBe(true);
    expect(verdict.failedCase).not.toHaveProperty('input');
    expect(verdict.failedCase).not.toHaveProperty('expected');
    expect(verdict.failedCase).not.toHaveProperty('actual');
  });

  it('keeps submissions to their owner: anyone else gets 404, and lists hold only their own', async () => {
    const reply = await submit(learner, TWO_SUM_WRONG);
    const { id } = reply.json().submission;
    const foreign = await t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: other.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, error: SUBMISSION_NOT_FOUND_MESSAGE });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/submissions/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const notAnId = await t.app.inject({ method: 'GET', url: '/api/submissions/not-an-id', headers: other.auth });
    expect(notAnId.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/dsa/problems/two-sum/submissions',
      headers: other.auth,
    });
    expect(list.json().submissions.every((row: { id: string }) => row.id !== id)).toBe(true);
    await verdictOf(learner, id);
  });

  it('keeps answering /api/health while a submission loops forever, and ends it as Time Limit Exceeded', async () => {
    const looper = await createUser(t.app, t.app.db);
    const reply = await submit(looper, 'function twoSum(nums, target) { while (true) {} }');
    const { id } = reply.json().submission;
    let answeredWhileRunning = false;
    for (let i = 0; i < 100 && !answeredWhileRunning; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const read = await t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: looper.auth });
      answeredWhileRunning = read.json().submission.status === 'running';
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answeredWhileRunning).toBe(true);
    const verdict = await verdictOf(looper, id);
    expect(verdict).toMatchObject({ verdict: 'Time Limit Exceeded', passed: 0 });
    expect(JSON.stringify(verdict)).not.toMatch(/\/work\/|node_modules|at .*\.mjs/);
  });

  it('judges a submission once even when two workers take it at once', async () => {
    const solo = await createUser(t.app, t.app.db);
    const reply = await submit(solo, TWO_SUM_RIGHT);
    const { id } = reply.json().submission;
    await verdictOf(solo, id);
    // Already done: a second worker that picks the same job leaves it alone.
    expect(await judgeQueuedSubmission(t.app.db, { submissionId: id, timeZone: 'UTC' })).toBeNull();
  });

  it('counts an Accepted problem once in stats and activity even when two are submitted at once', async () => {
    const third = await createUser(t.app, t.app.db);
    const [first, second] = await Promise.all([submit(third, TWO_SUM_RIGHT), submit(third, TWO_SUM_RIGHT)]);
    const verdicts = await Promise.all([
      verdictOf(third, first!.json().submission.id),
      verdictOf(third, second!.json().submission.id),
    ]);
    expect(verdicts.map((verdict) => verdict.verdict)).toEqual(['Accepted', 'Accepted']);
    const stats = await t.app.inject({
      method: 'GET',
      url: '/api/dsa/progress/stats?timeZone=UTC',
      headers: third.auth,
    });
    expect(stats.json().stats).toMatchObject({ completedProblems: 1, currentStreak: 1 });
    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/dsa/progress/activity?timeZone=UTC',
      headers: third.auth,
    });
    const days = activity.json().activity as { count: number }[];
    expect(days.reduce((sum, day) => sum + day.count, 0)).toBe(1);
  });

  it(`allows ${SUBMISSIONS_PER_MINUTE} submissions a minute per learner, then answers 429 with the wait`, async () => {
    const busy = await createUser(t.app, t.app.db);
    for (let i = 0; i < SUBMISSIONS_PER_MINUTE; i++) {
      expect((await submit(busy, TWO_SUM_WRONG)).statusCode).toBe(202);
    }
    const refused = await submit(busy, TWO_SUM_WRONG);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, error: SUBMISSION_RATE_LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
