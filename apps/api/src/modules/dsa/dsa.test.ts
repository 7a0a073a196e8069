import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Role } from '@learnbuild/domain/roles';
import { addDays, dayInTimeZone, todayIn } from '@learnbuild/domain/rules/streaks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProblems, dsaProgress, dsaReviews, seedRuns } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { TEST_PASSWORD } from '../../test/factories';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../auth/queries';
import { PROBLEM_BANK_FILE, seedDsaProblems } from './seed';

let t: TestApp;
let ip = 0;
/** Each sign-in comes from its own address so the login limit per IP never bites. */
const freshIp = () => `10.4.${Math.floor(++ip / 250)}.${ip % 250}`;
let passwordHash: string;

type Headers = Record<string, string>;
interface Problem {
  id: string;
  slug: string;
  title: string;
  topic: string;
  topicId: string;
  step: string;
  difficulty: string;
  solved: boolean;
  bookmarked: boolean;
  notes: string;
  position: number;
  revisionStage: number | null;
  revisionDueOn: string | null;
}

async function login(email: string): Promise<Headers> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: freshIp(),
  });
  return { authorization: `Bearer ${reply.json().token}` };
}

let users = 0;
async function signIn(role: Role = 'Student') {
  users += 1;
  const email = `dsa-${users}-${Date.now()}@example.com`;
  const user = await insertUser(t.database.db, {
    name: `DSA ${role} ${users}`,
    email,
    passwordHash,
    wantsToBeInstructor: false,
    role,
    emailVerifiedAt: new Date(),
  });
  return { id: user.id, email, auth: await login(email) };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function sheet(query = '', headers: Headers = {}): Promise<Problem[]> {
  const reply = await call('GET', `/api/dsa/problems${query}`, headers);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().problems;
}

const put = (problemId: string, headers: Headers, body: Record<string, unknown>) =>
  call('PUT', `/api/dsa/progress/${problemId}`, headers, body);

async function stats(headers: Headers, timeZone = 'UTC') {
  const reply = await call('GET', `/api/dsa/progress/stats?timeZone=${encodeURIComponent(timeZone)}`, headers);
  expect(reply.statusCode, reply.body).toBe(200);
  // The service hands the body over as JSON text; it must still be typed as JSON.
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.json().success).toBe(true);
  return reply.json().stats;
}

/** Puts a solve on a past day straight into the table (the API always records now). */
async function solvedOnDay(userId: string, problemId: string, day: string) {
  await t.database.db
    .insert(dsaProgress)
    .values({ userId, problemId, solved: true, solvedAt: new Date(`${day}T12:00:00Z`), solvedOn: day })
    .onConflictDoUpdate({
      target: [dsaProgress.userId, dsaProgress.problemId],
      set: { solved: true, solvedAt: new Date(`${day}T12:00:00Z`), solvedOn: day },
    });
}

let admin: Awaited<ReturnType<typeof signIn>>;
let instructor: Awaited<ReturnType<typeof signIn>>;
let arraysId: string;
let graphsId: string;
/** The fixture bank, by slug. */
const bank: Record<string, Problem> = {};

const FIXTURE = [
  { title: 'Two Sum', step: 'Step 1: Basics', topic: 'arrays', difficulty: 'Easy', tags: ['hash-map', 'array'] },
  { title: 'Three Sum', step: 'Step 1: Basics', topic: 'arrays', difficulty: 'Medium', tags: ['two-pointers'] },
  { title: 'Trapping Rain Water', step: 'Step 1: Basics', topic: 'arrays', difficulty: 'Hard', tags: ['stack'] },
  { title: 'Number of Islands', step: 'Step 2: Graphs', topic: 'graphs', difficulty: 'Medium', tags: ['dfs', 'grid'] },
  { title: 'Word Ladder', step: 'Step 2: Graphs', topic: 'graphs', difficulty: 'Hard', tags: ['bfs'] },
] as const;

beforeAll(async () => {
  t = await buildTestApp();
  passwordHash = await hashPassword(TEST_PASSWORD);
  admin = await signIn('Admin');
  instructor = await signIn('Instructor');
  arraysId = (await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'Arrays' })).json().topic.id;
  graphsId = (await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'Graphs' })).json().topic.id;
  for (const p of FIXTURE) {
    const reply = await call('POST', '/api/admin/dsa/problems', admin.auth, {
      title: p.title,
      step: p.step,
      topicId: p.topic === 'arrays' ? arraysId : graphsId,
      difficulty: p.difficulty,
      url: `https://leetcode.com/problems/${p.title.toLowerCase().replaceAll(' ', '-')}/`,
      tags: p.tags,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    bank[reply.json().problem.slug] = reply.json().problem;
  }
});
afterAll(async () => {
  await t.close();
});

const id = (slug: string) => bank[slug]!.id;

