import { addDays, todayIn } from '@learnbuild/domain/rules/streaks';
import { statsReplySchema } from '@learnbuild/domain/schemas/dsa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProgress } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDsaProblems, createUser } from '../../test/factories';
import { forgetAllLearners } from './learner-cache';

let t: TestApp;
let problems: { id: string }[];

/** Marks problem `index` solved on `day` (the learner's calendar day at the time, as the progress route stores it). */
async function solvedOn(userId: string, index: number, day: string) {
  await t.database.db.insert(dsaProgress).values({
    userId,
    problemId: problems[index]!.id,
    solved: true,
    solvedAt: new Date(`${day}T12:00:00Z`),
    solvedOn: day,
  });
  // Written past the progress route, so the kept replies do not know of it.
  forgetAllLearners(t.database.db);
}

async function stats(auth: Record<string, string>, timeZone = 'UTC') {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/dsa/progress/stats?timeZone=${encodeURIComponent(timeZone)}`,
    headers: auth,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  // The reply text is written by hand (reply-text.ts): it must still be what the schema says.
  return statsReplySchema.parse(reply.json()).stats;
}

beforeAll(async () => {
  t = await buildTestApp();
  problems = await createDsaProblems(
    t.database.db,
    'Freezes',
    Array.from({ length: 25 }, (_, index) => `p${index}`),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/dsa/progress/stats: streak freezes (issue 29)', () => {
  it('a learner with no solves, or a streak under 7 days, holds no freeze and reads the plain streaks', async () => {
    const me = await createUser(t.app, t.database.db);
    expect((await stats(me.auth)).freezes).toEqual({ available: 0, usedOn: [] });
    const today = todayIn('UTC');
    for (let back = 6; back >= 1; back--) await solvedOn(me.user.id, back, addDays(today, -back));
    expect(await stats(me.auth)).toMatchObject({
      currentStreak: 6,
      maxStreak: 6,
      freezes: { available: 0, usedOn: [] },
    });
  });

  it('7 days of streak earn one freeze, and a missed day after them uses it: the streak goes on', async () => {
    const me = await createUser(t.app, t.database.db);
    const today = todayIn('UTC');
    // Solves on today-9 .. today-3, nothing on today-2, a solve yesterday.
    for (let back = 9; back >= 3; back--) await solvedOn(me.user.id, back, addDays(today, -back));
    expect(await stats(me.auth)).toMatchObject({
      currentStreak: 0,
      maxStreak: 7,
      freezes: { available: 0, usedOn: [addDays(today, -2)] },
    });
    await solvedOn(me.user.id, 1, addDays(today, -1));
    expect(await stats(me.auth)).toMatchObject({
      currentStreak: 8,
      maxStreak: 8,
      freezes: { available: 0, usedOn: [addDays(today, -2)] },
    });
  });

  it('holds at most 2, and today without a solve is not frozen', async () => {
    const me = await createUser(t.app, t.database.db);
    const today = todayIn('UTC');
    for (let back = 21; back >= 1; back--) await solvedOn(me.user.id, back, addDays(today, -back));
    // 21 days ending yesterday: three earned, two held; today is not over, so nothing is used.
    expect(await stats(me.auth)).toMatchObject({
      currentStreak: 21,
      maxStreak: 21,
      freezes: { available: 2, usedOn: [] },
    });
  });

  it('reads today in the zone asked for: a missed day is frozen once it is over there', async () => {
    const me = await createUser(t.app, t.database.db);
    // Kiritimati (UTC+14) is a day ahead of Niue (UTC-11). Seven days ending two days before Kiritimati's today:
    const kiritimati = todayIn('Pacific/Kiritimati');
    for (let back = 8; back >= 2; back--) await solvedOn(me.user.id, back, addDays(kiritimati, -back));
    // In Kiritimati the day after the week is over: frozen, and the streak is current.
    expect(await stats(me.auth, 'Pacific/Kiritimati')).toMatchObject({
      currentStreak: 7,
      freezes: { available: 0, usedOn: [addDays(kiritimati, -1)] },
    });
    // Niue is 25 hours behind: its today is Kiritimati's yesterday or the day before, so the week ends yesterday or
    // today there and no day is over and missed yet.
    const niue = await stats(me.auth, 'Pacific/Niue');
    expect(niue.currentStreak).toBe(7);
    expect(niue.freezes).toEqual({ available: 1, usedOn: [] });
  });
});
