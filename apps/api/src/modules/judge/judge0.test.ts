import { JUDGE0_UNAVAILABLE_MESSAGE } from '@learnbuild/domain/schemas/judge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { NATIVE_INVERT_TREE_JAVA, nativeTwoSum } from '../../test/native-solutions';
import { MISSING_TOOL, removeNativeBuilds, TOOLCHAIN } from '../../test/native-toolchain';
import { judgeReply, runLikeJudge0, startStandInJudge } from '../../test/stand-in-judge0';
import { seedDsaProblems } from '../dsa/seed';
import { seedJudgeProblems } from './service';

// C++ and Java submissions through the API on a server with JUDGE0_URL, judged by a stand-in Judge0 that compiles
// and runs each program with this machine's g++ and javac/java, against the real problems' every test. (Without
// JUDGE0_URL the same submissions are refused with 400: judge.test.ts.)

type User = Awaited<ReturnType<typeof createUser>>;

const SOLUTIONS = {
  twoSum: { cpp: nativeTwoSum('cpp'), java: nativeTwoSum('java') },
  reverseList: `/**
 * struct ListNode { int val; ListNode *next; };
 */
class Solution {
public:
    ListNode* reverseList(ListNode* head) {
        ListNode* previous = nullptr;
        while (head) {
            ListNode* next = head->next;
            head->next = previous;
            previous = head;
            head = next;
        }
        return previous;
    }
};`,
  invertTree: NATIVE_INVERT_TREE_JAVA,
};

const judge0 = startStandInJudge();
let t: TestApp;

beforeAll(async () => {
  const url = await judge0.listen();
  judge0.state.answer = runLikeJudge0;
  t = await buildTestApp({ judge0Url: url, judge0TimeoutMs: 60_000 });
  await seedDsaProblems(t.app.db);
  await seedJudgeProblems(t.app.db);
});

afterAll(async () => {
  await t?.close();
  await judge0.close();
  removeNativeBuilds();
});

const newUser = () => createUser(t.app, t.app.db);

async function submit(user: User, slug: string, language: string, code: string) {
  const reply = await t.app.inject({
    method: 'POST',
    url: `/api/dsa/problems/${slug}/submissions`,
    headers: user.auth,
    payload: { language, code, timeZone: 'UTC' },
  });
  expect(reply.statusCode, reply.body).toBe(202);
  return reply.json().submission.id as string;
}

/** Reads the submission until it is judged; every read answers 200, never a 500. */
async function verdictOf(user: User, id: string) {
  for (let i = 0; i < 1200; i++) {
    const reply = await t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: user.auth });
    expect(reply.statusCode).toBe(200);
    const { submission } = reply.json();
    if (submission.status === 'done') return submission;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The submission was not judged within 120 s');
}

async function sheetRow(user: User, slug: string) {
  const reply = await t.app.inject({ method: 'GET', url: '/api/dsa/problems?timeZone=UTC', headers: user.auth });
  return reply.json().problems.find((problem: { slug: string }) => problem.slug === slug);
}

describe('C++ and Java with JUDGE0_URL set', () => {
  it('lists C++ and Java among the practice languages, with their starter code', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/dsa/problems/two-sum/practice' });
    const { practice } = reply.json();
    expect(practice.languages).toEqual(expect.arrayContaining(['javascript', 'typescript', 'cpp', 'java']));
    expect(practice.starterCode.cpp).toContain('vector<int> twoSum(vector<int>& nums, int target)');
    expect(practice.starterCode.java).toContain('public int[] twoSum(int[] nums, int target)');
  });

  it.skipIf(!TOOLCHAIN.cpp || !TOOLCHAIN.java)(
    `accepts C++ and Java on Two Sum against every test, and marks the row verified${
      TOOLCHAIN.cpp && TOOLCHAIN.java ? '' : ` (${MISSING_TOOL.cpp}; ${MISSING_TOOL.java})`
    }`,
    { timeout: 240_000 },
    async () => {
      const learner = await newUser();
      const cpp = await submit(learner, 'two-sum', 'cpp', SOLUTIONS.twoSum.cpp);
      const java = await submit(learner, 'two-sum', 'java', SOLUTIONS.twoSum.java);
      const verdicts = [await verdictOf(learner, cpp), await verdictOf(learner, java)];
      for (const verdict of verdicts) {
        expect(verdict, verdict.message).toMatchObject({ status: 'done', verdict: 'Accepted', failedCase: null });
        expect(verdict.passed).toBe(verdict.total);
        expect(verdict.total).toBeGreaterThanOrEqual(20);
        expect(verdict.runtimeMs).toEqual(expect.any(Number));
      }
      expect(verdicts.map((verdict) => verdict.language)).toEqual(['cpp', 'java']);
      expect(await sheetRow(learner, 'two-sum')).toMatchObject({ solved: true, verified: true });
    },
  );

  it.skipIf(!TOOLCHAIN.cpp)(
    `accepts C++ on Reverse Linked List (ListNode)${TOOLCHAIN.cpp ? '' : ` (${MISSING_TOOL.cpp})`}`,
    { timeout: 240_000 },
    async () => {
      const learner = await newUser();
      const verdict = await verdictOf(
        learner,
        await submit(learner, 'reverse-linked-list', 'cpp', SOLUTIONS.reverseList),
      );
      expect(verdict, verdict.message).toMatchObject({ verdict: 'Accepted', failedCase: null });
      expect(verdict.passed).toBe(verdict.total);
    },
  );

  it.skipIf(!TOOLCHAIN.java)(
    `accepts Java on Invert Binary Tree (TreeNode)${TOOLCHAIN.java ? '' : ` (${MISSING_TOOL.java})`}`,
    { timeout: 240_000 },
    async () => {
      const learner = await newUser();
      const verdict = await verdictOf(
        learner,
        await submit(learner, 'invert-binary-tree', 'java', SOLUTIONS.invertTree),
      );
      expect(verdict, verdict.message).toMatchObject({ verdict: 'Accepted', failedCase: null });
      expect(verdict.passed).toBe(verdict.total);
    },
  );

  it('ends the submission with a clear message when Judge0 fails (500), and the API keeps answering', async () => {
    judge0.state.answer = () => ({ status: 500, json: { error: 'boom' } });
    try {
      const learner = await newUser();
      const id = await submit(learner, 'two-sum', 'cpp', SOLUTIONS.twoSum.cpp);
      const verdict = await verdictOf(learner, id);
      expect(verdict).toMatchObject({
        status: 'done',
        verdict: 'Runtime Error',
        passed: 0,
        failedCase: null,
        message: JUDGE0_UNAVAILABLE_MESSAGE,
      });
      expect(verdict.total).toBeGreaterThanOrEqual(20);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(await sheetRow(learner, 'two-sum')).toMatchObject({ solved: false, verified: false });
    } finally {
      judge0.state.answer = runLikeJudge0;
    }
  });

  it('ends the submission with a clear message when Judge0 is down (nothing listens any more)', async () => {
    judge0.state.answer = () => ({ json: judgeReply(3) });
    await judge0.close();
    const learner = await newUser();
    const id = await submit(learner, 'two-sum', 'java', SOLUTIONS.twoSum.java);
    expect(await verdictOf(learner, id)).toMatchObject({
      status: 'done',
      verdict: 'Runtime Error',
      message: JUDGE0_UNAVAILABLE_MESSAGE,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
