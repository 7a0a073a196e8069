import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsaProgress, notifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDsaProblems } from '../../test/factories';
import { insertLearner, type LearnerSettings, queuedFor } from './mail-test-helpers';
import { REVISION_REMINDER_HOUR, STREAK_WARNING_HOUR } from './scheduled';

let t: TestApp;
let problemIds: string[];
beforeAll(async () => {
  t = await buildTestApp();
  const slugs = Array.from({ length: 16 }, (_, i) => `p${i}`);
  problemIds = (await createDsaProblems(t.database.db, 'Reminders', slugs)).map((problem) => problem.id);
});
afterAll(async () => {
  await t?.close();
});

const revisionAt = (iso: string) => t.app.jobs.runNow('notifications.revision-due', new Date(iso));
const streaksAt = (iso: string) => t.app.jobs.runNow('notifications.streak-warnings', new Date(iso));

async function notificationsOf(userId: string) {
  return t.database.db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      url: notifications.url,
      channel: notifications.channel,
      dedupeKey: notifications.dedupeKey,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(notifications.createdAt);
}

/** A learner with a solved problem per day in `solvedOn`, due for revision on the matching day of `dueOn`. */
async function learnerWithSolves(
  name: string,
  settings: LearnerSettings,
  solvedOn: string[],
  dueOn: (string | null)[] = [],
) {
  const learner = await insertLearner(t.database.db, name, settings);
  if (solvedOn.length > 0) {
    await t.database.db.insert(dsaProgress).values(
      solvedOn.map((day, i) => ({
        userId: learner.id,
        problemId: problemIds[i]!,
        solved: true,
        solvedAt: new Date(`${day}T12:00:00Z`),
        solvedOn: day,
        revisionStage: dueOn[i] ? 1 : null,
        revisionDueOn: dueOn[i] ?? null,
      })),
    );
  }
  return learner;
}

