import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestRuns, notifications, userPreferences } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { sendDigests } from './digests';
import { DIGEST_LISTED_MAX } from './mail';
import { insertLearner, insertNotification, queuedFor, tokenOfHeader } from './mail-test-helpers';
import { readUnsubscribeToken } from './unsubscribe';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const JOB = 'notifications.digests';
const runAt = (iso: string) => t.app.jobs.runNow(JOB, new Date(iso));
const subjects = async (email: string) => (await queuedFor(t.database.db, email)).map((mail) => mail.subject);

async function runsOf(userId: string) {
  return t.database.db
    .select({ period: digestRuns.period, periodKey: digestRuns.periodKey, count: digestRuns.notificationCount })
    .from(digestRuns)
    .where(eq(digestRuns.userId, userId))
    .orderBy(digestRuns.createdAt);
}

describe('daily digests at the learner’s hour in their own time zone', () => {
  it('reach New York at 08:00 local on both sides of the autumn DST change, never at 08:00 of the wrong offset', async () => {
    const ny = await insertLearner(t.database.db, 'Nadia', { timeZone: 'America/New_York' });
    await insertNotification(t.database.db, ny.id, { channel: 'daily', title: 'Saturday news' });

    await runAt('2026-10-31T11:45:00Z'); // 07:45 EDT
    expect(await subjects(ny.email)).toEqual([]);
    await runAt('2026-10-31T12:00:00Z'); // 08:00 EDT (UTC-4)
    expect(await subjects(ny.email)).toEqual(['Your LearnBuild daily digest: 1 notification']);

    // Sunday 1 November the clocks go back: 08:00 is now 13:00 UTC.
    await insertNotification(t.database.db, ny.id, { channel: 'daily', title: 'Monday news' });
    await runAt('2026-11-02T12:00:00Z'); // 07:00 EST
    expect(await subjects(ny.email)).toHaveLength(1);
    await runAt('2026-11-02T13:00:00Z'); // 08:00 EST (UTC-5)
    expect(await subjects(ny.email)).toEqual([
      'Your LearnBuild daily digest: 1 notification',
      'Your LearnBuild daily digest: 1 notification',
    ]);
    expect(await runsOf(ny.id)).toEqual([
      { period: 'daily', periodKey: '2026-10-31', count: 1 },
      { period: 'daily', periodKey: '2026-11-02', count: 1 },
    ]);
  });

  it('reach New York in spring too, and one whose hour the change skipped (02:00) an hour late rather than not at all', async () => {
    const eight = await insertLearner(t.database.db, 'Omar', { timeZone: 'America/New_York' });
    const two = await insertLearner(t.database.db, 'Wen', { timeZone: 'America/New_York', digestHour: 2 });
    await insertNotification(t.database.db, eight.id, { channel: 'daily', title: 'Spring news' });
    await insertNotification(t.database.db, two.id, { channel: 'daily', title: 'Night news' });
    // 2026-03-08: 01:59 EST is followed by 03:00 EDT.
    await runAt('2026-03-08T06:45:00Z'); // 01:45 EST
    expect(await subjects(two.email)).toEqual([]);
    await runAt('2026-03-08T07:00:00Z'); // 03:00 EDT
    expect(await subjects(two.email)).toEqual(['Your LearnBuild daily digest: 1 notification']);
    await runAt('2026-03-08T08:00:00Z'); // 04:00 EDT: nothing again
    expect(await subjects(two.email)).toHaveLength(1);
    await runAt('2026-03-08T11:00:00Z'); // 07:00 EDT
    expect(await subjects(eight.email)).toEqual([]);
    await runAt('2026-03-08T12:00:00Z'); // 08:00 EDT
    expect(await subjects(eight.email)).toEqual(['Your LearnBuild daily digest: 1 notification']);
  });

  it('reach Asia/Kolkata (UTC+5:30) at 08:00 local, which is 02:30 UTC, and UTC at 08:00 UTC', async () => {
    const kolkata = await insertLearner(t.database.db, 'Priya', { timeZone: 'Asia/Kolkata' });
    const utc = await insertLearner(t.database.db, 'Uma');
    const chosen = await insertLearner(t.database.db, 'Ravi', { timeZone: 'Asia/Kolkata', digestHour: 21 });
    for (const learner of [kolkata, utc, chosen]) {
      await insertNotification(t.database.db, learner.id, { channel: 'daily', title: `For ${learner.name}` });
    }
    await runAt('2026-11-27T02:15:00Z'); // 07:45 in Kolkata
    expect(await subjects(kolkata.email)).toEqual([]);
    await runAt('2026-11-27T02:30:00Z'); // 08:00 in Kolkata
    expect(await subjects(kolkata.email)).toHaveLength(1);
    expect(await subjects(utc.email)).toEqual([]);
    await runAt('2026-11-27T08:00:00Z');
    expect(await subjects(utc.email)).toHaveLength(1);
    expect(await subjects(chosen.email)).toEqual([]);
    await runAt('2026-11-27T15:30:00Z'); // 21:00 in Kolkata, the hour Ravi chose
    expect(await subjects(chosen.email)).toHaveLength(1);
    expect(await runsOf(kolkata.id)).toEqual([{ period: 'daily', periodKey: '2026-11-27', count: 1 }]);
  });

  it('go only when there is something, and never twice for one day (the same slot again, later that hour)', async () => {
    const quiet = await insertLearner(t.database.db, 'Quinn', { timeZone: 'Europe/Berlin' });
    const busy = await insertLearner(t.database.db, 'Bea', { timeZone: 'Europe/Berlin' });
    await insertNotification(t.database.db, quiet.id, { channel: 'app', title: 'Only in the tray' });
    await insertNotification(t.database.db, busy.id, { channel: 'daily', title: 'Morning one' });
    await insertNotification(t.database.db, busy.id, { channel: 'daily', title: 'Morning two' });

    await runAt('2026-11-25T07:00:00Z'); // 08:00 in Berlin
    await runAt('2026-11-25T07:00:00Z');
    await insertNotification(t.database.db, busy.id, { channel: 'daily', title: 'Came at 08:20' });
    await runAt('2026-11-25T07:30:00Z');
    await runAt('2026-11-25T07:45:00Z');
    expect(await subjects(quiet.email)).toEqual([]);
    expect(await runsOf(quiet.id)).toEqual([]);
    expect(await subjects(busy.email)).toEqual(['Your LearnBuild daily digest: 2 notifications']);

    // The one that came after waits for the next morning's digest.
    await runAt('2026-11-26T07:00:00Z');
    expect(await subjects(busy.email)).toEqual([
      'Your LearnBuild daily digest: 2 notifications',
      'Your LearnBuild daily digest: 1 notification',
    ]);
  });

  it('list the notifications oldest first with their links and carry the unsubscribe link and headers of the daily digest', async () => {
    const learner = await insertLearner(t.database.db, 'Dora', { timeZone: 'Europe/Lisbon' });
    await insertNotification(t.database.db, learner.id, {
      channel: 'daily',
      kind: 'course_update',
      title: 'A new lesson in Graphs',
      url: '/courses/graphs',
      createdAt: new Date('2026-11-23T15:00:00Z'),
    });
    await insertNotification(t.database.db, learner.id, {
      channel: 'daily',
      title: 'Ana replied to “DP tips”',
      url: '/community/threads/7',
      createdAt: new Date('2026-11-23T18:00:00Z'),
    });
    await runAt('2026-11-24T08:00:00Z');
    const [mail] = await queuedFor(t.database.db, learner.email);
    expect(mail!.subject).toBe('Your LearnBuild daily digest: 2 notifications');
    expect(mail!.text).toContain(
      'Here is what happened since your last daily digest (2 notifications):\n\n' +
        '- A new lesson in Graphs\n  http://learnbuild.test/courses/graphs\n' +
        '- Ana replied to “DP tips”\n  http://learnbuild.test/community/threads/7\n',
    );
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = tokenOfHeader(mail!.headers);
    expect(readUnsubscribeToken(t.config.jwtSecret, token, new Date())).toEqual({ userId: learner.id, scope: 'daily' });

    // The header's one-click POST stops the daily digest.
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(reply.json()).toMatchObject({ success: true, scope: 'daily' });
    const [prefs] = await t.database.db
      .select({ channels: userPreferences.notificationChannels })
      .from(userPreferences)
      .where(eq(userPreferences.userId, learner.id));
    expect(prefs!.channels.course_update).toBe('off');
  });

  it(`lists at most ${DIGEST_LISTED_MAX} and counts the rest`, async () => {
    const learner = await insertLearner(t.database.db, 'Many', { timeZone: 'Asia/Tokyo' });
    for (let i = 0; i < DIGEST_LISTED_MAX + 3; i++) {
      await insertNotification(t.database.db, learner.id, { channel: 'daily', title: `News ${i}` });
    }
    await runAt('2026-11-24T23:00:00Z'); // 08:00 in Tokyo
    const [mail] = await queuedFor(t.database.db, learner.email);
    expect(mail!.subject).toBe(`Your LearnBuild daily digest: ${DIGEST_LISTED_MAX + 3} notifications`);
    expect(mail!.text).toContain('And 3 more in your notifications.');
    expect(mail!.text).not.toContain(`News ${DIGEST_LISTED_MAX}\n`);
  });
});