describe('GET /api/dsa/problems', () => {
  it('lists the sheet in learning-path order for anonymous readers, every flag false', async () => {
    const problems = await sheet();
    expect(problems.map((p) => p.slug)).toEqual([
      'two-sum',
      'three-sum',
      'trapping-rain-water',
      'number-of-islands',
      'word-ladder',
    ]);
    expect(problems[0]).toMatchObject({
      title: 'Two Sum',
      topic: 'Arrays',
      step: 'Step 1: Basics',
      difficulty: 'Easy',
      url: 'https://leetcode.com/problems/two-sum/',
      altUrl: null,
      tags: ['hash-map', 'array'],
      solved: false,
      bookmarked: false,
      notes: '',
    });
  });

  it('shows the reader’s own flags and nobody else’s', async () => {
    const a = await signIn();
    const b = await signIn();
    await put(id('three-sum'), a.auth, { solved: true, bookmarked: true, notes: 'sort first' });
    const mine = (await sheet('', a.auth)).find((p) => p.slug === 'three-sum')!;
    expect(mine).toMatchObject({ solved: true, bookmarked: true, notes: 'sort first' });
    const theirs = (await sheet('', b.auth)).find((p) => p.slug === 'three-sum')!;
    expect(theirs).toMatchObject({ solved: false, bookmarked: false, notes: '' });
    expect((await sheet()).find((p) => p.slug === 'three-sum')).toMatchObject({ solved: false, bookmarked: false });
  });

  it('filters by topic (name or id), step and difficulty', async () => {
    expect((await sheet('?topic=graphs')).map((p) => p.slug)).toEqual(['number-of-islands', 'word-ladder']);
    expect((await sheet(`?topic=${arraysId}`)).map((p) => p.slug)).toHaveLength(3);
    expect((await sheet('?step=Step%202%3A%20Graphs')).map((p) => p.slug)).toEqual([
      'number-of-islands',
      'word-ladder',
    ]);
    expect((await sheet('?difficulty=Hard')).map((p) => p.slug)).toEqual(['trapping-rain-water', 'word-ladder']);
    expect((await sheet('?topic=Arrays&difficulty=Medium')).map((p) => p.slug)).toEqual(['three-sum']);
    expect(await sheet('?topic=Nope')).toEqual([]);
  });

  it('filters by status: solved, unsolved, bookmarked, revision', async () => {
    const me = await signIn();
    await put(id('two-sum'), me.auth, { solved: true });
    await put(id('word-ladder'), me.auth, { bookmarked: true });
    await put(id('three-sum'), me.auth, { solved: true, revision: true });
    const slugs = async (status: string) => (await sheet(`?status=${status}`, me.auth)).map((p) => p.slug);
    expect(await slugs('solved')).toEqual(['two-sum', 'three-sum']);
    expect(await slugs('unsolved')).toEqual(['trapping-rain-water', 'number-of-islands', 'word-ladder']);
    expect(await slugs('bookmarked')).toEqual(['word-ladder']);
    // 'Revise later' schedules tomorrow: nothing is due today until that day comes.
    expect(await slugs('revision')).toEqual([]);
    await t.database.db
      .update(dsaProgress)
      .set({ revisionDueOn: todayIn('UTC') })
      .where(and(eq(dsaProgress.userId, me.id), eq(dsaProgress.problemId, id('three-sum'))));
    expect(await slugs('revision')).toEqual(['three-sum']);
    // Anonymous readers have solved nothing.
    expect((await sheet('?status=unsolved')).length).toBe(5);
    expect(await sheet('?status=solved')).toEqual([]);
  });

  it('searches titles, tags and the reader’s own notes, case-insensitively, treating % and _ literally', async () => {
    const me = await signIn();
    await put(id('word-ladder'), me.auth, { notes: 'Use BIDIRECTIONAL search' });
    expect((await sheet('?q=island')).map((p) => p.slug)).toEqual(['number-of-islands']);
    expect((await sheet('?q=TWO-POINTERS')).map((p) => p.slug)).toEqual(['three-sum']);
    expect((await sheet('?q=bidirectional', me.auth)).map((p) => p.slug)).toEqual(['word-ladder']);
    expect(await sheet('?q=bidirectional')).toEqual([]);
    expect(await sheet('?q=%25')).toEqual([]);
    expect(await sheet('?q=_')).toEqual([]);
  });

  it.each([
    ['?difficulty=Insane', 'Difficulty must be Easy, Medium or Hard'],
    ['?status=done', 'Status must be solved, unsolved, verified, bookmarked or revision'],
    ['?timeZone=Mars%2FBase', 'Time zone must be a valid IANA name such as Europe/Berlin'],
    [`?q=${'x'.repeat(101)}`, 'Search text must be at most 100 characters'],
  ])('refuses a bad filter %s with 400 and a clear sentence', async (query, error) => {
    const reply = await call('GET', `/api/dsa/problems${query}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
  });

  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
  ] as const)('sends the sheet compressed (%s) to a client that accepts it, the same JSON inside', async (encoding, open) => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/dsa/problems' });
    const packed = await t.app.inject({
      method: 'GET',
      url: '/api/dsa/problems',
      headers: { 'accept-encoding': encoding },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(packed.headers['content-encoding']).toBe(encoding);
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(open(packed.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});

describe('PUT /api/dsa/progress/:problemId', () => {
  it('records a solve with its time and its day in the learner’s time zone, and is idempotent', async () => {
    const me = await signIn();
    const zone = 'Pacific/Kiritimati'; // UTC+14: often a different day from UTC
    const before = dayInTimeZone(new Date(), zone);
    const first = await put(id('two-sum'), me.auth, { solved: true, timeZone: zone });
    const after = dayInTimeZone(new Date(), zone);
    expect(first.statusCode, first.body).toBe(200);
    const progress = first.json().progress;
    expect(progress).toMatchObject({ problemId: id('two-sum'), solved: true, bookmarked: false, notes: '' });
    expect([before, after]).toContain(progress.solvedOn);
    expect(Date.now() - Date.parse(progress.solvedAt)).toBeLessThan(60_000);
    const again = await put(id('two-sum'), me.auth, { solved: true, timeZone: 'Etc/GMT+12' });
    expect(again.json().progress).toEqual(progress);
  });

  it('defaults to UTC when no time zone is sent', async () => {
    const me = await signIn();
    const reply = await put(id('two-sum'), me.auth, { solved: true });
    expect([todayIn('UTC'), todayIn('UTC', new Date(Date.now() - 5000))]).toContain(reply.json().progress.solvedOn);
  });

  it('unsolving clears the solve and takes it out of the counts', async () => {
    const me = await signIn();
    await put(id('two-sum'), me.auth, { solved: true });
    expect((await stats(me.auth)).completedProblems).toBe(1);
    const reply = await put(id('two-sum'), me.auth, { solved: false });
    expect(reply.json().progress).toMatchObject({ solved: false, solvedAt: null, solvedOn: null });
    const after = await stats(me.auth);
    expect(after).toMatchObject({ completedProblems: 0, currentStreak: 0, maxStreak: 0 });
  });

  it('keeps bookmarks and notes independent of the solve', async () => {
    const me = await signIn();
    await put(id('word-ladder'), me.auth, { bookmarked: true });
    const reply = await put(id('word-ladder'), me.auth, { notes: '  BFS from both ends  ' });
    expect(reply.json().progress).toMatchObject({ solved: false, bookmarked: true, notes: 'BFS from both ends' });
    const off = await put(id('word-ladder'), me.auth, { bookmarked: false });
    expect(off.json().progress).toMatchObject({ bookmarked: false, notes: 'BFS from both ends' });
  });

  it.each([
    [
      'an unknown problem',
      '00000000-0000-4000-8000-000000000000',
      { solved: true },
      404,
      'This problem does not exist or was removed',
    ],
    ['a malformed id', 'not-a-uuid', { solved: true }, 400, 'Must be a valid id'],
    ['an empty change', null, {}, 400, 'Send at least one of solved, bookmarked, notes, revision or confidence'],
    ['a wrong type', null, { solved: 'yes' }, 400, 'solved must be true or false'],
    [
      'a bad time zone',
      null,
      { solved: true, timeZone: 'Moon/Crater' },
      400,
      'Time zone must be a valid IANA name such as Europe/Berlin',
    ],
    ['overlong notes', null, { notes: 'x'.repeat(5001) }, 400, 'Notes must be at most 5000 characters'],
  ])('refuses %s with a clear sentence, never a 500', async (_label, problemId, body, status, error) => {
    const me = await signIn();
    const reply = await put(problemId ?? id('two-sum'), me.auth, body);
    expect(reply.statusCode).toBe(status);
    expect(reply.json()).toMatchObject({ success: false, error });
  });

  it('refuses anonymous writes with 401', async () => {
    const reply = await put(id('two-sum'), {}, { solved: true });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
  });

  it('concurrent toggles of one problem from two sessions end consistent', async () => {
    const me = await signIn();
    const second = await login(me.email);
    const sessions = [me.auth, second];
    const replies = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        put(
          id('number-of-islands'),
          sessions[i % 2]!,
          i % 3 === 0 ? { bookmarked: i % 2 === 0 } : { solved: i % 4 < 2 },
        ),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    const rows = await t.database.db
      .select()
      .from(dsaProgress)
      .where(and(eq(dsaProgress.userId, me.id), eq(dsaProgress.problemId, id('number-of-islands'))));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    // The solve fields agree with the flag, and the counts agree with the row.
    expect(row.solvedAt === null).toBe(!row.solved);
    expect(row.solvedOn === null).toBe(!row.solved);
    const s = await stats(me.auth);
    expect(s.completedProblems).toBe(row.solved ? 1 : 0);
    expect(s.bookmarkedProblems).toBe(row.bookmarked ? 1 : 0);
  });

  it('two sessions changing different fields at once lose neither change', async () => {
    const me = await signIn();
    const second = await login(me.email);
    await Promise.all([
      put(id('word-ladder'), me.auth, { solved: true }),
      put(id('word-ladder'), second, { bookmarked: true }),
      put(id('word-ladder'), me.auth, { notes: 'level by level' }),
    ]);
    const mine = (await sheet('', second)).find((p) => p.slug === 'word-ladder')!;
    expect(mine).toMatchObject({ solved: true, bookmarked: true, notes: 'level by level' });
  });
});

describe('GET /api/dsa/progress/stats', () => {
  it('counts totals, solves, bookmarks and per-difficulty numbers (and no streak freeze under 7 days, issue 29)', async () => {
    const me = await signIn();
    await put(id('two-sum'), me.auth, { solved: true, bookmarked: true });
    await put(id('three-sum'), me.auth, { solved: true });
    await put(id('word-ladder'), me.auth, { bookmarked: true });
    expect(await stats(me.auth)).toEqual({
      totalProblems: 5,
      completedProblems: 2,
      bookmarkedProblems: 2,
      currentStreak: 1,
      maxStreak: 1,
      difficultyStats: {
        Easy: { completed: 1, total: 1 },
        Medium: { completed: 1, total: 2 },
        Hard: { completed: 0, total: 2 },
      },
      freezes: { available: 0, usedOn: [] },
    });
  });

  it('a new learner reads zeroes with the real totals', async () => {
    const me = await signIn();
    expect(await stats(me.auth)).toMatchObject({
      totalProblems: 5,
      completedProblems: 0,
      currentStreak: 0,
      maxStreak: 0,
    });
  });

  it('counts streaks by day: a streak ending yesterday survives, a gap breaks it, max remembers', async () => {
    const me = await signIn();
    const today = todayIn('UTC');
    await solvedOnDay(me.id, id('two-sum'), addDays(today, -10));
    await solvedOnDay(me.id, id('three-sum'), addDays(today, -9));
    await solvedOnDay(me.id, id('trapping-rain-water'), addDays(today, -8));
    await solvedOnDay(me.id, id('number-of-islands'), addDays(today, -2));
    await solvedOnDay(me.id, id('word-ladder'), addDays(today, -1));
    expect(await stats(me.auth)).toMatchObject({ completedProblems: 5, currentStreak: 2, maxStreak: 3 });
    await put(id('word-ladder'), me.auth, { solved: false });
    expect(await stats(me.auth)).toMatchObject({ currentStreak: 0, maxStreak: 3 });
  });

  it('reads today in the time zone it is asked for', async () => {
    const me = await signIn();
    // Kiritimati (UTC+14) is 25 hours ahead of Niue (UTC-11): its day before yesterday is Niue's yesterday (or today).
    await solvedOnDay(me.id, id('two-sum'), addDays(todayIn('Pacific/Kiritimati'), -2));
    expect((await stats(me.auth, 'Pacific/Kiritimati')).currentStreak).toBe(0);
    expect((await stats(me.auth, 'Pacific/Niue')).currentStreak).toBe(1);
  });

  it('refuses anonymous readers and bad time zones', async () => {
    expect((await call('GET', '/api/dsa/progress/stats')).statusCode).toBe(401);
    const me = await signIn();
    const reply = await call('GET', '/api/dsa/progress/stats?timeZone=Not%2FAZone', me.auth);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe('Time zone must be a valid IANA name such as Europe/Berlin');
  });
});

describe('GET /api/dsa/progress/activity', () => {
  it('gives the last 49 days, oldest first, with counts and levels', async () => {
    const me = await signIn();
    const today = todayIn('UTC');
    await solvedOnDay(me.id, id('two-sum'), today);
    await solvedOnDay(me.id, id('three-sum'), today);
    await solvedOnDay(me.id, id('word-ladder'), addDays(today, -48));
    await solvedOnDay(me.id, id('number-of-islands'), addDays(today, -49)); // outside the window
    const reply = await call('GET', '/api/dsa/progress/activity?timeZone=UTC', me.auth);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reply.json().success).toBe(true);
    const activity = reply.json().activity as { date: string; count: number; level: number }[];
    expect(activity).toHaveLength(49);
    expect(activity[0]).toEqual({ date: addDays(today, -48), count: 1, level: 1 });
    expect(activity[48]).toEqual({ date: today, count: 2, level: 2 });
    expect(activity.reduce((sum, day) => sum + day.count, 0)).toBe(3);
  });

  it('sends stats and the grid as plain JSON even to a client that takes brotli (small replies, no per-read compression)', async () => {
    const me = await signIn();
    for (const url of ['/api/dsa/progress/stats?timeZone=UTC', '/api/dsa/progress/activity?timeZone=UTC&days=366']) {
      const reply = await call('GET', url, { ...me.auth, 'accept-encoding': 'br, gzip' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['cache-control']).toBe('no-store');
      expect(reply.json().success).toBe(true);
    }
  });

  it('asks for more days (up to a year) and refuses more', async () => {
    const me = await signIn();
    const year = await call('GET', '/api/dsa/progress/activity?days=366', me.auth);
    expect(year.json().activity).toHaveLength(366);
    const week = await call('GET', '/api/dsa/progress/activity?days=7&timeZone=Asia%2FTokyo', me.auth);
    expect(week.json().activity.at(-1).date).toBe(todayIn('Asia/Tokyo'));
    for (const [days, error] of [
      ['367', 'days must be at most 366'],
      ['0', 'days must be at least 1'],
      ['abc', 'days must be a number'],
    ]) {
      const reply = await call('GET', `/api/dsa/progress/activity?days=${days}`, me.auth);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe(error);
    }
    expect((await call('GET', '/api/dsa/progress/activity')).statusCode).toBe(401);
  });
});

describe('revision', () => {
  it('schedules a solved problem, lists it under Revise today, and records each review', async () => {
    const me = await signIn();
    const refused = await put(id('word-ladder'), me.auth, { revision: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('Only a solved problem can be marked for revision');

    await put(id('word-ladder'), me.auth, { solved: true });
    const marked = await put(id('word-ladder'), me.auth, { revision: true, timeZone: 'UTC' });
    const today = todayIn('UTC');
    // 'Revise later' is not 'Revise today': it comes back tomorrow.
    expect(marked.json().progress).toMatchObject({ revisionStage: 0, revisionDueOn: addDays(today, 1) });
    expect(await sheet('?status=revision&timeZone=UTC', me.auth)).toEqual([]);
    // Its day comes.
    await t.database.db
      .update(dsaProgress)
      .set({ revisionDueOn: today })
      .where(and(eq(dsaProgress.userId, me.id), eq(dsaProgress.problemId, id('word-ladder'))));
    expect((await sheet('?status=revision&timeZone=UTC', me.auth)).map((p) => p.slug)).toEqual(['word-ladder']);

    const reviewed = await call('POST', `/api/dsa/progress/${id('word-ladder')}/review`, me.auth, { timeZone: 'UTC' });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json().progress).toMatchObject({ revisionStage: 1, revisionDueOn: addDays(today, 3) });
    expect(await sheet('?status=revision&timeZone=UTC', me.auth)).toEqual([]);
    const reviews = await t.database.db.select().from(dsaReviews).where(eq(dsaReviews.userId, me.id));
    expect(reviews.map((r) => r.stage)).toEqual([1]);

    // Marking again keeps the running schedule; unsolving takes it off.
    expect((await put(id('word-ladder'), me.auth, { revision: true })).json().progress.revisionStage).toBe(1);
    const unsolved = await put(id('word-ladder'), me.auth, { solved: false });
    expect(unsolved.json().progress).toMatchObject({ revisionStage: null, revisionDueOn: null });
    const notScheduled = await call('POST', `/api/dsa/progress/${id('word-ladder')}/review`, me.auth, {});
    expect(notScheduled.statusCode).toBe(400);
    expect(notScheduled.json().error).toBe('This problem is not on your revision schedule; mark it for revision first');
  });

  it('takes a problem off the schedule on request', async () => {
    const me = await signIn();
    await put(id('two-sum'), me.auth, { solved: true, revision: true });
    const off = await put(id('two-sum'), me.auth, { revision: false });
    expect(off.json().progress).toMatchObject({ solved: true, revisionStage: null, revisionDueOn: null });
  });
});

describe('management roles', () => {
  const endpoints: [string, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown][] = [
    ['create a problem', 'POST', '/api/admin/dsa/problems', {}],
    ['edit a problem', 'PATCH', '/api/admin/dsa/problems/00000000-0000-4000-8000-000000000000', { title: 'x' }],
    ['delete a problem', 'DELETE', '/api/admin/dsa/problems/00000000-0000-4000-8000-000000000000', undefined],
    ['reorder problems', 'PUT', '/api/admin/dsa/problems/order', { ids: [] }],
    ['import problems', 'POST', '/api/admin/dsa/problems/import?dryRun=true', []],
    ['export problems', 'GET', '/api/admin/dsa/problems/export', undefined],
    ['create a topic', 'POST', '/api/admin/dsa/topics', { name: 'x' }],
    ['rename a topic', 'PATCH', '/api/admin/dsa/topics/00000000-0000-4000-8000-000000000000', { name: 'x' }],
    ['delete a topic', 'DELETE', '/api/admin/dsa/topics/00000000-0000-4000-8000-000000000000', undefined],
    ['reorder topics', 'PUT', '/api/admin/dsa/topics/order', { ids: [] }],
  ];

  it.each(endpoints)('anonymous gets 401 and a Student 403 to %s', async (_label, method, url, payload) => {
    const student = await signIn('Student');
    const pending = await signIn('pending_instructor');
    expect((await call(method, url, {}, payload)).statusCode).toBe(401);
    expect((await call(method, url, student.auth, payload)).statusCode).toBe(403);
    expect((await call(method, url, pending.auth, payload)).statusCode).toBe(403);
  });

  it.each([
    ['Instructor', () => instructor],
    ['Admin', () => admin],
  ] as const)('%s gets 200 from every management endpoint: problems, import, export and topics', async (role, who) => {
    const headers = who().auth;
    const topic = await call('POST', '/api/admin/dsa/topics', headers, { name: `Tries ${role}` });
    expect(topic.statusCode).toBe(201);
    const topicId = topic.json().topic.id;
    const created = await call('POST', '/api/admin/dsa/problems', headers, {
      title: `Implement Trie ${role}`,
      step: 'Step 3: Tries',
      topicId,
      difficulty: 'Medium',
      url: 'https://leetcode.com/problems/implement-trie-prefix-tree/',
    });
    expect(created.statusCode, created.body).toBe(201);
    const problemId = created.json().problem.id;
    const edited = await call('PATCH', `/api/admin/dsa/problems/${problemId}`, headers, { difficulty: 'Hard' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().problem.difficulty).toBe('Hard');
    expect((await call('PUT', '/api/admin/dsa/problems/order', headers, { ids: [problemId] })).statusCode).toBe(200);

    const slug = `word-search-ii-${role.toLowerCase()}`;
    const file = [
      {
        slug,
        title: `Word Search II ${role}`,
        step: 'Step 3: Tries',
        topic: `Tries ${role}`,
        difficulty: 'Hard',
        url: 'https://leetcode.com/problems/word-search-ii/',
        tags: ['trie'],
      },
    ];
    const dry = await call('POST', '/api/admin/dsa/problems/import?dryRun=true', headers, file);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ applied: false, report: { created: 1, errors: [] } });
    const imported = await call('POST', '/api/admin/dsa/problems/import', headers, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ applied: true, report: { created: 1 } });
    const importedId = (await sheet(`?q=${encodeURIComponent(`Word Search II ${role}`)}`)).find(
      (p) => p.slug === slug,
    )!.id;
    expect((await call('GET', '/api/admin/dsa/problems/export', headers)).statusCode).toBe(200);

    const renamed = await call('PATCH', `/api/admin/dsa/topics/${topicId}`, headers, { name: `Tries by ${role}` });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().topic.name).toBe(`Tries by ${role}`);
    expect((await call('PUT', '/api/admin/dsa/topics/order', headers, { ids: [topicId] })).statusCode).toBe(200);

    expect((await call('DELETE', `/api/admin/dsa/problems/${problemId}`, headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/dsa/problems/${importedId}`, headers)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/dsa/topics/${topicId}`, headers)).statusCode).toBe(200);
  });
});

describe('problem management', () => {
  const base = () => ({
    title: 'Valid Anagram',
    step: 'Step 1: Basics',
    topicId: arraysId,
    difficulty: 'Easy',
    url: 'https://leetcode.com/problems/valid-anagram/',
    altUrl: 'https://www.geeksforgeeks.org/problems/anagram-1587115620/1',
    tags: ['hashing', 'strings'],
  });

  it('creates a problem into its step, shows it to learners, and refuses a taken slug with 409', async () => {
    const reply = await call('POST', '/api/admin/dsa/problems', instructor.auth, base());
    expect(reply.statusCode, reply.body).toBe(201);
    const problem = reply.json().problem;
    expect(problem).toMatchObject({
      slug: 'valid-anagram',
      topic: 'Arrays',
      altUrl: base().altUrl,
      tags: ['hashing', 'strings'],
    });
    // Slotted after the last problem of "Step 1: Basics", before the graphs.
    expect((await sheet()).map((p) => p.slug)).toEqual([
      'two-sum',
      'three-sum',
      'trapping-rain-water',
      'valid-anagram',
      'number-of-islands',
      'word-ladder',
    ]);
    const again = await call('POST', '/api/admin/dsa/problems', instructor.auth, base());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A problem with the slug "valid-anagram" already exists');
    await call('DELETE', `/api/admin/dsa/problems/${problem.id}`, instructor.auth);
  });

  it.each([
    [{ url: 'ftp://example.com/x' }, 'Enter a judge link starting with https://'],
    [{ url: 'http://leetcode.com/problems/valid-anagram/' }, 'Enter a judge link starting with https://'],
    [
      { altUrl: 'http://www.geeksforgeeks.org/problems/anagram-1587115620/1' },
      'Enter a second link starting with https://',
    ],
    [{ url: 'javascript:alert(1)' }, 'Enter a judge link starting with https://'],
    [{ title: ' ' }, 'Title must be at least 2 characters'],
    [{ difficulty: 'Impossible' }, 'Difficulty must be Easy, Medium or Hard'],
    [{ topicId: 'arrays' }, 'Must be a valid id'],
    [{ slug: 'Not A Slug' }, 'Slug may use lowercase letters, digits and dashes only'],
    [{ tags: Array(13).fill('x') }, 'At most 12 tags'],
  ])('refuses invalid input %j with a clear sentence', async (override, error) => {
    const reply = await call('POST', '/api/admin/dsa/problems', admin.auth, { ...base(), ...override });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(error);
  });

  it('refuses a topic that does not exist', async () => {
    const reply = await call('POST', '/api/admin/dsa/problems', admin.auth, {
      ...base(),
      topicId: '00000000-0000-4000-8000-000000000000',
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe('Choose an existing topic');
  });

  it('edits fields, moving a problem to its new step', async () => {
    const created = (
      await call('POST', '/api/admin/dsa/problems', admin.auth, { ...base(), title: 'Clone Graph' })
    ).json().problem;
    const edited = await call('PATCH', `/api/admin/dsa/problems/${created.id}`, admin.auth, {
      step: 'Step 2: Graphs',
      topicId: graphsId,
      altUrl: null,
      tags: ['graphs'],
    });
    expect(edited.json().problem).toMatchObject({
      step: 'Step 2: Graphs',
      topic: 'Graphs',
      altUrl: null,
      tags: ['graphs'],
    });
    expect((await sheet()).map((p) => p.slug).slice(-3)).toEqual(['number-of-islands', 'word-ladder', 'clone-graph']);
    const empty = await call('PATCH', `/api/admin/dsa/problems/${created.id}`, admin.auth, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Send at least one field to change');
    await call('DELETE', `/api/admin/dsa/problems/${created.id}`, admin.auth);
  });

  it('soft-deletes: the problem leaves every list and count, learners keep their rows', async () => {
    const created = (
      await call('POST', '/api/admin/dsa/problems', admin.auth, { ...base(), title: 'Group Anagrams' })
    ).json().problem;
    const learner = await signIn();
    await put(created.id, learner.auth, { solved: true, bookmarked: true, notes: 'sorted key' });
    expect((await stats(learner.auth)).completedProblems).toBe(1);
    expect((await call('DELETE', `/api/admin/dsa/problems/${created.id}`, admin.auth)).statusCode).toBe(200);

    expect((await sheet('', learner.auth)).some((p) => p.id === created.id)).toBe(false);
    expect(await sheet('?status=bookmarked', learner.auth)).toEqual([]);
    expect(await stats(learner.auth)).toMatchObject({
      totalProblems: 5,
      completedProblems: 0,
      bookmarkedProblems: 0,
      currentStreak: 0,
    });
    const activity = (await call('GET', '/api/dsa/progress/activity', learner.auth)).json().activity;
    expect(activity.every((d: { count: number }) => d.count === 0)).toBe(true);
    const kept = await t.database.db.select().from(dsaProgress).where(eq(dsaProgress.problemId, created.id));
    expect(kept).toHaveLength(1);

    expect((await put(created.id, learner.auth, { solved: false })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/dsa/problems/${created.id}`, admin.auth)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/admin/dsa/problems/${created.id}`, admin.auth, { title: 'Back' })).statusCode,
    ).toBe(404);
  });

  it('reorders problems within the positions they hold', async () => {
    const order = ['trapping-rain-water', 'two-sum', 'three-sum'].map(id);
    expect((await call('PUT', '/api/admin/dsa/problems/order', admin.auth, { ids: order })).statusCode).toBe(200);
    expect((await sheet()).map((p) => p.slug)).toEqual([
      'trapping-rain-water',
      'two-sum',
      'three-sum',
      'number-of-islands',
      'word-ladder',
    ]);
    await call('PUT', '/api/admin/dsa/problems/order', admin.auth, {
      ids: ['two-sum', 'three-sum', 'trapping-rain-water'].map(id),
    });
    expect((await sheet()).map((p) => p.slug)[0]).toBe('two-sum');

    const twice = await call('PUT', '/api/admin/dsa/problems/order', admin.auth, {
      ids: [id('two-sum'), id('two-sum')],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error).toBe('The new order lists an id twice');
    const unknown = await call('PUT', '/api/admin/dsa/problems/order', admin.auth, {
      ids: [id('two-sum'), '00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('topic management', () => {
  it('creates, renames and reorders topics; names are unique regardless of case', async () => {
    const created = await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'Heaps' });
    expect(created.statusCode).toBe(201);
    const topic = created.json().topic;
    expect(topic).toMatchObject({ name: 'Heaps', problemCount: 0 });
    const dup = await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'Arrays' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('A topic named "Arrays" already exists');
    expect((await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'ARRAYS' })).statusCode).toBe(409);
    const caseDup = await call('PATCH', `/api/admin/dsa/topics/${topic.id}`, admin.auth, { name: 'graphs' });
    expect(caseDup.statusCode).toBe(409);
    const renamed = await call('PATCH', `/api/admin/dsa/topics/${topic.id}`, admin.auth, {
      name: 'Heaps and Priority Queues',
    });
    expect(renamed.json().topic.name).toBe('Heaps and Priority Queues');

    await call('PUT', '/api/admin/dsa/topics/order', admin.auth, { ids: [topic.id, graphsId, arraysId] });
    const topics = (await call('GET', '/api/dsa/topics')).json().topics as {
      id: string;
      name: string;
      problemCount: number;
    }[];
    expect(topics.map((x) => x.name)).toEqual(['Heaps and Priority Queues', 'Graphs', 'Arrays']);
    expect(topics.find((x) => x.id === arraysId)!.problemCount).toBe(3);
    await call('PUT', '/api/admin/dsa/topics/order', admin.auth, { ids: [arraysId, graphsId, topic.id] });
    await call('DELETE', `/api/admin/dsa/topics/${topic.id}`, admin.auth);
  });

  it('refuses to delete a topic that still has problems (409), deletes an empty one', async () => {
    const refused = await call('DELETE', `/api/admin/dsa/topics/${graphsId}`, admin.auth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('This topic still has 2 problems; move or delete them first');
    const empty = (await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'Bit Manipulation' })).json().topic;
    expect((await call('DELETE', `/api/admin/dsa/topics/${empty.id}`, admin.auth)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/dsa/topics/${empty.id}`, admin.auth)).statusCode).toBe(404);
    const bad = await call('PATCH', '/api/admin/dsa/topics/xyz', admin.auth, { name: 'Fine' });
    expect(bad.statusCode).toBe(400);
    const short = await call('POST', '/api/admin/dsa/topics', admin.auth, { name: 'x' });
    expect(short.json().error).toBe('Topic name must be at least 2 characters');
  });
});

