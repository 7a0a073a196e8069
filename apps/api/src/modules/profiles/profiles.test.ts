import { badgeInfo } from '@learnbuild/domain/badges';
import { newCertificateCode } from '@learnbuild/domain/certificate-code';
import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import { HANDLE_MESSAGES, PROFILE_ACTIVITY_DAYS, PROFILE_NOT_FOUND } from '@learnbuild/domain/schemas/profiles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  communityReplies,
  courseCertificates,
  courseEnrollments,
  dsaProblems,
  dsaProgress,
  userBadges,
} from '../../db/schema';
import { judgeSubmissions } from '../../db/schema/judge';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createDsaProblems, createUser } from '../../test/factories';
import { member, replyTo, startThread } from '../community/community-fixtures';
import { seedCommunityCategories } from '../community/seed';
import { cardFacts } from './card';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
});
afterAll(async () => {
  await t.close();
});

type Signed = Awaited<ReturnType<typeof createUser>>;
let handleCounter = 0;
const freshHandle = () => {
  handleCounter += 1;
  return `learner_${Date.now().toString(36)}${handleCounter}`;
};

const putProfile = (who: Signed, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers: who.auth, payload: payload as object });
const getProfile = (handle: string, who?: Signed) =>
  t.app.inject({ method: 'GET', url: `/api/profiles/${encodeURIComponent(handle)}`, headers: who?.auth ?? {} });

async function learnerWithProfile(publicProfile: Record<string, boolean> = { enabled: true }) {
  const who = await createUser(t.app, t.database.db);
  const handle = freshHandle();
  const reply = await putProfile(who, { handle, publicProfile });
  expect(reply.statusCode, reply.body).toBe(200);
  return { ...who, handle };
}

describe('PUT /api/auth/profile: handle and switches (issue 29)', () => {
  it('keeps the handle trimmed and lower-case, and the switches off by default with every part on', async () => {
    const who = await createUser(t.app, t.database.db);
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: who.auth })).json().user;
    expect(before).toMatchObject({
      handle: null,
      publicProfile: { enabled: false, activity: true, solved: true, courses: true, certificates: true, posts: true },
    });
    const handle = freshHandle();
    const reply = await putProfile(who, { handle: `  ${handle.toUpperCase()} ` });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user).toMatchObject({ handle, publicProfile: { enabled: false } });
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: who.auth })).json().user;
    expect(me.handle).toBe(handle);
  });

  it('merges the switches sent into the kept ones and leaves the name alone', async () => {
    const who = await createUser(t.app, t.database.db, 'Student', { name: 'Ada Lovelace' });
    await putProfile(who, { publicProfile: { enabled: true, posts: false } });
    const reply = await putProfile(who, { publicProfile: { activity: false } });
    expect(reply.json().user).toMatchObject({
      name: 'Ada Lovelace',
      publicProfile: { enabled: true, activity: false, solved: true, courses: true, certificates: true, posts: false },
    });
  });

  it('refuses a handle another learner holds in any case with 409, and lets the holder send it again', async () => {
    const first = await learnerWithProfile();
    const second = await createUser(t.app, t.database.db);
    const taken = await putProfile(second, { handle: first.handle.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, error: HANDLE_MESSAGES.taken });
    expect((await putProfile(first, { handle: first.handle })).statusCode).toBe(200);
  });

  it('gives one of two learners taking the same handle at once a 409, never a 500', async () => {
    const [a, b] = await Promise.all([createUser(t.app, t.database.db), createUser(t.app, t.database.db)]);
    const handle = freshHandle();
    const replies = await Promise.all([putProfile(a, { handle }), putProfile(b, { handle })]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
  });

  it.each([
    ['ab', HANDLE_MESSAGES.tooShort],
    ['a'.repeat(31), HANDLE_MESSAGES.tooLong],
    ['has space', HANDLE_MESSAGES.characters],
    ['dot.name', HANDLE_MESSAGES.characters],
    ['zoë', HANDLE_MESSAGES.characters],
    ['admin', HANDLE_MESSAGES.reserved],
    ['Dashboard', HANDLE_MESSAGES.reserved],
    ['dsa-sheet', HANDLE_MESSAGES.reserved],
    ['   ', HANDLE_MESSAGES.required],
  ])('refuses the handle %j with 400 "%s"', async (handle, error) => {
    const who = await createUser(t.app, t.database.db);
    const reply = await putProfile(who, { handle });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
  });

  it('accepts the boundaries: 3 and 30 characters of a-z 0-9 - _', async () => {
    const who = await createUser(t.app, t.database.db);
    const stamp = Date.now().toString(36);
    expect((await putProfile(who, { handle: `a${stamp}`.slice(0, 3) })).statusCode).toBe(200);
    const long = `${stamp}_-${'9'.repeat(30)}`.slice(0, 30);
    const reply = await putProfile(who, { handle: long });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().user.handle).toBe(long);
  });

  it('refuses a switch that is not a boolean and an unknown part with 400', async () => {
    const who = await createUser(t.app, t.database.db);
    expect((await putProfile(who, { publicProfile: { enabled: 'yes' } })).statusCode).toBe(400);
    expect((await putProfile(who, { publicProfile: { email: true } })).statusCode).toBe(400);
  });

  it('clears the handle with null', async () => {
    const who = await learnerWithProfile();
    const reply = await putProfile(who, { handle: null });
    expect(reply.json().user.handle).toBeNull();
    expect((await getProfile(who.handle)).statusCode).toBe(404);
  });

  it('asks for a sign-in', async () => {
    const reply = await t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { handle: 'someone' } });
    expect(reply.statusCode).toBe(401);
  });
});

