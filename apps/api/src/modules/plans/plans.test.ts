import type { Role } from '@learnbuild/domain/roles';
import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProblems, dsaTopics, judgeProblems } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { solveProblem } from '../../test/learner-requests';

let t: TestApp;
const ids: Record<string, string> = {};

const ARRAYS = 'Step 1: Array Fundamentals';
const HASHING = 'Step 2: Hashing and Prefix Sums';
const STRINGS = 'Step 5: String Manipulation';

// The sheet in order: two interview steps (with a Hard problem the interview plan leaves out) and a step it skips.
const BANK = [
  { slug: 'a1', step: ARRAYS, difficulty: 'Easy' },
  { slug: 'a2', step: ARRAYS, difficulty: 'Medium' },
  { slug: 'a3', step: ARRAYS, difficulty: 'Hard' },
  { slug: 'h1', step: HASHING, difficulty: 'Easy' },
  { slug: 'h2', step: HASHING, difficulty: 'Medium' },
  { slug: 's1', step: STRINGS, difficulty: 'Easy' },
] as const;

beforeAll(async () => {
  t = await buildTestApp();
  const [topic] = await t.database.db.insert(dsaTopics).values({ name: 'Plans topic' }).returning();
  const rows = await t.database.db
    .insert(dsaProblems)
    .values(
      BANK.map((problem, position) => ({
        slug: `plan-${problem.slug}`,
        title: `Plan ${problem.slug}`,
        step: problem.step,
        topicId: topic!.id,
        difficulty: problem.difficulty,
        url: `https://judge.example.com/plan/${problem.slug}`,
        position,
      })),
    )
    .returning();
  for (const row of rows) ids[row.slug.replace('plan-', '')] = row.id;
  await t.database.db.insert(judgeProblems).values({ problemId: ids.a2!, spec: {} });
});
afterAll(async () => {
  await t.close();
});

type Auth = Record<string, string>;
const getPlan = (auth: Auth, timeZone = 'UTC') =>
  t.app.inject({ method: 'GET', url: `/api/plans/mine?timeZone=${encodeURIComponent(timeZone)}`, headers: auth });
const putPlan = (auth: Auth, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/plans/mine', headers: auth, payload: { timeZone: 'UTC', ...payload } });
const deletePlan = (auth: Auth) => t.app.inject({ method: 'DELETE', url: '/api/plans/mine', headers: auth });
const todaySlugs = (body: { plan: { today: { slug: string }[] } }) => body.plan.today.map((problem) => problem.slug);

const TODAY = () => todayIn('UTC');

describe('study plans: who may keep one', () => {
  it.each(['Student', 'Instructor', 'Admin'] as Role[])('lets the %s read, pick and end a plan', async (role) => {
    const { auth } = await createUser(t.app, t.database.db, role);
    const empty = await getPlan(auth);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, plan: null, sheetSteps: [ARRAYS, HASHING, STRINGS] });
    const picked = await putPlan(auth, { kind: 'sheet-90' });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().plan.kind).toBe('sheet-90');
    expect((await deletePlan(auth)).json()).toEqual({ success: true, message: 'Study plan ended' });
    expect((await getPlan(auth)).json().plan).toBeNull();
  });

  it('refuses everyone signed out with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/plans/mine' })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/plans/mine', payload: { kind: 'sheet-90' } });
    expect(put.statusCode).toBe(401);
    expect(put.json().success).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/plans/mine' })).statusCode).toBe(401);
  });

  it('says 404 when there is no plan to end', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const reply = await deletePlan(auth);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error: 'You have no study plan' });
  });
});

describe('study plans: the ready-made plans', () => {
  it('runs "Sheet in 90 days" over every step, finishing on start + 89', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const body = (await putPlan(auth, { kind: 'sheet-90' })).json();
    expect(body.plan).toMatchObject({
      kind: 'sheet-90',
      steps: [ARRAYS, HASHING, STRINGS],
      startOn: TODAY(),
      finishOn: addDays(TODAY(), 89),
      total: 6,
      solved: 0,
      remaining: 6,
      daysLeft: 90,
      dailyTarget: 1,
      status: 'on-track',
    });
    expect(todaySlugs(body)).toEqual(['plan-a1']);
  });

  it('runs "Interview in 30 days" over the Easy and Medium problems of the core steps, finishing on start + 29', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    const body = (await putPlan(auth, { kind: 'interview-30' })).json();
    expect(body.plan).toMatchObject({
      kind: 'interview-30',
      finishOn: addDays(TODAY(), 29),
      total: 4, // a1, a2, h1, h2: not the Hard a3, not the strings step
      daysLeft: 30,
      dailyTarget: 1,
    });
    expect(body.plan.steps).toContain(ARRAYS);
    expect(body.plan.steps).not.toContain(STRINGS);
    expect(body.plan.today).toEqual([
      { problemId: ids.a1, slug: 'plan-a1', title: 'Plan a1', difficulty: 'Easy', step: ARRAYS, judged: false },
    ]);
  });

  it("starts today in the learner's time zone", async () => {
    // UTC+14 and UTC-11 are always on different days, so a plan that ignored the zone could not match both.
    const starts = [];
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { auth } = await createUser(t.app, t.database.db);
      const body = (await putPlan(auth, { kind: 'interview-30', timeZone: zone })).json();
      expect(body.plan.startOn).toBe(todayIn(zone));
      expect(body.plan.finishOn).toBe(addDays(todayIn(zone), 29));
      starts.push(body.plan.startOn);
    }
    expect(starts[0]).not.toBe(starts[1]);
  });
});