describe('bulk import and export', () => {
  const row = (slug: string, extra: Record<string, unknown> = {}) => ({
    slug,
    title: slug
      .split('-')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' '),
    step: 'Step 9: Imported',
    topic: 'Sliding Window',
    difficulty: 'Medium',
    url: `https://leetcode.com/problems/${slug}/`,
    tags: ['window'],
    ...extra,
  });
  const importUrl = (query = '') => `/api/admin/dsa/problems/import${query}`;
  const slugsOnSheet = async () => (await sheet()).map((p) => p.slug);

  it('a dry run reports what would change and writes nothing', async () => {
    const before = await slugsOnSheet();
    const reply = await call('POST', importUrl('?dryRun=true'), admin.auth, {
      problems: [
        row('longest-substring-without-repeating-characters'),
        {
          ...row('two-sum'),
          title: 'Two Sum',
          step: 'Step 1: Basics',
          topic: 'Arrays',
          difficulty: 'Easy',
          url: 'https://leetcode.com/problems/two-sum/',
          tags: ['hash-map', 'array'],
        },
        {
          ...row('three-sum'),
          title: 'Three Sum (renamed)',
          step: 'Step 1: Basics',
          topic: 'Arrays',
          url: 'https://leetcode.com/problems/3sum/',
        },
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      dryRun: true,
      applied: false,
      report: { created: 1, updated: 1, unchanged: 1, errors: [], newTopics: ['Sliding Window'] },
    });
    expect(await slugsOnSheet()).toEqual(before);
  });

  it('a file with bad rows reports each row and writes nothing unless told to skip them', async () => {
    const before = await slugsOnSheet();
    const problems = [
      row('minimum-window-substring', { difficulty: 'Hard' }),
      row('bad-difficulty', { difficulty: 'Legendary' }),
      row('bad-link', { url: 'not a link' }),
      {
        title: 'No Slug Given But Fine',
        step: 'Step 9: Imported',
        topic: 'Sliding Window',
        difficulty: 'Easy',
        url: 'https://leetcode.com/problems/x/',
      },
      row('minimum-window-substring'),
      { slug: 'nothing-else' },
    ];
    const refused = await call('POST', importUrl(), admin.auth, problems);
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.success).toBe(false);
    expect(body.error).toBe(
      '4 rows have errors, so nothing was imported. Fix them, or import again with skipInvalid=true to skip them.',
    );
    expect(body.report.errors).toEqual([
      { row: 2, message: 'Difficulty must be Easy, Medium or Hard' },
      { row: 3, message: 'Enter a judge link starting with https://' },
      { row: 5, message: 'The slug "minimum-window-substring" appears twice in this file (first on row 1)' },
      {
        row: 6,
        message:
          'Title is required; Step is required; Topic name is required; Difficulty must be Easy, Medium or Hard; Judge link is required',
      },
    ]);
    expect(await slugsOnSheet()).toEqual(before);
    expect((await call('GET', '/api/dsa/topics')).json().topics.map((x: { name: string }) => x.name)).not.toContain(
      'Sliding Window',
    );

    const skipped = await call('POST', importUrl('?skipInvalid=true'), admin.auth, problems);
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({
      success: true,
      applied: true,
      report: { created: 2, updated: 0, unchanged: 0 },
    });
    expect(skipped.json().message).toBe('Import done: 2 problems created, 0 updated, 0 unchanged, 4 rows skipped');
    const after = await sheet('?topic=Sliding%20Window');
    expect(after.map((p) => p.slug)).toEqual(['minimum-window-substring', 'no-slug-given-but-fine']);
    for (const p of after) await call('DELETE', `/api/admin/dsa/problems/${p.id}`, admin.auth);
  });

  it('imports CSV with quoted fields and tags split by |', async () => {
    const csv = [
      'slug,title,step,topic,difficulty,url,altUrl,tags',
      'sliding-window-maximum,"Sliding Window Maximum, the deque one",Step 9: Imported,Sliding Window,Hard,https://leetcode.com/problems/sliding-window-maximum/,,deque|monotonic',
      'broken,Broken,Step 9: Imported,Sliding Window,Medium,nope,,',
    ].join('\n');
    const dry = await t.app.inject({
      method: 'POST',
      url: importUrl('?dryRun=true'),
      headers: { ...admin.auth, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(dry.json().report).toMatchObject({
      created: 1,
      errors: [{ row: 3, message: 'Enter a judge link starting with https://' }],
    });
    const applied = await t.app.inject({
      method: 'POST',
      url: importUrl('?skipInvalid=true'),
      headers: { ...admin.auth, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const [imported] = await sheet('?q=deque');
    expect(imported).toMatchObject({
      title: 'Sliding Window Maximum, the deque one',
      tags: ['deque', 'monotonic'],
      difficulty: 'Hard',
    });
    await call('DELETE', `/api/admin/dsa/problems/${imported!.id}`, admin.auth);
  });

  it('importing a deleted problem brings it back', async () => {
    const created = (
      await call('POST', '/api/admin/dsa/problems', admin.auth, {
        title: 'Koko Eating Bananas',
        step: 'Step 1: Basics',
        topicId: arraysId,
        difficulty: 'Medium',
        url: 'https://leetcode.com/problems/koko-eating-bananas/',
      })
    ).json().problem;
    await call('DELETE', `/api/admin/dsa/problems/${created.id}`, admin.auth);
    const reply = await call('POST', importUrl(), admin.auth, [
      {
        slug: 'koko-eating-bananas',
        title: 'Koko Eating Bananas',
        step: 'Step 1: Basics',
        topic: 'Arrays',
        difficulty: 'Medium',
        url: 'https://leetcode.com/problems/koko-eating-bananas/',
      },
    ]);
    expect(reply.json().report).toMatchObject({ created: 0, updated: 1 });
    expect((await sheet()).map((p) => p.slug)).toContain('koko-eating-bananas');
    await call('DELETE', `/api/admin/dsa/problems/${created.id}`, admin.auth);
  });

  it.each(['json', 'csv'] as const)('exports %s that imports back unchanged', async (format) => {
    const reply = await call('GET', `/api/admin/dsa/problems/export?format=${format}`, instructor.auth);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="dsa-problems-\\d{4}-\\d{2}-\\d{2}\\.${format}"`),
    );
    if (format === 'json') {
      const bankFile = reply.json();
      expect(bankFile.version).toBe(1);
      expect(bankFile.steps).toEqual(['Step 1: Basics', 'Step 2: Graphs']);
      expect(bankFile.problems).toHaveLength(5);
    } else {
      expect(reply.headers['content-type']).toContain('text/csv');
      expect(reply.body.split('\r\n')[0]).toBe('slug,title,step,topic,difficulty,url,altUrl,tags,companies');
    }
    const back = await t.app.inject({
      method: 'POST',
      url: importUrl('?dryRun=true'),
      headers: { ...admin.auth, 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
      payload: reply.body,
    });
    expect(back.json().report).toEqual({ created: 0, updated: 0, unchanged: 5, errors: [], newTopics: [] });
  });

  it('refuses files that are not a list, empty, or too large, with clear sentences', async () => {
    const cases: [unknown, string, string][] = [
      [{ hello: 'world' }, 'application/json', 'Send a CSV file, a JSON list, or a JSON file with a "problems" list'],
      [[], 'application/json', 'The file holds no rows to import'],
      [
        'slug,title\nx,y',
        'text/csv',
        'The CSV file needs the columns title, step, topic, difficulty, url; missing: step, topic, difficulty, url',
      ],
      ['', 'text/csv', 'The file is empty'],
    ];
    for (const [payload, type, error] of cases) {
      const reply = await t.app.inject({
        method: 'POST',
        url: importUrl(),
        headers: { ...admin.auth, 'content-type': type },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(reply.statusCode, String(payload)).toBe(400);
      expect(reply.json().error).toBe(error);
    }
    const tooMany = await call(
      'POST',
      importUrl(),
      admin.auth,
      Array.from({ length: 5001 }, () => ({})),
    );
    expect(tooMany.json().error).toBe('An import holds at most 5000 rows');
  });
});

describe('own progress export and import', () => {
  it.each(['json', 'csv'] as const)('moves progress to another account through %s', async (format) => {
    const from = await signIn();
    await put(id('two-sum'), from.auth, { solved: true, notes: 'one pass, "hash map"' });
    await put(id('word-ladder'), from.auth, { bookmarked: true });
    await put(id('three-sum'), from.auth, { solved: true, revision: true });
    const exported = await call('GET', `/api/dsa/progress/export?format=${format}`, from.auth);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`dsa-progress-`);

    const to = await signIn();
    await put(id('word-ladder'), to.auth, { notes: 'my own note' });
    const send = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/dsa/progress/import${query}`,
        headers: { ...to.auth, 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
        payload: exported.body,
      });
    const dry = await send('?dryRun=true');
    expect(dry.json()).toMatchObject({
      success: true,
      applied: false,
      report: { created: 2, updated: 1, unchanged: 0, errors: [] },
    });
    expect((await stats(to.auth)).completedProblems).toBe(0);

    const applied = await send('?timeZone=UTC');
    expect(applied.statusCode, applied.body).toBe(200);
    const fromStats = await stats(from.auth);
    const toStats = await stats(to.auth);
    expect(toStats).toMatchObject({
      completedProblems: 2,
      bookmarkedProblems: 1,
      currentStreak: fromStats.currentStreak,
    });
    const mine = await sheet('', to.auth);
    expect(mine.find((p) => p.slug === 'two-sum')!.notes).toBe('one pass, "hash map"');
    expect(mine.find((p) => p.slug === 'word-ladder')!.notes).toBe('my own note');
    expect(mine.find((p) => p.slug === 'three-sum')!.revisionStage).toBe(0);

    // Importing the same file again changes nothing.
    expect((await send('?dryRun=true')).json().report).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
  });

  it('reports unknown slugs and bad rows, and writes nothing unless told', async () => {
    const me = await signIn();
    const file = {
      version: 1,
      progress: [
        { slug: 'two-sum', solved: true, solvedOn: '2024-01-05' },
        { slug: 'no-such-problem', solved: true },
        { slug: 'three-sum', solved: 'maybe' },
        { slug: 'word-ladder', solved: true, solvedOn: '2024-02-30' },
      ],
    };
    const refused = await call('POST', '/api/dsa/progress/import', me.auth, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().report.errors).toEqual([
      { row: 2, message: 'No problem with the slug "no-such-problem" is on this sheet' },
      { row: 3, message: 'solved must be true or false' },
      { row: 4, message: 'Dates must look like YYYY-MM-DD' },
    ]);
    expect((await stats(me.auth)).completedProblems).toBe(0);
    const skipped = await call('POST', '/api/dsa/progress/import?skipInvalid=true', me.auth, file);
    expect(skipped.json().report).toMatchObject({ created: 1 });
    const [row] = await sheet('?status=solved', me.auth);
    expect(row).toMatchObject({ slug: 'two-sum', solvedOn: '2024-01-05' });
    expect((await call('POST', '/api/dsa/progress/import', {}, file)).statusCode).toBe(401);
  });
});

describe('own progress import: solve days that have not come yet', () => {
  // Kiritimati (UTC+14) is always one or two calendar days ahead of Pago Pago (UTC-11).
  const ahead = 'Pacific/Kiritimati';
  const behind = 'Pacific/Pago_Pago';

  it('allows tomorrow in the learner’s time zone and refuses any later day, row by row', async () => {
    const me = await signIn();
    const tomorrow = addDays(todayIn(ahead), 1);
    const file = {
      version: 1,
      progress: [
        { slug: 'two-sum', solved: true, solvedOn: tomorrow },
        { slug: 'three-sum', solved: true, solvedOn: addDays(todayIn(ahead), 2) },
        { slug: 'word-ladder', solved: true, solvedOn: '2099-12-31' },
      ],
    };
    const refused = await call('POST', `/api/dsa/progress/import?timeZone=${encodeURIComponent(ahead)}`, me.auth, file);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().report.errors).toEqual([
      { row: 2, message: `The solve day ${addDays(todayIn(ahead), 2)} has not come yet` },
      { row: 3, message: 'The solve day 2099-12-31 has not come yet' },
    ]);
    expect((await stats(me.auth)).completedProblems).toBe(0);

    // The same "tomorrow" is two or more days away in a zone 25 hours behind.
    const behindDry = await call(
      'POST',
      `/api/dsa/progress/import?dryRun=true&timeZone=${encodeURIComponent(behind)}`,
      me.auth,
      file,
    );
    expect(behindDry.json().report.errors.map((e: { row: number }) => e.row)).toEqual([1, 2, 3]);

    const skipped = await call(
      'POST',
      `/api/dsa/progress/import?skipInvalid=true&timeZone=${encodeURIComponent(ahead)}`,
      me.auth,
      file,
    );
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().report).toMatchObject({ created: 1, updated: 0 });
    expect(await stats(me.auth, ahead)).toMatchObject({ completedProblems: 1, currentStreak: 1, maxStreak: 1 });
  });

  it('a future day already in the table keeps no streak alive', async () => {
    const me = await signIn();
    await solvedOnDay(me.id, id('two-sum'), '2099-12-31');
    expect(await stats(me.auth)).toMatchObject({ completedProblems: 1, currentStreak: 0, maxStreak: 0 });
  });
});

describe('seed', () => {
  it('loads a bank file once, in step order, and records the run so deletions stay deleted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dsa-bank-'));
    const file = path.join(dir, 'problems.json');
    const problem = (slug: string, step: string, topic: string) => ({
      slug,
      title: slug.replaceAll('-', ' '),
      step,
      topic,
      difficulty: 'Easy',
      url: `https://leetcode.com/problems/${slug}/`,
      tags: ['seed'],
    });
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        steps: ['Seed Step A', 'Seed Step B'],
        problems: [
          problem('seed-b-one', 'Seed Step B', 'Seeded Stacks'),
          problem('seed-a-one', 'Seed Step A', 'Seeded Queues'),
          problem('seed-a-two', 'Seed Step A', 'Seeded Queues'),
          { slug: 'seed-broken', title: 'Broken' },
        ],
      }),
    );
    expect(await seedDsaProblems(t.database.db, file)).toBe(3);
    const seeded = await sheet('?q=seed');
    expect(seeded.map((p) => p.slug)).toEqual(['seed-a-one', 'seed-a-two', 'seed-b-one']);
    const [run] = await t.database.db.select().from(seedRuns).where(eq(seedRuns.name, 'dsa-problems'));
    expect(run).toMatchObject({ version: 1 });

    await call('DELETE', `/api/admin/dsa/problems/${seeded[0]!.id}`, admin.auth);
    expect(await seedDsaProblems(t.database.db, file)).toBe(0);
    expect((await sheet('?q=seed')).map((p) => p.slug)).toEqual(['seed-a-two', 'seed-b-one']);
    const [deleted] = await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, 'seed-a-one'));
    expect(deleted!.deletedAt).not.toBeNull();
  });

  it('does nothing when the bank file is missing', async () => {
    expect(await seedDsaProblems(t.database.db, '/nonexistent/problems.json')).toBe(0);
  });
});

