import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { NOTIFICATION_MAIL_JOB, requestNotificationMail } from './mail-kick';
import { insertLearner, insertNotification, queuedFor, tokenOfHeader } from './mail-test-helpers';
import { readUnsubscribeToken } from './unsubscribe';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const runAt = (iso: string) => t.app.jobs.runNow(NOTIFICATION_MAIL_JOB, new Date(iso));

async function mailedAt(id: string) {
  const [row] = await t.database.db
    .select({ mailedAt: notifications.mailedAt })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row?.mailedAt ?? null;
}

describe('the notification mail job', () => {
  it('mails a notification set to mail, with its link, the unsubscribe link and the RFC 8058 headers', async () => {
    const learner = await insertLearner(t.database.db, 'Ada');
    const id = await insertNotification(t.database.db, learner.id, {
      channel: 'mail',
      title: 'Grace replied to “Two Sum in O(n)?”',
      url: '/community/threads/42',
    });
    const run = await runAt('2026-11-28T10:00:00Z');
    expect(run.ok).toBe(true);
    expect(run.detail).toMatch(/^\d+ mails? queued for \d+ notifications?$/);
    expect(await mailedAt(id)).toEqual(new Date('2026-11-28T10:00:00Z'));

    await t.app.mailWorker.runOnce();
    const sent = t.mail.sent.filter((mail) => mail.to === learner.email);
    expect(sent).toHaveLength(1);
    const mail = sent[0]!;
    expect(mail.subject).toBe('Grace replied to “Two Sum in O(n)?”');
    expect(mail.text).toContain('Hi Ada,\n\nYou have a new notification on LearnBuild:\n\n');
    expect(mail.text).toContain(
      '- Grace replied to “Two Sum in O(n)?”\n  http://learnbuild.test/community/threads/42\n',
    );
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = tokenOfHeader(mail.headers);
    expect(readUnsubscribeToken(t.config.jwtSecret, token, new Date())).toEqual({
      userId: learner.id,
      scope: 'thread_reply',
    });
    const link = `http://learnbuild.test/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    expect(mail.text).toContain(`Unsubscribe from mails about replies: ${link}\n`);
    expect(mail.html).toContain('Unsubscribe from mails about replies</a>');
  });

  it('never mails one twice: a second run, and two runs at once, queue nothing more', async () => {
    const learner = await insertLearner(t.database.db, 'Edsger');
    await insertNotification(t.database.db, learner.id, { channel: 'mail', title: 'Once only' });
    await Promise.all([runAt('2026-11-28T10:01:00Z'), runAt('2026-11-28T10:01:00Z')]);
    await runAt('2026-11-28T10:02:00Z');
    expect(await queuedFor(t.database.db, learner.email)).toHaveLength(1);
  });

  it('sends what a person got of one kind since the last run in one mail, and each kind in its own', async () => {
    const learner = await insertLearner(t.database.db, 'Barbara', { channels: { badge_earned: 'mail' } });
    // A second apart: two rows written in the same millisecond have no order of their own.
    const first = new Date(Date.now() - 1000);
    await insertNotification(t.database.db, learner.id, { channel: 'mail', title: 'First reply', createdAt: first });
    await insertNotification(t.database.db, learner.id, { channel: 'mail', title: 'Second reply' });
    await insertNotification(t.database.db, learner.id, {
      kind: 'badge_earned',
      channel: 'mail',
      title: 'You earned First Blood',
      url: '/dashboard',
    });
    await runAt('2026-11-28T10:03:00Z');
    const mails = await queuedFor(t.database.db, learner.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([
      '2 new notifications: Replies',
      'You earned First Blood',
    ]);
    const replies = mails.find((mail) => mail.subject.startsWith('2 new'))!;
    expect(replies.text.indexOf('First reply')).toBeLessThan(replies.text.indexOf('Second reply'));
    expect(readUnsubscribeToken(t.config.jwtSecret, tokenOfHeader(replies.headers), new Date()).scope).toBe(
      'thread_reply',
    );
    const badge = mails.find((mail) => mail.subject === 'You earned First Blood')!;
    expect(readUnsubscribeToken(t.config.jwtSecret, tokenOfHeader(badge.headers), new Date()).scope).toBe(
      'badge_earned',
    );
  });

  it('leaves the in-app and digest notifications alone', async () => {
    const learner = await insertLearner(t.database.db, 'Linus');
    const ids = [
      await insertNotification(t.database.db, learner.id, { channel: 'app', title: 'In the tray' }),
      await insertNotification(t.database.db, learner.id, { channel: 'daily', title: 'For the digest' }),
      await insertNotification(t.database.db, learner.id, { channel: 'weekly', title: 'For the week' }),
    ];
    await runAt('2026-11-28T10:04:00Z');
    expect(await queuedFor(t.database.db, learner.email)).toEqual([]);
    const rows = await t.database.db
      .select({ mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(inArray(notifications.id, ids));
    expect(rows.map((row) => row.mailedAt)).toEqual([null, null, null]);
  });
});

describe('quiet hours', () => {
  it("hold a mail through the person's quiet hours in their own time zone and send it when they end", async () => {
    // 22:00 to 07:00 in Kolkata (UTC+5:30) is 16:30 to 01:30 UTC.
    const learner = await insertLearner(t.database.db, 'Asha', {
      timeZone: 'Asia/Kolkata',
      quietHours: { from: '22:00', to: '07:00' },
    });
    const id = await insertNotification(t.database.db, learner.id, { channel: 'mail', title: 'A late reply' });

    const late = await runAt('2026-11-28T18:00:00Z'); // 23:30 in Kolkata
    expect(late.detail).toMatch(/; \d+ held for quiet hours$/);
    expect(await mailedAt(id)).toBeNull();
    await runAt('2026-11-29T01:29:00Z'); // 06:59
    expect(await mailedAt(id)).toBeNull();
    expect(await queuedFor(t.database.db, learner.email)).toEqual([]);

    await runAt('2026-11-29T01:30:00Z'); // 07:00: the quiet hours are over
    expect(await mailedAt(id)).toEqual(new Date('2026-11-29T01:30:00Z'));
    const mails = await queuedFor(t.database.db, learner.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['A late reply']);
    expect(mails[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it("go by each person's own zone: at 23:00 UTC a learner in UTC waits, one in New York (18:00) does not", async () => {
    const utc = await insertLearner(t.database.db, 'Noor', { quietHours: { from: '22:00', to: '07:00' } });
    const early = await insertLearner(t.database.db, 'Kai', {
      timeZone: 'America/New_York',
      quietHours: { from: '22:00', to: '07:00' },
    });
    await insertNotification(t.database.db, utc.id, { channel: 'mail', title: 'For Noor' });
    await insertNotification(t.database.db, early.id, { channel: 'mail', title: 'For Kai' });
    await runAt('2026-11-28T23:00:00Z'); // 23:00 in UTC, 18:00 in New York
    expect(await queuedFor(t.database.db, utc.email)).toEqual([]);
    expect((await queuedFor(t.database.db, early.email)).map((mail) => mail.subject)).toEqual(['For Kai']);
  });
});

describe('the outbox rows of notification mail', () => {
  it('keep the headers, so a retried send carries them too', async () => {
    const learner = await insertLearner(t.database.db, 'Hedy');
    await insertNotification(t.database.db, learner.id, { channel: 'mail', title: 'Kept headers' });
    await runAt('2026-11-28T10:05:00Z');
    const [row] = await t.database.db
      .select({ headers: mailOutbox.headers })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, learner.email));
    expect(Object.keys(row!.headers ?? {})).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
  });
});

describe('an early run of the mail job', () => {
  /** An app whose job queue only records what it is asked for. */
  const appWithQueue = (scheduling: boolean) => {
    const request = vi.fn(async (_name: string) => undefined);
    return { request, app: { jobs: { scheduling, request }, log: t.app.log } as unknown as FastifyInstance };
  };

  it('is asked of the job queue once the transaction that made the notification has committed, never before', async () => {
    const { app, request } = appWithQueue(true);
    await t.database.db.transaction(async (tx) => {
      requestNotificationMail(app, tx);
      expect(request).not.toHaveBeenCalled();
    });
    expect(request).toHaveBeenCalledWith(NOTIFICATION_MAIL_JOB);
  });

  it('is not asked for when the transaction rolls back, nor where no scheduler runs', async () => {
    const rolledBack = appWithQueue(true);
    await expect(
      t.database.db.transaction(async (tx) => {
        requestNotificationMail(rolledBack.app, tx);
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(rolledBack.request).not.toHaveBeenCalled();

    const unscheduled = appWithQueue(false);
    requestNotificationMail(unscheduled.app, t.database.db);
    expect(unscheduled.request).not.toHaveBeenCalled();
  });
});
