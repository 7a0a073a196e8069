import { stepBadgeId } from '@learnbuild/domain/badges';
import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProblems, dsaProgress, dsaTopics, subjectSubtopics, subtopicProgress, userBadges } from '../../db/schema';
import { closeJavaScriptWorkers } from '../../judge/javascript-sandbox';
import { closePythonPool } from '../../judge/python-sandbox';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDsaProblems, createUser } from '../../test/factories';
import { member, replyTo, startThread } from '../community/community-fixtures';
import { seedCommunityCategories } from '../community/seed';
import { seedDsaProblems } from '../dsa/seed';
import { setProgress } from '../dsa/service';
import { seedJudgeProblems } from '../judge/service';
import { seedSubjects } from '../subjects/seed';
import { awardBadges, recomputeBadges } from './service';

type User = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
/** The learner whose solves were taken back: their badge stays, though their data no longer earns it. */
let undone = '';

beforeAll(async () => {
  t = await buildTestApp();
  await seedSubjects(t.database.db);
  await seedCommunityCategories(t.database.db);
  // Problems of "Step 1" that nobody solves, so the step badge is never earned by the tests' own problems.
  await createDsaProblems(t.database.db, 'Unsolved', ['one', 'two']);
});
afterAll(async () => {
  await t?.close();
  await closeJavaScriptWorkers();
  await closePythonPool();
});

let problemSet = 0;
/** `count` fresh problems of the shared "Step 1" (so no test completes a step by accident). */
async function problems(count: number) {
  problemSet += 1;
  const slugs = Array.from({ length: count }, (_, index) => `p${index}`);
  return createDsaProblems(t.database.db, `Badges${problemSet}`, slugs);
}

/** A verified solve, as the judge's Accepted writes it (judge/service.ts goes through the same write). */
const verifiedSolve = (user: User, problemId: string) =>
  setProgress(t.database.db, user.user.id, problemId, { solved: true, verified: true }, 'UTC');