describe('the curated problem bank (apps/api/content/dsa/problems.json)', async () => {
  const { existsSync, readFileSync } = await import('node:fs');
  const { problemBankSchema } = await import('@learnbuild/domain/schemas/dsa');
  /** The issue's topics, in its words, and the bank's name for each. */
  const ISSUE_TOPICS: Record<string, string> = {
    arrays: 'Arrays',
    hashing: 'Hashing',
    'two pointers': 'Two Pointers',
    'sliding window': 'Sliding Window',
    'binary search': 'Binary Search',
    strings: 'Strings',
    'linked lists': 'Linked Lists',
    'stacks and queues': 'Stacks and Queues',
    'recursion and backtracking': 'Recursion and Backtracking',
    trees: 'Trees',
    BST: 'BST',
    heaps: 'Heaps',
    graphs: 'Graphs',
    greedy: 'Greedy',
    'dynamic programming': 'Dynamic Programming',
    tries: 'Tries',
    'bit manipulation': 'Bit Manipulation',
  };
  const JUDGE = /^https:\/\/(leetcode\.com\/problems|www\.geeksforgeeks\.org\/problems)\/[a-z0-9-]+\/(1)?$/;

  it.skipIf(!existsSync(PROBLEM_BANK_FILE))(
    'is valid: 250+ problems over exactly the 17 topics of the issue, unique slugs, tags and a judge link each',
    () => {
      const raw = JSON.parse(readFileSync(PROBLEM_BANK_FILE, 'utf8'));
      const bankFile = problemBankSchema.parse(raw);
      expect(bankFile.problems.length).toBeGreaterThanOrEqual(250);
      expect(new Set(bankFile.problems.map((p) => p.slug)).size).toBe(bankFile.problems.length);
      expect(new Set(bankFile.problems.map((p) => p.topic))).toEqual(new Set(Object.values(ISSUE_TOPICS)));
      for (const p of raw.problems as Record<string, unknown>[]) {
        expect(['Easy', 'Medium', 'Hard'], String(p.slug)).toContain(p.difficulty);
      }
      for (const p of bankFile.problems) {
        expect(p.tags.length, p.slug).toBeGreaterThan(0);
        expect(p.url, p.slug).toMatch(JUDGE);
        if (p.altUrl !== null) expect(p.altUrl, p.slug).toMatch(JUDGE);
        expect(bankFile.steps, p.slug).toContain(p.step);
      }
    },
  );
});
