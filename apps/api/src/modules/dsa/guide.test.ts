import { ACCEPTANCE_MIN_SUBMISSIONS } from '@learnbuild/domain/rules/acceptance';
import { RANDOM_PROBLEM_NONE_MESSAGE } from '@learnbuild/domain/schemas/dsa';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProblems, dsaProgress, dsaTopics, judgeSubmissions } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { forgetProblemStats } from './problem-stats';
import { randomProblem } from './service';

// Issue 28, "A sheet that guides": the roadmap, "Pick one" and the sheet's numbers from everyone's work.

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let student: User;
/** Topic name → its problem ids, in order. */
const problems: Record<string, { id: string; difficulty: 'Easy' | 'Medium' | 'Hard' }[]> = {};
const topicIds: Record<string, string> = {};

/** Topics of the roadmap's file with a few problems each: Arrays (4), Hashing (2), Sliding Window (2), Custom (1). */
const FIXTURE = [
  ['Arrays', ['Easy', 'Easy', 'Medium', 'Hard']],
  ['Hashing', ['Easy', 'Medium']],
  ['Sliding Window', ['Medium', 'Hard']],
  ['Custom', ['Easy']],
] as const;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  let position = 0;
  for (const [index, [name, difficulties]] of FIXTURE.entries()) {
    const [topic] = await db.insert(dsaTopics).values({ name, position: index }).returning();
    topicIds[name] = topic!.id;
    const rows = await db
      .insert(dsaProblems)
      .values(
        difficulties.map((difficulty, n) => ({
          slug: `${name.toLowerCase().replace(' ', '-')}-${n}`,
          title: `${name} ${n}`,
          step: `Step ${index + 1}`,
          topicId: topic!.id,
          difficulty,
          url: `https://judge.example.com/${name}/${n}`,
          position: position++,
        })),
      )
      .returning();
    problems[name] = rows.map((row) => ({ id: row.id, difficulty: row.difficulty }));
  }
  student = await createUser(t.app, db);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function setSolved(userId: string, problemId: string, solved: boolean, verified = false) {
  await t.database.db
    .insert(dsaProgress)
    .values({ userId, problemId, solved, verified, solvedOn: solved ? '2026-11-01' : null })
    .onConflictDoUpdate({
      target: [dsaProgress.userId, dsaProgress.problemId],
      set: { solved, verified, solvedOn: solved ? '2026-11-01' : null },
    });
}

describe('GET /api/dsa/roadmap', () => {
  it('asks for a sign-in', async () => {
    const reply = await get('/api/dsa/roadmap');
    expect(reply.statusCode).toBe(401);
    expect(reply.json().success).toBe(false);
  });

  it('answers every role with the topics in order, their solved/total and prerequisites from the roadmap file', async () => {
    for (const role of ['Student', 'Instructor', 'Admin'] as const) {
      const user = await createUser(t.app, t.database.db, role);
      const reply = await get('/api/dsa/roadmap', user.auth);
      expect(reply.statusCode, role).toBe(200);
      expect(reply.json()).toEqual({
        success: true,
        roadmap: {
          nodes: [
            { id: topicIds.Arrays, name: 'Arrays', solved: 0, total: 4, prerequisites: [], ready: true },
            {
              id: topicIds.Hashing,
              name: 'Hashing',
              solved: 0,
              total: 2,
              prerequisites: [topicIds.Arrays],
              ready: false,
            },
            {
              id: topicIds['Sliding Window'],
              name: 'Sliding Window',
              solved: 0,
              total: 2,
              // Two Pointers is a prerequisite in the file, but this bank has no such topic.
              prerequisites: [topicIds.Hashing],
              ready: false,
            },
            { id: topicIds.Custom, name: 'Custom', solved: 0, total: 1, prerequisites: [], ready: true },
          ],
        },
      });
    }
  });

  it('opens a topic once each prerequisite is half solved: 1 of 4 is not enough, 2 of 4 is', async () => {
    const user = await createUser(t.app, t.database.db);
    const hashing = async () =>
      (await get('/api/dsa/roadmap', user.auth))
        .json()
        .roadmap.nodes.find((node: { name: string }) => node.name === 'Hashing');
    await setSolved(user.user.id, problems.Arrays![0]!.id, true);
    expect(await hashing()).toMatchObject({ ready: false });
    await setSolved(user.user.id, problems.Arrays![1]!.id, true);
    expect(await hashing()).toMatchObject({ ready: true });
    const arrays = (await get('/api/dsa/roadmap', user.auth)).json().roadmap.nodes[0];
    expect(arrays).toMatchObject({ solved: 2, total: 4 });
    // Another learner's solves are not this one's.
    expect((await get('/api/dsa/roadmap', student.auth)).json().roadmap.nodes[0].solved).toBe(0);
  });
});

