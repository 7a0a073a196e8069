import {
  cardFromSimpleSchedule,
  GRADE_RATINGS,
  loadCard,
  revisionScheduler,
  type StoredCard,
} from '@learnbuild/domain/rules/fsrs-revision';
import { REVISION_GRADES } from '@learnbuild/domain/rules/revision';
import { addDays, dayInTimeZone, todayIn } from '@learnbuild/domain/rules/streaks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProgress, dsaReviews } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TEST_PASSWORD } from '../../test/factories';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../auth/queries';

/** Issue 29: adaptive revision (FSRS grades), the simple schedule as a setting, and the confidence level. */
let t: TestApp;
let ip = 0;
let passwordHash: string;
type Headers = Record<string, string>;
const problems: Record<string, string> = {};
const SLUGS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];

let users = 0;
async function signIn() {
  users += 1;
  const email = `revision-${users}-${Date.now()}@example.com`;
  const user = await insertUser(t.database.db, {
    name: `Reviser ${users}`,
    email,
    passwordHash,
    wantsToBeInstructor: false,
    role: 'Student',
    emailVerifiedAt: new Date(),
  });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: `10.29.${Math.floor(++ip / 250)}.${ip % 250}`,
  });
  return { id: user.id, auth: { authorization: `Bearer ${login.json().token}` } as Headers };
}
type Learner = Awaited<ReturnType<typeof signIn>>;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const review = (me: Learner, slug: string, body: unknown) =>
  call('POST', `/api/dsa/progress/${problems[slug]}/review`, me.auth, body);
const put = (me: Learner, slug: string, body: unknown) =>
  call('PUT', `/api/dsa/progress/${problems[slug]}`, me.auth, body);

async function row(me: Learner, slug: string) {
  const [found] = await t.database.db
    .select()
    .from(dsaProgress)
    .where(and(eq(dsaProgress.userId, me.id), eq(dsaProgress.problemId, problems[slug]!)));
  return found!;
}

/** Solved and on the simple schedule at `stage`, due on `dueOn`, with no FSRS card: a row from before issue 29. */
async function scheduled(me: Learner, slug: string, dueOn: string, stage = 0) {
  expect((await put(me, slug, { solved: true, revision: true })).statusCode).toBe(200);
  await t.database.db
    .update(dsaProgress)
    .set({ revisionStage: stage, revisionDueOn: dueOn, fsrsCard: null })
    .where(and(eq(dsaProgress.userId, me.id), eq(dsaProgress.problemId, problems[slug]!)));
}

