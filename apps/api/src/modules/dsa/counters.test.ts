import { addDays, dayNumber, streakSummary, todayIn } from '@learnbuild/domain/rules/streaks';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaLearnerCounters, dsaProblems, dsaProgress, dsaTopics } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDsaProblems, createUser, TEST_PASSWORD } from '../../test/factories';
import { rebuildLearnerCounters } from './queries';

let t: TestApp;
type Headers = Record<string, string>;
type Learner = Awaited<ReturnType<typeof createUser>>;
let admin: Learner;
let problems: { id: string; difficulty: string }[];

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const put = async (learner: Learner, problemId: string, body: Record<string, unknown>) => {
  const reply = await call('PUT', `/api/dsa/progress/${problemId}?timeZone=UTC`, learner.auth, body);
  expect(reply.statusCode, reply.body).toBe(200);
};

interface Counted {
  solvedEasy: number;
  solvedMedium: number;
  solvedHard: number;
  bookmarked: number;
  solveDays: Record<string, number>;
  /** Worked out by PostgreSQL from solveDays (migration 0014); recounted here with the domain's rule. */
  lastSolveDay?: number | null;
  lastRun?: number;
  maxStreak?: number;
  solveDayList?: string;
}

const empty = (c: Counted) =>
  c.solvedEasy + c.solvedMedium + c.solvedHard + c.bookmarked === 0 && Object.keys(c.solveDays).length === 0;

/** Every learner's figures counted afresh from the progress rows on live problems. */
async function recount(): Promise<Map<string, Counted>> {
  const rows = await t.database.db
    .select({
      userId: dsaProgress.userId,
      solved: dsaProgress.solved,
      solvedOn: dsaProgress.solvedOn,
      bookmarked: dsaProgress.bookmarked,
      difficulty: dsaProblems.difficulty,
      deletedAt: dsaProblems.deletedAt,
    })
    .from(dsaProgress)
    .innerJoin(dsaProblems, eq(dsaProblems.id, dsaProgress.problemId));
  const counted = new Map<string, Counted>();
  for (const row of rows) {
    if (row.deletedAt) continue;
    let c = counted.get(row.userId);
    if (!c) {
      c = { solvedEasy: 0, solvedMedium: 0, solvedHard: 0, bookmarked: 0, solveDays: {} };
      counted.set(row.userId, c);
    }
    if (row.solved) {
      c[`solved${row.difficulty}`] += 1;
      if (row.solvedOn) c.solveDays[row.solvedOn] = (c.solveDays[row.solvedOn] ?? 0) + 1;
    }
    if (row.bookmarked) c.bookmarked += 1;
  }
  for (const [userId, c] of counted) {
    if (empty(c)) counted.delete(userId);
    const days = Object.keys(c.solveDays).sort();
    Object.assign(c, streakSummary(days), { solveDayList: days.map((day) => `${day}:${c.solveDays[day]}`).join(',') });
  }
  return counted;
}

async function storedCounters(): Promise<Map<string, Counted>> {
  const rows = await t.database.db.select().from(dsaLearnerCounters);
  return new Map(rows.filter((row) => !empty(row)).map(({ userId, ...c }) => [userId, c]));
}

async function expectCountersMatchRecount() {
  const sorted = (m: Map<string, Counted>) => [...m].sort(([a], [b]) => a.localeCompare(b));
  expect(sorted(await storedCounters())).toEqual(sorted(await recount()));
}

async function statsOf(learner: Learner) {
  const reply = await call('GET', '/api/dsa/progress/stats?timeZone=UTC', learner.auth);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().stats;
}

const learner = () => createUser(t.app, t.database.db);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, t.database.db, 'Admin');
  const rows = await createDsaProblems(t.database.db, 'Counters', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  // Two of each difficulty besides Easy, set through management so its trigger runs too.
  for (const [index, difficulty] of [
    [1, 'Medium'],
    [2, 'Hard'],
    [4, 'Medium'],
    [5, 'Hard'],
  ] as const) {
    const reply = await call('PATCH', `/api/admin/dsa/problems/${rows[index]!.id}`, admin.auth, { difficulty });
    expect(reply.statusCode, reply.body).toBe(200);
  }
  problems = (
    await t.database.db
      .select({ id: dsaProblems.id, difficulty: dsaProblems.difficulty })
      .from(dsaProblems)
      .where(
        inArray(
          dsaProblems.id,
          rows.map((row) => row.id),
        ),
      )
  ).sort((a, b) => rows.findIndex((r) => r.id === a.id) - rows.findIndex((r) => r.id === b.id));
});