describe('GET /api/dsa/problems/random', () => {
  it('asks for a sign-in', async () => {
    expect((await get('/api/dsa/problems/random')).statusCode).toBe(401);
  });

  it.each([
    ['?status=bookmarked', 'Status must be unsolved or solved'],
    ['?difficulty=Trivial', 'Difficulty must be Easy, Medium or Hard'],
    ['?timeZone=Mars%2FOlympus', 'Time zone must be a valid IANA name such as Europe/Berlin'],
  ])('refuses %s with a clear error', async (query, error) => {
    const reply = await get(`/api/dsa/problems/random${query}`, student.auth);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
  });

  it('answers a list item of the filters, and 404 with a clear error when nothing matches', async () => {
    const user = await createUser(t.app, t.database.db);
    const reply = await get(`/api/dsa/problems/random?topic=Custom`, user.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().problem).toMatchObject({
      id: problems.Custom![0]!.id,
      topic: 'Custom',
      solved: false,
      acceptanceRate: null,
      solvedCount: 0,
    });
    const none = await get(`/api/dsa/problems/random?status=solved`, user.auth);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ success: false, error: RANDOM_PROBLEM_NONE_MESSAGE });
  });

  it('never picks a solved problem in "unsolved" mode, nor an unsolved one in "solved" mode, and keeps the filters', async () => {
    const all = Object.entries(problems).flatMap(([topic, rows]) => rows.map((row) => ({ ...row, topic })));
    const user = await createUser(t.app, t.database.db);
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(all.map((row) => row.id)),
        fc.constantFrom('unsolved' as const, 'solved' as const),
        fc.option(fc.constantFrom('Easy' as const, 'Medium' as const, 'Hard' as const), { nil: undefined }),
        fc.option(fc.constantFrom(...FIXTURE.map(([name]) => name)), { nil: undefined }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        async (solvedIds, status, difficulty, topic, draw) => {
          for (const row of all) await setSolved(user.user.id, row.id, solvedIds.includes(row.id));
          const matching = all.filter(
            (row) =>
              solvedIds.includes(row.id) === (status === 'solved') &&
              (!difficulty || row.difficulty === difficulty) &&
              (!topic || row.topic === topic),
          );
          const filter = { status, difficulty, topic, timeZone: 'UTC' };
          const picked = randomProblem(t.database.db, user.user.id, filter, () => draw);
          if (matching.length === 0) {
            await expect(picked).rejects.toMatchObject({ statusCode: 404 });
            return;
          }
          const problem = await picked;
          expect(matching.map((row) => row.id)).toContain(problem.id);
          expect(problem.solved).toBe(status === 'solved');
        },
      ),
      { numRuns: 40 },
    );
    for (const row of all) await setSolved(user.user.id, row.id, false);
  });
});

describe('acceptance rate and solved count on the sheet', () => {
  async function submit(userId: string, problemId: string, verdicts: string[]) {
    await t.database.db.insert(judgeSubmissions).values(
      verdicts.map((verdict) => ({
        userId,
        problemId,
        language: 'javascript',
        code: 'x',
        status: 'done' as const,
        verdict,
      })),
    );
  }
  async function row(url: string, id: string, headers: Record<string, string> = {}) {
    forgetProblemStats(t.database.db);
    const reply = await get(url, headers);
    expect(reply.statusCode, reply.body).toBe(200);
    if (url === '/api/dsa/problem-stats') return reply.json().stats[id] ?? { acceptanceRate: null, solvedCount: 0 };
    return reply.json().problems.find((problem: { id: string }) => problem.id === id);
  }

  it('is hidden under 20 submissions and exact from 20, on the list and in the stats reply; solvedCount counts learners', async () => {
    const problemId = problems.Hashing![1]!.id;
    const [first, second, third] = [
      await createUser(t.app, t.database.db),
      await createUser(t.app, t.database.db),
      await createUser(t.app, t.database.db),
    ];
    // 19 judged submissions (14 accepted), and one still queued that does not count.
    await submit(first!.user.id, problemId, [...Array(14).fill('Accepted'), ...Array(5).fill('Wrong Answer')]);
    await t.database.db
      .insert(judgeSubmissions)
      .values({ userId: first!.user.id, problemId, language: 'python', code: 'x', status: 'queued' });
    await setSolved(first!.user.id, problemId, true, true);
    await setSolved(second!.user.id, problemId, true);
    await setSolved(third!.user.id, problemId, false);
    for (const url of ['/api/dsa/problems', '/api/dsa/problem-stats']) {
      expect(await row(url, problemId)).toMatchObject({ acceptanceRate: null, solvedCount: 2 });
    }
    expect(ACCEPTANCE_MIN_SUBMISSIONS).toBe(20);
    await submit(second!.user.id, problemId, ['Accepted']);
    for (const url of ['/api/dsa/problems', '/api/dsa/problem-stats']) {
      expect(await row(url, problemId)).toMatchObject({ acceptanceRate: 75, solvedCount: 2 });
    }
    await submit(third!.user.id, problemId, ['Time Limit Exceeded']);
    expect(await row('/api/dsa/problems', problemId)).toMatchObject({ acceptanceRate: 71.4 });
    // A problem nobody touched.
    expect(await row('/api/dsa/problems', problems.Custom![0]!.id)).toMatchObject({
      acceptanceRate: null,
      solvedCount: 0,
    });
  });

  it('sends the stats to anyone, precompressed with an ETag that a repeat read revalidates with a 304', async () => {
    forgetProblemStats(t.database.db);
    const first = await get('/api/dsa/problem-stats');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/api/dsa/problem-stats', { 'if-none-match': etag })).statusCode).toBe(304);
    const brotli = await get('/api/dsa/problem-stats', { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
  });

  it('filters by status=verified: solved through an Accepted submission only', async () => {
    const user = await createUser(t.app, t.database.db);
    await setSolved(user.user.id, problems.Arrays![2]!.id, true, true);
    await setSolved(user.user.id, problems.Arrays![3]!.id, true, false);
    const reply = await get('/api/dsa/problems?status=verified', user.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().problems.map((problem: { id: string }) => problem.id)).toEqual([problems.Arrays![2]!.id]);
  });
});