const tick = (user: User, problemId: string, solved = true) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/dsa/progress/${problemId}`,
    headers: user.auth,
    payload: { solved, timeZone: 'UTC' },
  });

const mine = (user?: User) => t.app.inject({ method: 'GET', url: '/api/badges/mine', headers: user?.auth ?? {} });

async function badgeIds(userId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: userBadges.badgeId })
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(userBadges.badgeId);
  return rows.map((row) => row.id);
}

describe('GET /api/badges/mine', () => {
  it('needs a session (401)', async () => {
    const reply = await mine();
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({ success: false });
  });

  it('answers an empty list to a new learner', async () => {
    const learner = await createUser(t.app, t.database.db);
    const reply = await mine(learner);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, badges: [] });
  });
});

describe('badges awarded with the event that earns them', () => {
  it('a self-marked solve earns no verified badge; the first verified solve does, once, and it is listed', async () => {
    const learner = await createUser(t.app, t.database.db);
    const [first, second] = await problems(2);
    const ticked = await tick(learner, first!.id);
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json().badgesAwarded).toBeUndefined();
    expect(await badgeIds(learner.user.id)).toEqual([]);

    const verified = await verifiedSolve(learner, first!.id);
    expect(verified.badgesAwarded).toEqual([{ id: 'first-verified-solve', name: 'First verified solve' }]);
    // Already earned: a second verified solve awards nothing again.
    expect((await verifiedSolve(learner, second!.id)).badgesAwarded).toEqual([]);

    const reply = (await mine(learner)).json();
    expect(reply.badges).toEqual([
      {
        id: 'first-verified-solve',
        name: 'First verified solve',
        description: 'Have a solution accepted by the judge',
        icon: 'BadgeCheck',
        awardedAt: expect.any(String),
      },
    ]);
    // A badge stays when the solve is taken back.
    undone = learner.user.id;
    await tick(learner, first!.id, false);
    await tick(learner, second!.id, false);
    expect(await badgeIds(learner.user.id)).toEqual(['first-verified-solve']);
  });

  it('awards "10 verified solves" at the 10th, not the 9th', async () => {
    const learner = await createUser(t.app, t.database.db);
    const set = await problems(10);
    for (const problem of set.slice(0, 9)) await verifiedSolve(learner, problem.id);
    expect(await badgeIds(learner.user.id)).toEqual(['first-verified-solve']);
    const tenth = await verifiedSolve(learner, set[9]!.id);
    expect(tenth.badgesAwarded).toEqual([{ id: 'verified-10', name: '10 verified solves' }]);
    expect(await badgeIds(learner.user.id)).toEqual(['first-verified-solve', 'verified-10']);
  });

  it('awards a badge exactly once when two events cross its boundary at the same time', async () => {
    const learner = await createUser(t.app, t.database.db);
    const set = await problems(11);
    // Two verified solves at once from none: one of them earns the first, the other nothing.
    const [a, b] = await Promise.all([verifiedSolve(learner, set[0]!.id), verifiedSolve(learner, set[1]!.id)]);
    expect([...a.badgesAwarded, ...b.badgesAwarded].map((badge) => badge.id)).toEqual(['first-verified-solve']);
    for (const problem of set.slice(2, 8)) await verifiedSolve(learner, problem.id);
    // 8 verified; the 9th and 10th at once: whichever ends second sees both and earns "10", exactly once.
    const both = await Promise.all([verifiedSolve(learner, set[8]!.id), verifiedSolve(learner, set[9]!.id)]);
    expect(both.flatMap((reply) => reply.badgesAwarded.map((badge) => badge.id))).toEqual(['verified-10']);
    expect(await badgeIds(learner.user.id)).toEqual(['first-verified-solve', 'verified-10']);
  });

  it('awards a sheet step once every live problem of it is solved (n-1 of n is not enough)', async () => {
    const learner = await createUser(t.app, t.database.db);
    const [topic] = await t.database.db.insert(dsaTopics).values({ name: 'Badge step topic' }).returning();
    const step = 'Step 42: Badge Practice';
    const rows = await t.database.db
      .insert(dsaProblems)
      .values(
        ['one', 'two', 'three'].map((slug, position) => ({
          slug: `badge-step-${slug}`,
          title: `Badge step ${slug}`,
          step,
          topicId: topic!.id,
          difficulty: 'Easy' as const,
          url: `https://judge.example.com/badge-step/${slug}`,
          position: 1000 + position,
        })),
      )
      .returning();
    await tick(learner, rows[0]!.id);
    expect((await tick(learner, rows[1]!.id)).json().badgesAwarded).toBeUndefined();
    const last = await tick(learner, rows[2]!.id);
    expect(last.json().badgesAwarded).toEqual([
      { id: 'step-complete:step-42-badge-practice', name: 'Completed Step 42: Badge Practice' },
    ]);
    expect((await mine(learner)).json().badges[0]).toMatchObject({
      id: stepBadgeId(step),
      name: 'Completed Step 42: Badge Practice',
      description: 'Solve every problem of Step 42: Badge Practice on the DSA sheet',
      icon: 'Footprints',
    });
  });

  it('awards the 7-day streak on the 7th consecutive day, not the 6th', async () => {
    const learner = await createUser(t.app, t.database.db);
    const set = await problems(8);
    const today = todayIn('UTC');
    // Five earlier days solved (today-5 … today-1), then today: a 6-day run.
    for (let back = 5; back >= 1; back--) {
      const day = addDays(today, -back);
      await t.database.db.insert(dsaProgress).values({
        userId: learner.user.id,
        problemId: set[back]!.id,
        solved: true,
        solvedOn: day,
        solvedAt: new Date(`${day}T12:00:00Z`),
      });
    }
    expect((await tick(learner, set[0]!.id)).json().badgesAwarded).toBeUndefined();
    expect(await badgeIds(learner.user.id)).toEqual([]);
    // A solve from six days ago joins the run: 7 days.
    const day = addDays(today, -6);
    await t.database.db.insert(dsaProgress).values({
      userId: learner.user.id,
      problemId: set[6]!.id,
      solved: true,
      solvedOn: day,
      solvedAt: new Date(`${day}T12:00:00Z`),
    });
    const reply = await tick(learner, set[7]!.id);
    expect(reply.json().badgesAwarded).toEqual([{ id: 'streak-7', name: '7-day streak' }]);
  });

  it('awards a core subject when its last lesson is completed, not before', async () => {
    const learner = await createUser(t.app, t.database.db);
    const lessons = await t.database.db.select().from(subjectSubtopics).where(eq(subjectSubtopics.subjectId, 'oop'));
    expect(lessons.length).toBeGreaterThan(2);
    const [last, ...rest] = lessons;
    await t.database.db.insert(subtopicProgress).values(
      rest.map((lesson) => ({
        userId: learner.user.id,
        subjectId: lesson.subjectId,
        topicId: lesson.topicId,
        subtopicId: lesson.id,
      })),
    );
    const url = `/api/subjects/oop/topics/${last!.topicId}/subtopics/${last!.id}/progress`;
    // Marking another lesson again (still one short) earns nothing.
    const again = rest[0]!;
    const short = await t.app.inject({
      method: 'PUT',
      url: `/api/subjects/oop/topics/${again.topicId}/subtopics/${again.id}/progress`,
      headers: learner.auth,
      payload: { completed: true },
    });
    expect(short.statusCode).toBe(200);
    expect(short.json().badgesAwarded).toBeUndefined();
    const done = await t.app.inject({ method: 'PUT', url, headers: learner.auth, payload: { completed: true } });
    expect(done.statusCode).toBe(200);
    expect(done.json().progress.subjectProgress).toBe(100);
    expect(done.json().badgesAwarded).toEqual([{ id: 'core-subject-complete', name: 'Core subject mastered' }]);
  });

  it('awards a subject once when its last two lessons are completed at the same time', async () => {
    const learner = await createUser(t.app, t.database.db);
    const lessons = await t.database.db.select().from(subjectSubtopics).where(eq(subjectSubtopics.subjectId, 'os'));
    const [a, b, ...rest] = lessons;
    await t.database.db.insert(subtopicProgress).values(
      rest.map((lesson) => ({
        userId: learner.user.id,
        subjectId: lesson.subjectId,
        topicId: lesson.topicId,
        subtopicId: lesson.id,
      })),
    );
    const complete = (lesson: typeof a) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/subjects/os/topics/${lesson!.topicId}/subtopics/${lesson!.id}/progress`,
        headers: learner.auth,
        payload: { completed: true },
      });
    // Neither transaction sees the other's lesson unless the second waits for the first to end.
    const replies = await Promise.all([complete(a), complete(b)]);
    expect(replies.flatMap((reply) => reply.json().badgesAwarded ?? [])).toEqual([
      { id: 'core-subject-complete', name: 'Core subject mastered' },
    ]);
    expect(await badgeIds(learner.user.id)).toEqual(['core-subject-complete']);
  });

  // Two connections at once: only a server has them (the in-memory database runs one transaction at a time).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a second event waits for the first one to end, so it sees both lessons and awards the subject',
    async () => {
      const learner = await createUser(t.app, t.database.db);
      const lessons = await t.database.db.select().from(subjectSubtopics).where(eq(subjectSubtopics.subjectId, 'cn'));
      const [a, b, ...rest] = lessons;
      const row = (lesson: typeof a) => ({
        userId: learner.user.id,
        subjectId: lesson!.subjectId,
        topicId: lesson!.topicId,
        subtopicId: lesson!.id,
      });
      await t.database.db.insert(subtopicProgress).values(rest.map(row));
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let firstAwarded: unknown[] = [];
      let firstChecked = () => {};
      const checked = new Promise<void>((resolve) => {
        firstChecked = resolve;
      });
      const first = t.database.db.transaction(async (tx) => {
        await tx.insert(subtopicProgress).values(row(a));
        firstAwarded = await awardBadges(tx, learner.user.id);
        firstChecked();
        await held; // still open while the second event runs
      });
      await checked;
      const second = t.database.db.transaction(async (tx) => {
        await tx.insert(subtopicProgress).values(row(b));
        return awardBadges(tx, learner.user.id);
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await first;
      expect(firstAwarded).toEqual([]);
      expect(await second).toEqual([{ id: 'core-subject-complete', name: 'Core subject mastered' }]);
    },
  );

  it("gives the accepted-answer badge to the reply's author, not to the thread's author, and not for one's own reply", async () => {
    const asker = await member(t);
    const helper = await member(t);
    const thread = await startThread(t, asker);
    const own = await replyTo(t, asker, thread.id, 'Answering myself');
    const accept = (replyId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/community/threads/${thread.id}/answer`,
        headers: asker.auth,
        payload: { replyId },
      });
    expect((await accept(own.id)).statusCode).toBe(200);
    expect(await badgeIds(asker.user.id)).toEqual([]);
    const helpful = await replyTo(t, helper, thread.id);
    expect((await accept(helpful.id)).statusCode).toBe(200);
    expect(await badgeIds(helper.user.id)).toEqual(['accepted-answer']);
    expect(await badgeIds(asker.user.id)).toEqual([]);
  });

  it('shows each badge in the activity feed as "Earned the badge …"', async () => {
    const learner = await createUser(t.app, t.database.db);
    const [problem] = await problems(1);
    await verifiedSolve(learner, problem!.id);
    const feed = (await t.app.inject({ method: 'GET', url: '/api/dashboard/activity', headers: learner.auth })).json();
    expect(feed.activity.map((entry: { kind: string; title: string }) => [entry.kind, entry.title])).toContainEqual([
      'badge.earned',
      'Earned the badge First verified solve',
    ]);
  });
});