afterAll(async () => {
  await t?.close();
});

describe('learner counters', () => {
  it('follow every kind of progress write and answer the stats', async () => {
    const me = await learner();
    const [a, b, c] = problems;
    await put(me, a!.id, { solved: true });
    await expectCountersMatchRecount();
    await put(me, b!.id, { solved: true, bookmarked: true });
    await put(me, c!.id, { bookmarked: true, notes: 'later' });
    await expectCountersMatchRecount();
    await put(me, a!.id, { notes: 'done', revision: true });
    await put(me, a!.id, { solved: true });
    await expectCountersMatchRecount();
    expect(await statsOf(me)).toMatchObject({
      completedProblems: 2,
      bookmarkedProblems: 2,
      currentStreak: 1,
      maxStreak: 1,
      difficultyStats: { Easy: { completed: 1 }, Medium: { completed: 1 }, Hard: { completed: 0 } },
    });
    await put(me, b!.id, { solved: false });
    await put(me, c!.id, { bookmarked: false });
    await expectCountersMatchRecount();
    expect(await statsOf(me)).toMatchObject({ completedProblems: 1, bookmarkedProblems: 1 });
  });

  it('keep per-day counts that the activity grid and streaks read in any time zone', async () => {
    const me = await learner();
    const today = todayIn('UTC');
    // Rows written straight to the table (as a data fix would) go through the same triggers.
    await t.database.db.insert(dsaProgress).values([
      { userId: me.user.id, problemId: problems[0]!.id, solved: true, solvedOn: addDays(today, -1) },
      { userId: me.user.id, problemId: problems[1]!.id, solved: true, solvedOn: addDays(today, -1) },
      { userId: me.user.id, problemId: problems[2]!.id, solved: true, solvedOn: today },
    ]);
    await expectCountersMatchRecount();
    const reply = await call('GET', '/api/dsa/progress/activity?timeZone=UTC', me.auth);
    const activity = reply.json().activity as { date: string; count: number }[];
    expect(activity).toHaveLength(49);
    expect(activity.at(-1)).toMatchObject({ date: today, count: 1 });
    expect(activity.at(-2)).toMatchObject({ date: addDays(today, -1), count: 2 });
    expect(await statsOf(me)).toMatchObject({ currentStreak: 2, maxStreak: 2 });
    // A zone a day behind UTC sees the same solve days, with its own today.
    const behind = await call('GET', '/api/dsa/progress/activity?timeZone=Pacific/Pago_Pago', me.auth);
    const behindDays = behind.json().activity as { date: string; count: number }[];
    const behindToday = todayIn('Pacific/Pago_Pago');
    expect(behindDays.at(-1)!.date).toBe(behindToday);
    const solvesOn = (day: string) => behindDays.find((d) => d.date === day)?.count ?? 0;
    expect(solvesOn(addDays(today, -1))).toBe(2);

    await t.database.db
      .update(dsaProgress)
      .set({ solvedOn: addDays(today, -5) })
      .where(eq(dsaProgress.userId, me.user.id));
    await expectCountersMatchRecount();
    await t.database.db.delete(dsaProgress).where(eq(dsaProgress.problemId, problems[2]!.id));
    await expectCountersMatchRecount();
  });

  it('keep the streak summary stats read, and stats count from the days when the latest lies past tomorrow', async () => {
    const today = todayIn('UTC');
    const solvedOn = async (me: Learner, offsets: number[]) => {
      await t.database.db.insert(dsaProgress).values(
        offsets.map((offset, index) => ({
          userId: me.user.id,
          problemId: problems[index]!.id,
          solved: true,
          solvedOn: addDays(today, offset),
        })),
      );
      await expectCountersMatchRecount();
      const [row] = await t.database.db
        .select()
        .from(dsaLearnerCounters)
        .where(eq(dsaLearnerCounters.userId, me.user.id));
      return row!;
    };
    const me = await learner();
    const row = await solvedOn(me, [-10, -9, -8, -1, 0]);
    expect(row).toMatchObject({ lastSolveDay: dayNumber(today), lastRun: 2, maxStreak: 3 });
    expect(row.solveDayList.split(',')).toHaveLength(5);
    expect(row.solveDayList.startsWith(`${addDays(today, -10)}:1,`)).toBe(true);
    expect(await statsOf(me)).toMatchObject({ currentStreak: 2, maxStreak: 3 });
    const activity = (await call('GET', '/api/dsa/progress/activity?timeZone=UTC&days=9', me.auth)).json().activity;
    expect(activity.map((day: { count: number }) => day.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 1, 1]);

    // A solve day three days ahead (imported, or a far time zone): the summary cannot tell, the days can.
    const ahead = await learner();
    const aheadRow = await solvedOn(ahead, [-9, -8, -1, 0, 3]);
    expect(aheadRow).toMatchObject({ lastSolveDay: dayNumber(addDays(today, 3)), lastRun: 1, maxStreak: 2 });
    expect(await statsOf(ahead)).toMatchObject({ currentStreak: 2, maxStreak: 2 });
  });

  it('stay equal to a recount under concurrent writes and re-grading from parallel requests', async () => {
    const learners = await Promise.all([learner(), learner(), learner()]);
    const writes: Promise<unknown>[] = [];
    for (let round = 0; round < 30; round++) {
      for (const [n, who] of learners.entries()) {
        const problem = problems[(round * 3 + n) % problems.length]!;
        const body = round % 3 === 0 ? { bookmarked: round % 2 === 0 } : { solved: (round + n) % 4 !== 0 };
        writes.push(call('PUT', `/api/dsa/progress/${problem.id}?timeZone=UTC`, who.auth, body));
      }
      // Management re-grades a problem the learners are solving at the same time.
      if (round % 5 === 0) {
        const difficulty = round % 10 === 0 ? 'Medium' : 'Easy';
        writes.push(call('PATCH', `/api/admin/dsa/problems/${problems[3]!.id}`, admin.auth, { difficulty }));
      }
    }
    const replies = await Promise.all(writes);
    for (const reply of replies as Awaited<ReturnType<typeof call>>[]) expect(reply.statusCode).toBe(200);
    await expectCountersMatchRecount();
  });

  it('stay equal to a recount when imports and re-grades of several problems run at once (no 503)', async () => {
    const learners = await Promise.all([learner(), learner(), learner(), learner()]);
    const slugs = await t.database.db
      .select({ slug: dsaProblems.slug })
      .from(dsaProblems)
      .where(
        inArray(
          dsaProblems.id,
          problems.map((problem) => problem.id),
        ),
      );
    const file = JSON.stringify({ progress: slugs.map(({ slug }) => ({ slug, solved: true, bookmarked: true })) });
    const requests: Promise<Awaited<ReturnType<typeof call>>>[] = [];
    for (const [n, who] of learners.entries()) {
      requests.push(
        t.app.inject({
          method: 'POST',
          url: '/api/dsa/progress/import?timeZone=UTC',
          headers: { ...who.auth, 'content-type': 'application/json' },
          payload: file,
        }),
      );
      // Re-grades touch every learner who solved the problem, in the opposite order of the imports.
      for (const problem of [problems[n]!, problems[problems.length - 1 - n]!]) {
        const difficulty = n % 2 === 0 ? 'Hard' : 'Medium';
        requests.push(call('PATCH', `/api/admin/dsa/problems/${problem.id}`, admin.auth, { difficulty }));
      }
    }
    for (const reply of await Promise.all(requests)) expect(reply.statusCode, reply.body).toBe(200);
    await expectCountersMatchRecount();
  });

  it('follow management deleting, re-grading, restoring and removing a problem', async () => {
    const [me, other] = await Promise.all([learner(), learner()]);
    const [, , , , target] = problems;
    for (const who of [me, other]) {
      await put(who, target!.id, { solved: true, bookmarked: true });
      await put(who, problems[0]!.id, { solved: true });
    }
    const before = await statsOf(me);

    expect(
      (await call('PATCH', `/api/admin/dsa/problems/${target!.id}`, admin.auth, { difficulty: 'Hard' })).statusCode,
    ).toBe(200);
    await expectCountersMatchRecount();
    const regraded = await statsOf(me);
    expect(regraded.difficultyStats.Hard.completed).toBe(before.difficultyStats.Hard.completed + 1);
    expect(regraded.difficultyStats.Medium.completed).toBe(before.difficultyStats.Medium.completed - 1);

    expect((await call('DELETE', `/api/admin/dsa/problems/${target!.id}`, admin.auth)).statusCode).toBe(200);
    await expectCountersMatchRecount();
    expect(await statsOf(me)).toMatchObject({
      completedProblems: before.completedProblems - 1,
      bookmarkedProblems: before.bookmarkedProblems - 1,
    });

    // A learner whose only solve is on a deleted problem has nothing until it comes back.
    const late = await learner();
    await t.database.db.insert(dsaProgress).values({ userId: late.user.id, problemId: target!.id, solved: true });
    await expectCountersMatchRecount();
    await t.database.db.update(dsaProblems).set({ deletedAt: null }).where(eq(dsaProblems.id, target!.id));
    await expectCountersMatchRecount();
    expect((await statsOf(late)).completedProblems).toBe(1);

    // A live problem removed outright (cascading its progress rows) leaves every count.
    await t.database.db.delete(dsaProblems).where(eq(dsaProblems.id, target!.id));
    problems = problems.filter((p) => p.id !== target!.id);
    await expectCountersMatchRecount();
  });

  it('follow a topic removed with its deleted problems', async () => {
    const me = await learner();
    const [problem] = await createDsaProblems(t.database.db, 'Gone', ['only']);
    await put(me, problem!.id, { solved: true, bookmarked: true });
    expect((await call('DELETE', `/api/admin/dsa/problems/${problem!.id}`, admin.auth)).statusCode).toBe(200);
    const reply = await call('DELETE', `/api/admin/dsa/topics/${problem!.topicId}`, admin.auth);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await t.database.db.select().from(dsaTopics).where(eq(dsaTopics.id, problem!.topicId))).toHaveLength(0);
    await expectCountersMatchRecount();
  });

  it('follow a progress import and an account deletion', async () => {
    const [from, to] = await Promise.all([learner(), learner()]);
    await put(from, problems[0]!.id, { solved: true, bookmarked: true });
    await put(from, problems[2]!.id, { solved: true });
    await put(to, problems[2]!.id, { notes: 'mine' });
    const exported = await call('GET', '/api/dsa/progress/export?format=json', from.auth);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/dsa/progress/import?timeZone=UTC',
      headers: { ...to.auth, 'content-type': 'application/json' },
      payload: exported.body,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectCountersMatchRecount();
    expect(await statsOf(to)).toMatchObject({ completedProblems: 2, bookmarkedProblems: 1 });

    const deleted = await call('DELETE', '/api/auth/account', from.auth, { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.database.db.select().from(dsaLearnerCounters).where(eq(dsaLearnerCounters.userId, from.user.id)),
    ).toHaveLength(0);
    await expectCountersMatchRecount();
  });

  it('answer each of many learners reading at once with their own figures (reads of one round share a query)', async () => {
    const crowd = await Promise.all(Array.from({ length: 12 }, () => learner()));
    // Learner i solves the first i % 4 problems and bookmarks the last one when i is odd.
    const marked = problems.at(-1)!;
    for (const [index, me] of crowd.entries()) {
      for (const problem of problems.slice(0, index % 4)) await put(me, problem.id, { solved: true });
      if (index % 2 === 1) await put(me, marked.id, { bookmarked: true });
    }
    const today = todayIn('UTC');
    const read = (me: Learner, path: string) => call('GET', path, me.auth).then((reply) => reply.json());
    const replies = await Promise.all(
      crowd.flatMap((me) => [
        read(me, '/api/auth/me'),
        read(me, '/api/dsa/progress/stats?timeZone=UTC'),
        read(me, '/api/dsa/progress/activity?timeZone=UTC&days=7'),
        read(me, '/api/dsa/progress/flags'),
      ]),
    );
    for (const [index, me] of crowd.entries()) {
      const [who, stats, activity, flags] = replies.slice(index * 4, index * 4 + 4);
      const solved = index % 4;
      expect(who.user.email).toBe(me.email);
      expect(stats.stats).toMatchObject({ completedProblems: solved, bookmarkedProblems: index % 2 });
      expect(activity.activity.at(-1)).toEqual({ date: today, count: solved, level: expect.any(Number) });
      expect(Object.keys(flags.solved).sort()).toEqual(
        problems
          .slice(0, solved)
          .map((problem) => problem.id)
          .sort(),
      );
      expect(flags.bookmarked).toEqual(index % 2 === 1 ? [marked.id] : []);
    }
  });

  it('are rebuilt from the progress rows by the rebuild command', async () => {
    const me = await learner();
    await put(me, problems[1]!.id, { solved: true, bookmarked: true });
    await t.database.db
      .update(dsaLearnerCounters)
      .set({ solvedEasy: 99, bookmarked: -3, solveDays: { '2000-01-01': 7 } });
    const learners = await rebuildLearnerCounters(t.database.db);
    expect(learners).toBe((await recount()).size);
    await expectCountersMatchRecount();
  });
});