describe('GET /api/profiles/:handle', () => {
  it('answers an unknown handle and a profile that is off with the same 404', async () => {
    const off = await learnerWithProfile({ enabled: false });
    const unknown = await getProfile('nobody-has-this-handle');
    const hidden = await getProfile(off.handle);
    expect(unknown.statusCode).toBe(404);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(unknown.body);
    expect(unknown.json()).toEqual({ success: false, error: PROFILE_NOT_FOUND });
    // Another learner, signed in, is everyone else.
    const other = await createUser(t.app, t.database.db);
    expect((await getProfile(off.handle, other)).body).toBe(unknown.body);
  });

  it('shows its owner a profile that is off, as a preview with every part and the switches', async () => {
    const off = await learnerWithProfile({ enabled: false, activity: false });
    const reply = await getProfile(off.handle, off);
    expect(reply.statusCode).toBe(200);
    const { profile } = reply.json();
    expect(profile).toMatchObject({ handle: off.handle, preview: true, settings: { enabled: false, activity: false } });
    for (const part of ['activity', 'solved', 'languages', 'courses', 'certificates', 'posts']) {
      expect(profile, part).toHaveProperty(part);
    }
  });

  it('finds a profile whatever the case of the address', async () => {
    const on = await learnerWithProfile();
    expect((await getProfile(on.handle.toUpperCase())).statusCode).toBe(200);
  });

  it('leaves out each hidden part for everyone else, and keeps the rest', async () => {
    const parts = ['activity', 'solved', 'courses', 'certificates', 'posts'] as const;
    for (const hidden of parts) {
      const learner = await learnerWithProfile({ enabled: true, [hidden]: false });
      for (const viewer of [undefined, await createUser(t.app, t.database.db, 'Admin')]) {
        const { profile } = (await getProfile(learner.handle, viewer)).json();
        expect(profile, hidden).not.toHaveProperty(hidden);
        expect(profile.preview).toBeUndefined();
        expect(profile.settings).toBeUndefined();
        if (hidden === 'solved') expect(profile).not.toHaveProperty('languages');
        for (const shown of parts.filter((part) => part !== hidden)) expect(profile, shown).toHaveProperty(shown);
        expect(profile).toMatchObject({ streak: { current: 0, longest: 0 }, badges: [] });
      }
    }
  });

  it('gives the record: a year of solve days, solved by difficulty with verified apart, streaks and languages', async () => {
    const learner = await learnerWithProfile();
    const db = t.database.db;
    const problems = await createDsaProblems(db, `Profile${Date.now()}`, ['a', 'b', 'c', 'd', 'e']);
    await db.update(dsaProblems).set({ difficulty: 'Medium' }).where(eq(dsaProblems.id, problems[3]!.id));
    await db.update(dsaProblems).set({ difficulty: 'Hard' }).where(eq(dsaProblems.id, problems[4]!.id));
    const today = todayIn('UTC');
    const days = [today, today, addDays(today, -1), addDays(today, -2), addDays(today, -400)];
    await db.insert(dsaProgress).values(
      problems.map((problem, index) => ({
        userId: learner.user.id,
        problemId: problem.id,
        solved: true,
        solvedAt: new Date(),
        solvedOn: days[index]!,
        verified: index < 2,
      })),
    );
    const submission = { userId: learner.user.id, code: 'x', status: 'done' as const };
    await db.insert(judgeSubmissions).values([
      { ...submission, problemId: problems[0]!.id, language: 'python', verdict: 'Accepted' },
      { ...submission, problemId: problems[0]!.id, language: 'python', verdict: 'Accepted' },
      { ...submission, problemId: problems[1]!.id, language: 'python', verdict: 'Accepted' },
      { ...submission, problemId: problems[1]!.id, language: 'cpp', verdict: 'Accepted' },
      { ...submission, problemId: problems[2]!.id, language: 'java', verdict: 'Wrong Answer' },
    ]);
    await db.insert(userBadges).values([
      { userId: learner.user.id, badgeId: 'first-verified-solve' },
      { userId: learner.user.id, badgeId: 'no-such-badge-any-more' },
    ]);

    const { profile } = (await getProfile(learner.handle)).json();
    expect(profile.activity).toHaveLength(PROFILE_ACTIVITY_DAYS);
    expect(profile.activity.at(-1)).toEqual({ date: today, count: 2 });
    expect(profile.activity[0].date).toBe(addDays(today, 1 - PROFILE_ACTIVITY_DAYS));
    expect(profile.activity.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(4);
    expect(profile.solved).toEqual({ Easy: 3, Medium: 1, Hard: 1, verified: 2 });
    expect(profile.streak).toEqual({ current: 3, longest: 3 });
    expect(profile.languages).toEqual([
      { language: 'python', solved: 2 },
      { language: 'cpp', solved: 1 },
    ]);
    expect(profile.badges).toEqual([
      {
        id: 'first-verified-solve',
        name: badgeInfo('first-verified-solve')!.name,
        description: badgeInfo('first-verified-solve')!.description,
        awardedAt: expect.any(String),
      },
    ]);
  });

  it('lists completed published courses, certificates, and recent answers that are visible, with their thread', async () => {
    const learner = await learnerWithProfile();
    const db = t.database.db;
    const instructor = await createUser(t.app, db, 'Instructor');
    const { course } = await createCourseRows(db, instructor.user.id, { title: 'Graphs in depth' });
    const { course: draft } = await createCourseRows(db, instructor.user.id, { status: 'draft' });
    const completedAt = new Date();
    await db.insert(courseEnrollments).values([
      { courseId: course.id, userId: learner.user.id, completedAt },
      { courseId: draft.id, userId: learner.user.id, completedAt },
    ]);
    const [certificate] = await db
      .insert(courseCertificates)
      .values({
        courseId: course.id,
        userId: learner.user.id,
        learnerName: 'L',
        courseTitle: 'Graphs in depth',
        instructorName: 'I',
        verificationCode: newCertificateCode(),
      })
      .returning();

    const asker = await member(t);
    const thread = await startThread(t, asker, { title: 'How do I find a cycle in a graph?' });
    const shown = await replyTo(t, learner, thread.id, 'Use **DFS** with colours.');
    const hidden = await replyTo(t, learner, thread.id, 'A reply a moderator hid');
    await db.update(communityReplies).set({ hidden: true }).where(eq(communityReplies.id, hidden.id));

    const { profile } = (await getProfile(learner.handle)).json();
    expect(profile.courses).toEqual([
      { id: course.id, slug: course.slug, title: 'Graphs in depth', completedAt: completedAt.toISOString() },
    ]);
    expect(profile.certificates).toEqual([
      { id: certificate!.id, courseId: course.id, courseTitle: 'Graphs in depth', issuedAt: expect.any(String) },
    ]);
    expect(profile.posts).toEqual([
      {
        id: shown.id,
        threadId: thread.id,
        threadTitle: 'How do I find a cycle in a graph?',
        excerpt: 'Use DFS with colours.',
        accepted: false,
        votes: 0,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("reads the heatmap's year of a learner with 3,000 solves in one query, as many queries as a new learner", async () => {
    const db = t.database.db;
    const busy = await learnerWithProfile();
    const fresh = await learnerWithProfile();
    const slugs = Array.from({ length: 3000 }, (_, index) => `p${index}`);
    const problems = await createDsaProblems(db, `Busy${Date.now()}`, slugs);
    const today = todayIn('UTC');
    // Three solves a day on most days of the last 1,000, so the list holds far more than the year.
    await db.insert(dsaProgress).values(
      problems.map((problem, index) => ({
        userId: busy.user.id,
        problemId: problem.id,
        solved: true,
        solvedAt: new Date(),
        solvedOn: addDays(today, -Math.floor(index / 3)),
      })),
    );
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query');
    const queriesOf = async (handle: string) => {
      spy.mockClear();
      const reply = await getProfile(handle);
      expect(reply.statusCode).toBe(200);
      return {
        reply: reply.json().profile,
        texts: spy.mock.calls.map(([query]) =>
          typeof query === 'string' ? query : String((query as { text?: string }).text),
        ),
      };
    };
    const heavy = await queriesOf(busy.handle);
    const light = await queriesOf(fresh.handle);
    spy.mockRestore();
    expect(heavy.texts.filter((text) => text.includes('solve_day_list'))).toHaveLength(1);
    expect(heavy.texts.length).toBe(light.texts.length);
    expect(heavy.reply.activity).toHaveLength(PROFILE_ACTIVITY_DAYS);
    expect(heavy.reply.activity.every((day: { count: number }) => day.count === 3)).toBe(true);
    expect(heavy.reply.solved).toMatchObject({ Easy: 3000 });
    expect(heavy.reply.streak).toEqual({ current: 1000, longest: 1000 });
    // 3,000 progress rows go through the counters' triggers one by one: seconds on the embedded database.
  }, 120_000);

  it('draws a 1200 x 630 PNG card of what everyone sees, and answers 404 for a profile that is off', async () => {
    const learner = await learnerWithProfile({ enabled: true, solved: false });
    const reply = await t.app.inject({ method: 'GET', url: `/api/profiles/${learner.handle}/card.png` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    const png = reply.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    // Drawn from the public view: the solved part the learner hides is not on it.
    const { profile } = (await getProfile(learner.handle, learner)).json();
    expect(cardFacts({ ...profile, solved: undefined })).toMatchObject({ solved: null, byDifficulty: null });
    await putProfile(learner, { publicProfile: { enabled: false } });
    const off = await t.app.inject({ method: 'GET', url: `/api/profiles/${learner.handle}/card.png` });
    expect(off.statusCode).toBe(404);
    expect(off.json()).toEqual({ success: false, error: PROFILE_NOT_FOUND });
  });
});