describe('a verified solve through the judge', () => {
  it('earns "First verified solve" with the Accepted verdict', async () => {
    await seedDsaProblems(t.database.db);
    await seedJudgeProblems(t.database.db);
    const learner = await createUser(t.app, t.database.db);
    const code = `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
  return [];
}`;
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/dsa/problems/two-sum/submissions',
      headers: learner.auth,
      payload: { language: 'javascript', code, timeZone: 'UTC' },
    });
    expect(sent.statusCode).toBe(202);
    const id = sent.json().submission.id;
    let verdict = '';
    for (let i = 0; i < 300 && !verdict; i++) {
      const { submission } = (
        await t.app.inject({ method: 'GET', url: `/api/submissions/${id}`, headers: learner.auth })
      ).json();
      if (submission.status === 'done') verdict = submission.verdict;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(verdict).toBe('Accepted');
    expect(await badgeIds(learner.user.id)).toEqual(['first-verified-solve']);
  });
});

describe('the recompute command', () => {
  it('adds nothing after the events (it equals the incremental awards), and restores deleted rows', async () => {
    const before = await t.database.db.select().from(userBadges).orderBy(userBadges.userId, userBadges.badgeId);
    expect(before.length).toBeGreaterThan(5);
    expect(await recomputeBadges(t.database.db)).toMatchObject({ awarded: 0 });
    const pairs = (rows: { userId: string; badgeId: string }[]) => rows.map((row) => `${row.userId}|${row.badgeId}`);

    // Take out the badges of everyone whose data still earns them: the command brings back exactly those.
    await t.database.db.delete(userBadges).where(ne(userBadges.userId, undone));
    const result = await recomputeBadges(t.database.db);
    expect(result.awarded).toBe(before.filter((row) => row.userId !== undone).length);
    const after = await t.database.db.select().from(userBadges).orderBy(userBadges.userId, userBadges.badgeId);
    expect(pairs(after)).toEqual(pairs(before));
    expect(await recomputeBadges(t.database.db)).toMatchObject({ awarded: 0 });
  });
});