/** Consecutive days from `first`, `count` of them. */
const daysFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const date = new Date(`${first}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + i);
    return date.toISOString().slice(0, 10);
  });

describe(`problems due for revision, at ${REVISION_REMINDER_HOUR}:00 in the learner's time zone`, () => {
  it('tells a learner in Asia/Kolkata at 07:00 local how many are due today, once a day', async () => {
    const learner = await learnerWithSolves(
      'Priya',
      { timeZone: 'Asia/Kolkata' },
      ['2026-11-20', '2026-11-21', '2026-11-22'],
      ['2026-11-27', '2026-11-28', '2026-11-29'],
    );
    await revisionAt('2026-11-28T01:15:00Z'); // 06:45 in Kolkata
    expect(await notificationsOf(learner.id)).toEqual([]);
    await revisionAt('2026-11-28T01:30:00Z'); // 07:00
    await revisionAt('2026-11-28T01:30:00Z');
    await revisionAt('2026-11-28T01:45:00Z');
    expect(await notificationsOf(learner.id)).toEqual([
      {
        kind: 'revision_due',
        title: '2 problems are due for revision today',
        url: '/dsa-sheet?status=revision',
        channel: 'app',
        dedupeKey: 'revision_due:2026-11-28',
      },
    ]);
    // The next morning the third is due too.
    await revisionAt('2026-11-29T01:30:00Z');
    expect((await notificationsOf(learner.id)).map((row) => row.title)).toEqual([
      '2 problems are due for revision today',
      '3 problems are due for revision today',
    ]);
  });

  it('tells a learner in UTC at 07:00 UTC, and no one with nothing due, unsolved or off', async () => {
    const due = await learnerWithSolves('Uma', {}, ['2026-11-20'], ['2026-11-28']);
    const notYet = await learnerWithSolves('Nate', {}, ['2026-11-20'], ['2026-12-01']);
    const none = await learnerWithSolves('Nell', {}, ['2026-11-20']);
    const off = await learnerWithSolves('Otto', { channels: { revision_due: 'off' } }, ['2026-11-20'], ['2026-11-28']);
    await revisionAt('2026-11-28T06:45:00Z');
    expect(await notificationsOf(due.id)).toEqual([]);
    const run = await revisionAt('2026-11-28T07:00:00Z');
    expect(run.detail).toMatch(/^\d+ learners? told of revisions due$/);
    expect((await notificationsOf(due.id)).map((row) => row.title)).toEqual(['1 problem is due for revision today']);
    for (const learner of [notYet, none, off]) expect(await notificationsOf(learner.id), learner.name).toEqual([]);
  });

  it('reaches a learner who set it to mail by mail, with its unsubscribe headers', async () => {
    const learner = await learnerWithSolves(
      'Mia',
      { timeZone: 'Europe/Berlin', channels: { revision_due: 'mail' } },
      ['2026-11-20'],
      ['2026-11-28'],
    );
    await revisionAt('2026-11-28T06:00:00Z'); // 07:00 in Berlin
    await t.app.jobs.runNow('notifications.mail', new Date('2026-11-28T06:01:00Z'));
    const mails = await queuedFor(t.database.db, learner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['1 problem is due for revision today']);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});

describe(`a streak about to end, at ${STREAK_WARNING_HOUR}:00 in the learner's time zone`, () => {
  // Saturday 28 November in New York (EST, UTC-5): 19:00 is 00:00 UTC on the 29th.
  it('warns one with a streak, no solve today and no freeze to cover it, once; no one else', async () => {
    const ny = { timeZone: 'America/New_York' };
    const warned = await learnerWithSolves('Wanda', ny, ['2026-11-26', '2026-11-27']);
    const solvedToday = await learnerWithSolves('Toby', ny, ['2026-11-27', '2026-11-28']);
    const broken = await learnerWithSolves('Bram', ny, ['2026-11-24', '2026-11-25']);
    // Seven days in a row to the 27th earned a freeze that would cover today.
    const covered = await learnerWithSolves('Cora', ny, daysFrom('2026-11-21', 7));
    // Seven days to the 26th earned one freeze, used on the 27th: nothing covers today.
    const spent = await learnerWithSolves('Sven', ny, daysFrom('2026-11-20', 7));
    // Fourteen days to the 26th earned two; one covered the 27th, one is left for today.
    const twice = await learnerWithSolves('Tess', ny, daysFrom('2026-11-13', 14));

    await streaksAt('2026-11-28T23:45:00Z'); // 18:45
    expect(await notificationsOf(warned.id)).toEqual([]);
    await streaksAt('2026-11-29T00:00:00Z'); // 19:00
    await streaksAt('2026-11-29T00:00:00Z');
    await streaksAt('2026-11-29T00:45:00Z'); // 19:45
    expect(await notificationsOf(warned.id)).toEqual([
      {
        kind: 'streak_warning',
        title: 'Your 2-day streak ends tonight: solve a problem to keep it',
        url: '/dsa-sheet',
        channel: 'app',
        dedupeKey: 'streak_warning:2026-11-28',
      },
    ]);
    expect((await notificationsOf(spent.id)).map((row) => row.title)).toEqual([
      'Your 7-day streak ends tonight: solve a problem to keep it',
    ]);
    for (const learner of [solvedToday, broken, covered, twice]) {
      expect(await notificationsOf(learner.id), learner.name).toEqual([]);
    }
  });

  it('warns a learner in Asia/Kolkata at 19:00 local (13:30 UTC), not at 19:00 UTC', async () => {
    const learner = await learnerWithSolves('Kiran', { timeZone: 'Asia/Kolkata' }, ['2026-11-26', '2026-11-27']);
    await streaksAt('2026-11-28T13:15:00Z'); // 18:45 in Kolkata
    expect(await notificationsOf(learner.id)).toEqual([]);
    await streaksAt('2026-11-28T13:30:00Z'); // 19:00
    expect((await notificationsOf(learner.id)).map((row) => row.title)).toEqual([
      'Your 2-day streak ends tonight: solve a problem to keep it',
    ]);
    await streaksAt('2026-11-28T19:00:00Z'); // 00:30 on the 29th in Kolkata
    expect(await notificationsOf(learner.id)).toHaveLength(1);
  });
});