beforeAll(async () => {
  t = await buildTestApp();
  passwordHash = await hashPassword(TEST_PASSWORD);
  const admin = await insertUser(t.database.db, {
    name: 'Revision admin',
    email: `revision-admin-${Date.now()}@example.com`,
    passwordHash,
    wantsToBeInstructor: false,
    role: 'Admin',
    emailVerifiedAt: new Date(),
  });
  const adminAuth = {
    authorization: `Bearer ${(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: admin.email, password: TEST_PASSWORD }, remoteAddress: '10.29.250.1' })).json().token}`,
  };
  const topic = (await call('POST', '/api/admin/dsa/topics', adminAuth, { name: 'Revision topic' })).json().topic.id;
  for (const slug of SLUGS) {
    const reply = await call('POST', '/api/admin/dsa/problems', adminAuth, {
      title: `Revision ${slug}`,
      step: 'Step 1: Revision',
      topicId: topic,
      difficulty: 'Easy',
      url: `https://leetcode.com/problems/revision-${slug}/`,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    problems[slug] = reply.json().problem.id;
  }
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/dsa/progress/:problemId/review with a grade (adaptive, the default)', () => {
  it('moves the due day as FSRS says for each grade, carrying the simple schedule over first', async () => {
    const timeZone = 'Asia/Tokyo';
    const today = todayIn(timeZone);
    const days: number[] = [];
    for (const [index, grade] of REVISION_GRADES.entries()) {
      const me = await signIn();
      const slug = SLUGS[index]!;
      await scheduled(me, slug, today, 1);
      const before = new Date();
      const reply = await review(me, slug, { grade, timeZone });
      expect(reply.statusCode, reply.body).toBe(200);
      // What the library computes for the carried-over card at the same moment.
      const expected = revisionScheduler.next(cardFromSimpleSchedule(1, today, timeZone), before, GRADE_RATINGS[grade]);
      const dueOn = dayInTimeZone(expected.card.due, timeZone);
      expect(reply.json()).toMatchObject({
        success: true,
        dueOn,
        progress: { revisionStage: 2, revisionDueOn: dueOn, solved: true, confidence: null },
      });
      const stored = (await row(me, slug)).fsrsCard as StoredCard;
      expect(stored.stability).toBeCloseTo(expected.card.stability, 6);
      expect(dayInTimeZone(new Date(stored.due), timeZone)).toBe(dueOn);
      expect(stored.reps).toBe(3);
      expect(typeof stored.last_review).toBe('string');
      const reviews = await t.database.db.select().from(dsaReviews).where(eq(dsaReviews.userId, me.id));
      expect(reviews.map((r) => r.stage)).toEqual([2]);
      days.push(Date.parse(dueOn) - Date.parse(today));
    }
    // Again comes back soonest, Easy latest.
    expect([...days].sort((a, b) => a - b)).toEqual(days);
    expect(new Set(days).size).toBe(4);
  });

  it('grades a stored card on the next review, as the library grades that card', async () => {
    const me = await signIn();
    await scheduled(me, 'alpha', todayIn('UTC'), 0);
    expect((await review(me, 'alpha', { grade: 'good', timeZone: 'UTC' })).statusCode).toBe(200);
    const first = (await row(me, 'alpha')).fsrsCard as StoredCard;
    const now = new Date();
    const second = await review(me, 'alpha', { grade: 'hard', timeZone: 'UTC' });
    expect(second.statusCode).toBe(200);
    const expected = revisionScheduler.next(loadCard(first), now, GRADE_RATINGS.hard).card;
    expect(second.json().dueOn).toBe(dayInTimeZone(expected.due, 'UTC'));
    expect(second.json().progress.revisionStage).toBe(2);
    expect(((await row(me, 'alpha')).fsrsCard as StoredCard).reps).toBe(expected.reps);
  });

  it('refuses a bad grade with a clear message, a stranger with 401, an unknown problem with 404', async () => {
    const me = await signIn();
    await scheduled(me, 'bravo', todayIn('UTC'));
    for (const grade of ['perfect', 3, '', 'Good']) {
      const bad = await review(me, 'bravo', { grade, timeZone: 'UTC' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, error: 'Grade must be again, hard, good or easy' });
    }
    expect((await call('POST', `/api/dsa/progress/${problems.bravo}/review`, {}, { grade: 'good' })).statusCode).toBe(
      401,
    );
    const unknown = await call('POST', '/api/dsa/progress/00000000-0000-4000-8000-000000000029/review', me.auth, {
      grade: 'good',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('This problem does not exist or was removed');
    const notScheduled = await review(me, 'charlie', { grade: 'good' });
    expect(notScheduled.statusCode).toBe(400);
    expect(notScheduled.json().error).toBe('This problem is not on your revision schedule; mark it for revision first');
    // Nothing moved.
    expect((await row(me, 'bravo')).revisionStage).toBe(0);
  });

  it("keeps the fixed 1-3-7-14-30 days for a learner who chose the 'simple' schedule, whatever the grade", async () => {
    const me = await signIn();
    const defaults = await call('GET', '/api/auth/preferences', me.auth);
    expect(defaults.json().preferences.revisionSchedule).toBe('adaptive');
    const bad = await call('PUT', '/api/auth/preferences', me.auth, { revisionSchedule: 'weekly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Revision schedule must be adaptive or simple');
    const chosen = await call('PUT', '/api/auth/preferences', me.auth, { revisionSchedule: 'simple' });
    expect(chosen.json().preferences).toEqual({ notifyOnReply: true, revisionSchedule: 'simple' });

    const today = todayIn('UTC');
    await scheduled(me, 'delta', today, 0);
    const due: (string | null)[] = [];
    for (const grade of ['again', 'easy', 'good', 'hard'] as const) {
      const reply = await review(me, 'delta', { grade, timeZone: 'UTC' });
      expect(reply.statusCode, reply.body).toBe(200);
      due.push(reply.json().dueOn);
    }
    expect(due).toEqual([addDays(today, 3), addDays(today, 7), addDays(today, 14), addDays(today, 30)]);
    const last = await review(me, 'delta', { grade: 'good', timeZone: 'UTC' });
    expect(last.json()).toMatchObject({ dueOn: null, progress: { revisionStage: 5, revisionDueOn: null } });
    expect((await row(me, 'delta')).fsrsCard).toBeNull();
  });
});

describe('confidence (issue 29)', () => {
  it('is set, cleared and refused when unknown; the sheet, the flags and the filter carry it', async () => {
    const me = await signIn();
    const set = await put(me, 'echo', { confidence: 'high' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().progress).toMatchObject({ confidence: 'high', solved: false });
    const bad = await put(me, 'echo', { confidence: 'certain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('Confidence must be low, medium, high, expert or null');
    await put(me, 'foxtrot', { confidence: 'low' });

    const list = (await call('GET', '/api/dsa/problems', me.auth)).json().problems as {
      id: string;
      confidence: string | null;
    }[];
    const bySlug = (slug: string) => list.find((p) => p.id === problems[slug])?.confidence;
    expect([bySlug('echo'), bySlug('foxtrot'), bySlug('alpha')]).toEqual(['high', 'low', null]);
    const flags = (await call('GET', '/api/dsa/progress/flags', me.auth)).json();
    expect(flags.confidence).toEqual({ [problems.echo!]: 'high', [problems.foxtrot!]: 'low' });

    const filtered = async (value: string) =>
      (await call('GET', `/api/dsa/problems?confidence=${value}`, me.auth))
        .json()
        .problems.map((p: { id: string }) => p.id);
    expect(await filtered('high')).toEqual([problems.echo]);
    expect(await filtered('low')).toEqual([problems.foxtrot]);
    expect(await filtered('expert')).toEqual([]);
    expect(await filtered('not-set')).not.toContain(problems.echo);
    expect(await filtered('not-set')).toContain(problems.alpha);
    const badFilter = await call('GET', '/api/dsa/problems?confidence=sure', me.auth);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().error).toBe('Confidence must be not-set, low, medium, high or expert');

    const cleared = await put(me, 'echo', { confidence: null });
    expect(cleared.json().progress.confidence).toBeNull();
    expect(await filtered('high')).toEqual([]);
    expect((await call('PUT', `/api/dsa/progress/${problems.echo}`, {}, { confidence: 'low' })).statusCode).toBe(401);
    // Anonymous readers see no one's confidence.
    const anonymous = (await call('GET', '/api/dsa/problems')).json().problems as { confidence: string | null }[];
    expect(anonymous.every((p) => p.confidence === null)).toBe(true);
  });

  it("orders 'Revise today' by due day, then lowest confidence (not set lowest)", async () => {
    const me = await signIn();
    const today = todayIn('UTC');
    await scheduled(me, 'alpha', today);
    await scheduled(me, 'bravo', addDays(today, -2));
    await scheduled(me, 'charlie', today);
    await scheduled(me, 'delta', today);
    await scheduled(me, 'echo', addDays(today, 1));
    await put(me, 'alpha', { confidence: 'expert' });
    await put(me, 'charlie', { confidence: 'medium' });
    const due = (await call('GET', '/api/dsa/problems?status=revision&timeZone=UTC', me.auth)).json().problems;
    expect(due.map((p: { id: string }) => p.id)).toEqual([
      problems.bravo,
      problems.delta,
      problems.charlie,
      problems.alpha,
    ]);
  });
});