describe('weekly digests', () => {
  it('go on Monday at the digest hour with the week’s weekly notifications, keyed by ISO week', async () => {
    const learner = await insertLearner(t.database.db, 'Wim', {
      timeZone: 'Australia/Sydney',
      channels: { mention: 'weekly' },
    });
    await insertNotification(t.database.db, learner.id, {
      channel: 'weekly',
      kind: 'mention',
      title: 'You were mentioned',
    });
    // Sunday 29 November 08:00 in Sydney (UTC+11): no weekly digest on a Sunday.
    await runAt('2026-11-28T21:00:00Z');
    expect(await subjects(learner.email)).toEqual([]);
    // Monday 30 November 08:00 in Sydney is still Sunday in UTC.
    await runAt('2026-11-29T21:00:00Z');
    await runAt('2026-11-29T21:15:00Z');
    expect(await subjects(learner.email)).toEqual(['Your LearnBuild weekly digest: 1 notification']);
    expect(await runsOf(learner.id)).toEqual([{ period: 'weekly', periodKey: '2026-W49', count: 1 }]);
    const [mail] = await queuedFor(t.database.db, learner.email);
    expect(readUnsubscribeToken(t.config.jwtSecret, tokenOfHeader(mail!.headers), new Date()).scope).toBe('weekly');
  });
});