describe('study plans: custom plans and today’s problems', () => {
  it('lists the next unsolved problems in sheet order, and they leave the list as they are solved', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    // The steps ticked out of order are kept in the sheet's order.
    const picked = await putPlan(auth, { kind: 'custom', steps: [STRINGS, ARRAYS, ARRAYS], finishOn: TODAY() });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().plan).toMatchObject({
      steps: [ARRAYS, STRINGS],
      total: 4,
      daysLeft: 1,
      dailyTarget: 4, // finishing today: everything left
      status: 'on-track',
    });
    expect(todaySlugs(picked.json())).toEqual(['plan-a1', 'plan-a2', 'plan-a3', 'plan-s1']);
    expect(picked.json().plan.today[1].judged).toBe(true);

    expect((await solveProblem(t.app, auth, ids.a2!)).statusCode).toBe(200);
    const after = (await getPlan(auth)).json();
    // What was solved today counts toward today: the target holds, the list shrinks.
    expect(after.plan).toMatchObject({ solved: 1, solvedToday: 1, remaining: 3, dailyTarget: 4 });
    expect(todaySlugs(after)).toEqual(['plan-a1', 'plan-a3', 'plan-s1']);

    for (const slug of ['a1', 'a3', 's1']) await solveProblem(t.app, auth, ids[slug]!);
    const done = (await getPlan(auth)).json();
    expect(done.plan).toMatchObject({ status: 'done', remaining: 0, dailyTarget: 0, today: [] });
  });

  it('follows the learner to another device (another sign-in of the same account)', async () => {
    const learner = await createUser(t.app, t.database.db);
    await putPlan(learner.auth, { kind: 'custom', steps: [HASHING], finishOn: addDays(TODAY(), 1) });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: learner.email, password: TEST_PASSWORD },
    });
    const otherDevice = { authorization: `Bearer ${login.json().token}` };
    expect(otherDevice.authorization).not.toBe(learner.auth.authorization);
    const body = (await getPlan(otherDevice)).json();
    expect(body.plan).toMatchObject({ kind: 'custom', steps: [HASHING], total: 2, daysLeft: 2, dailyTarget: 1 });
    expect(todaySlugs(body)).toEqual(['plan-h1']);

    // Ended on the other device, gone on the first.
    expect((await deletePlan(otherDevice)).statusCode).toBe(200);
    expect((await getPlan(learner.auth)).json().plan).toBeNull();
  });

  it('replaces the plan when a new one is picked', async () => {
    const { auth } = await createUser(t.app, t.database.db);
    await putPlan(auth, { kind: 'sheet-90' });
    const body = (await putPlan(auth, { kind: 'custom', steps: [STRINGS], finishOn: addDays(TODAY(), 365) })).json();
    expect(body.plan).toMatchObject({ kind: 'custom', steps: [STRINGS], daysLeft: 366, total: 1 });
  });

  it('keeps other learners’ solves out of the plan', async () => {
    const learner = await createUser(t.app, t.database.db);
    const neighbour = await createUser(t.app, t.database.db);
    await solveProblem(t.app, neighbour.auth, ids.h1!);
    const body = (await putPlan(learner.auth, { kind: 'custom', steps: [HASHING], finishOn: TODAY() })).json();
    expect(body.plan).toMatchObject({ solved: 0, remaining: 2 });
  });
});

describe('study plans: refused choices', () => {
  const refusals: [string, Record<string, unknown>, string | ((today: string) => string)][] = [
    ['an unknown plan', { kind: 'weekend' }, 'Plan must be sheet-90, interview-30 or custom'],
    [
      'a custom plan with no steps',
      { kind: 'custom', steps: [], finishOn: '2099-01-01' },
      'Pick at least one step for a custom plan',
    ],
    [
      'a custom plan without steps',
      { kind: 'custom', finishOn: '2099-01-01' },
      'Pick at least one step for a custom plan',
    ],
    [
      'a custom plan without a finish date',
      { kind: 'custom', steps: [ARRAYS] },
      'Pick a finish date for a custom plan',
    ],
    [
      'an unknown step',
      { kind: 'custom', steps: [ARRAYS, 'Step 99: Magic'], finishOn: '2099-01-01' },
      'Unknown step of the sheet: Step 99: Magic',
    ],
    [
      'a finish date that is not a date',
      { kind: 'custom', steps: [ARRAYS], finishOn: 'soon' },
      'Dates must look like YYYY-MM-DD',
    ],
    [
      'a finish date in the past',
      { kind: 'custom', steps: [ARRAYS], finishOn: 'yesterday' },
      (today) => `The finish date cannot be before today (${today})`,
    ],
    [
      'a finish date more than 365 days ahead',
      { kind: 'custom', steps: [ARRAYS], finishOn: 'next year and a day' },
      (today) => `The finish date can be at most 365 days ahead (${addDays(today, 365)})`,
    ],
    [
      'steps for a ready-made plan',
      { kind: 'interview-30', steps: [ARRAYS] },
      'A ready-made plan sets its own steps and finish date; pick custom to choose them',
    ],
    [
      'an unknown time zone',
      { kind: 'sheet-90', timeZone: 'Mars/Olympus' },
      'Time zone must be a valid IANA name such as Europe/Berlin',
    ],
  ];

  it.each(refusals)('refuses %s with 400 and says why', async (_name, payload, message) => {
    const { auth } = await createUser(t.app, t.database.db);
    const today = TODAY();
    const finishOn =
      payload.finishOn === 'yesterday'
        ? addDays(today, -1)
        : payload.finishOn === 'next year and a day'
          ? addDays(today, 366)
          : payload.finishOn;
    const reply = await putPlan(auth, { ...payload, ...(finishOn === undefined ? {} : { finishOn }) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      success: false,
      error: typeof message === 'function' ? message(today) : message,
    });
    expect((await getPlan(auth)).json().plan).toBeNull();
  });
});