describe('a digest run at scale', () => {
  it('serves its learners a batch at a time, each once', async () => {
    const learners = [];
    for (let i = 0; i < 5; i++) {
      const learner = await insertLearner(t.database.db, `Batch ${i}`, { timeZone: 'Pacific/Auckland' });
      await insertNotification(t.database.db, learner.id, { channel: 'daily', title: `Batch news ${i}` });
      learners.push(learner);
    }
    const at = new Date('2026-11-23T19:00:00Z'); // 08:00 in Auckland (UTC+13)
    const totals = await sendDigests(t.app, at, 2);
    // At most two users a batch: five learners take at least three.
    expect(totals).toMatchObject({ daily: 5, weekly: 0 });
    expect(totals.batches).toBeGreaterThanOrEqual(3);
    expect(await sendDigests(t.app, at, 2)).toEqual({ daily: 0, weekly: 0, batches: 0 });
    for (const learner of learners) expect(await subjects(learner.email)).toHaveLength(1);
    const marked = await t.database.db
      .select({ mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          learners.map((learner) => learner.id),
        ),
      );
    expect(marked.map((row) => row.mailedAt)).toEqual(Array(5).fill(at));
  });
});

describe('a digest run cut short', () => {
  it('is finished by the next run (a restart, a retry), and no one gets a digest twice', async () => {
    const learners = [];
    for (let i = 0; i < 6; i++) {
      const learner = await insertLearner(t.database.db, `Restart ${i}`, { timeZone: 'America/Sao_Paulo' });
      await insertNotification(t.database.db, learner.id, { channel: 'daily', title: `Restart news ${i}` });
      learners.push(learner);
    }
    const [failing] = [...learners].sort((a, b) => a.id.localeCompare(b.id)).slice(3);
    // The batch of one learner fails, as a run does when its instance stops mid-way.
    await t.database.db.execute(
      sql.raw(`create function digest_runs_fail() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${failing!.id}' then raise exception 'the instance stopped'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger digest_runs_fail before insert on digest_runs for each row execute function digest_runs_fail()',
      ),
    );
    const at = new Date('2026-11-24T11:00:00Z'); // 08:00 in São Paulo
    await expect(sendDigests(t.app, at, 1)).rejects.toThrow();
    const sentBefore = [];
    for (const learner of learners) sentBefore.push((await subjects(learner.email)).length);
    expect(sentBefore.reduce((sum, count) => sum + count, 0)).toBeLessThan(learners.length);
    expect(await subjects(failing!.email)).toEqual([]);

    await t.database.db.execute(sql.raw('drop trigger digest_runs_fail on digest_runs'));
    await t.database.db.execute(sql.raw('drop function digest_runs_fail()'));
    await sendDigests(t.app, at, 1);
    for (const learner of learners) {
      expect(await subjects(learner.email), learner.name).toEqual(['Your LearnBuild daily digest: 1 notification']);
    }
  });
});
