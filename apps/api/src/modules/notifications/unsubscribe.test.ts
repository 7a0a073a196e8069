import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userPreferences, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { insertLearner, insertNotification } from './mail-test-helpers';
import {
  EXPIRED_LINK_MESSAGE,
  INVALID_LINK_MESSAGE,
  readUnsubscribeToken,
  UNSUBSCRIBE_LINK_DAYS,
  unsubscribeLink,
  unsubscribeToken,
} from './unsubscribe';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const secret = () => t.config.jwtSecret;
const PATH = '/api/notifications/unsubscribe';
const DAY = 24 * 60 * 60_000;

async function channelsOf(userId: string) {
  const [row] = await t.database.db
    .select({ channels: userPreferences.notificationChannels })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId));
  return row?.channels ?? {};
}

/** The token with one part of its signed text changed and its signature kept. */
function altered(token: string, change: (payload: string) => string): string {
  const [encoded, signature] = token.split('.');
  const payload = Buffer.from(encoded!, 'base64url').toString();
  return `${Buffer.from(change(payload)).toString('base64url')}.${signature}`;
}

const oneClick = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${PATH}?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('unsubscribe tokens', () => {
  it('name the person and what to stop, signed with the app secret', () => {
    const now = new Date('2026-11-28T08:00:00Z');
    const token = unsubscribeToken(secret(), '6f1c1c9e-5a7b-4c55-9d1e-0f0f0f0f0f0f', 'thread_reply', now);
    expect(readUnsubscribeToken(secret(), token, now)).toEqual({
      userId: '6f1c1c9e-5a7b-4c55-9d1e-0f0f0f0f0f0f',
      scope: 'thread_reply',
    });
  });

  it(`refuse one signed with another secret, changed, cut short or missing with 400, and expire after ${UNSUBSCRIBE_LINK_DAYS} days with 410`, () => {
    const now = new Date('2026-11-28T08:00:00Z');
    const userId = '6f1c1c9e-5a7b-4c55-9d1e-0f0f0f0f0f0f';
    const token = unsubscribeToken(secret(), userId, 'thread_reply', now);
    const refusal = (candidate: string | undefined, at = now) => {
      try {
        readUnsubscribeToken(secret(), candidate, at);
        return null;
      } catch (error) {
        const { statusCode, message } = error as { statusCode: number; message: string };
        return { statusCode, message };
      }
    };
    const invalid = { statusCode: 400, message: INVALID_LINK_MESSAGE };
    expect(
      refusal(unsubscribeToken('another-secret-of-another-platform-entirely', userId, 'thread_reply', now)),
    ).toEqual(invalid);
    expect(refusal(altered(token, (p) => p.replace('thread_reply', 'all')))).toEqual(invalid);
    expect(refusal(altered(token, (p) => p.replace(userId, '00000000-0000-4000-8000-000000000000')))).toEqual(invalid);
    expect(refusal(altered(token, (p) => p.replace(/\|\d+$/, '|99999999999')))).toEqual(invalid);
    expect(refusal(token.slice(0, -3))).toEqual(invalid);
    expect(refusal(`${token}.more`)).toEqual(invalid);
    expect(refusal('')).toEqual(invalid);
    expect(refusal(undefined)).toEqual(invalid);
    expect(refusal(token, new Date(now.getTime() + (UNSUBSCRIBE_LINK_DAYS - 1) * DAY))).toBeNull();
    expect(refusal(token, new Date(now.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY))).toEqual({
      statusCode: 410,
      message: EXPIRED_LINK_MESSAGE,
    });
  });

  it('go in a link and the RFC 8058 headers', () => {
    const link = unsubscribeLink(t.config, 'u-1', 'daily', new Date());
    expect(link.url).toMatch(/^http:\/\/learnbuild\.test\/api\/notifications\/unsubscribe\?token=[\w%.-]+$/);
    expect(link.headers).toEqual({
      'List-Unsubscribe': `<${link.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});

describe('GET /api/notifications/unsubscribe', () => {
  it('asks first: a page with a button that posts, and nothing changes (mail scanners open links)', async () => {
    const learner = await insertLearner(t.database.db, 'Ada');
    const token = unsubscribeToken(secret(), learner.id, 'thread_reply', new Date());
    const reply = await t.app.inject({ method: 'GET', url: `${PATH}?token=${encodeURIComponent(token)}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('<h1>Unsubscribe from mails about replies?</h1>');
    expect(reply.body).toContain(
      `<form method="post" action="/api/notifications/unsubscribe?token=${encodeURIComponent(token)}">`,
    );
    expect(reply.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(reply.body).toContain(
      '<p>Press Unsubscribe and you will get no more mails about replies. Your notifications stay on LearnBuild.</p>',
    );
    expect(reply.body).toContain('href="http://learnbuild.test/settings/notifications"');
    expect(await channelsOf(learner.id)).toEqual({});
  });

  it('says so in a page when the link is forged (400) or expired (410)', async () => {
    const learner = await insertLearner(t.database.db, 'Grace');
    const forged = unsubscribeToken('a-secret-that-is-not-the-platforms-own-one', learner.id, 'all', new Date());
    const page = { accept: 'text/html,application/xhtml+xml' };
    const bad = await t.app.inject({
      method: 'GET',
      url: `${PATH}?token=${encodeURIComponent(forged)}`,
      headers: page,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bad.body).toContain('<h1>This link does not work</h1>');
    expect(bad.body).toContain(INVALID_LINK_MESSAGE);
    expect(bad.body).not.toContain('<form');

    const old = unsubscribeToken(secret(), learner.id, 'all', new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY));
    const expired = await t.app.inject({
      method: 'GET',
      url: `${PATH}?token=${encodeURIComponent(old)}`,
      headers: page,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('<h1>This link has expired</h1>');
    expect(expired.body).toContain(EXPIRED_LINK_MESSAGE);

    const missing = await t.app.inject({ method: 'GET', url: PATH, headers: page });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain(INVALID_LINK_MESSAGE);

    // Anything but a browser gets the API's error shape.
    const plain = await t.app.inject({ method: 'GET', url: `${PATH}?token=${encodeURIComponent(forged)}` });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({ success: false, error: INVALID_LINK_MESSAGE });
    const plainExpired = await t.app.inject({ method: 'GET', url: `${PATH}?token=${encodeURIComponent(old)}` });
    expect(plainExpired.statusCode).toBe(410);
    expect(plainExpired.json()).toEqual({ success: false, error: EXPIRED_LINK_MESSAGE });
  });
});

describe('POST /api/notifications/unsubscribe (one click, no sign-in)', () => {
  it("turns the kind off, stops what of it still waits to be mailed, and answers a mail program's POST in JSON", async () => {
    const learner = await insertLearner(t.database.db, 'Linus', { channels: { mention: 'daily' } });
    const waiting = await insertNotification(t.database.db, learner.id, { channel: 'mail', title: 'A reply' });
    const token = unsubscribeToken(secret(), learner.id, 'thread_reply', new Date());
    const reply = await oneClick(token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      scope: 'thread_reply',
      message: 'You will get no more mails about replies.',
    });
    expect(await channelsOf(learner.id)).toEqual({ mention: 'daily', thread_reply: 'off' });
    const [row] = await t.database.db
      .select({ channel: notifications.channel, mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(eq(notifications.id, waiting));
    expect(row).toEqual({ channel: 'app', mailedAt: null });
    // Twice is the same as once.
    expect((await oneClick(token)).statusCode).toBe(200);
    expect(await channelsOf(learner.id)).toEqual({ mention: 'daily', thread_reply: 'off' });
  });

  it("answers the page's button with a page", async () => {
    const learner = await insertLearner(t.database.db, 'Barbara');
    const token = unsubscribeToken(secret(), learner.id, 'badge_earned', new Date());
    const reply = await oneClick(token, { accept: 'text/html,application/xhtml+xml' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.body).toContain('<h1>You are unsubscribed</h1>');
    expect(reply.body).toContain(
      'You will get no more mails about badges. You can turn them back on in your notification settings.',
    );
    expect(await channelsOf(learner.id)).toEqual({ badge_earned: 'off' });
  });

  it('takes a multipart form and an empty body alike', async () => {
    const learner = await insertLearner(t.database.db, 'Edsger');
    const boundary = 'lb-boundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${PATH}?token=${encodeURIComponent(unsubscribeToken(secret(), learner.id, 'mention', new Date()))}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    const empty = await t.app.inject({
      method: 'POST',
      url: `${PATH}?token=${encodeURIComponent(unsubscribeToken(secret(), learner.id, 'badge_earned', new Date()))}`,
    });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(await channelsOf(learner.id)).toEqual({ mention: 'off', badge_earned: 'off' });
  });

  it('refuses a forged, changed or expired link with a clear 400 or 410 and changes nothing', async () => {
    const learner = await insertLearner(t.database.db, 'Margaret');
    const token = unsubscribeToken(secret(), learner.id, 'badge_earned', new Date());
    const cases = [
      {
        token: unsubscribeToken('a-secret-that-is-not-the-platforms-own-one', learner.id, 'all', new Date()),
        status: 400,
      },
      { token: altered(token, (p) => p.replace('badge_earned', 'thread_reply')), status: 400 },
      { token: altered(token, (p) => p.replace('badge_earned', 'all')), status: 400 },
      { token: 'not-a-token', status: 400 },
      {
        token: unsubscribeToken(secret(), learner.id, 'all', new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * DAY)),
        status: 410,
      },
    ];
    for (const { token: candidate, status } of cases) {
      const reply = await oneClick(candidate);
      expect(reply.statusCode, candidate).toBe(status);
      expect(reply.json()).toEqual({
        success: false,
        error: status === 410 ? EXPIRED_LINK_MESSAGE : INVALID_LINK_MESSAGE,
      });
    }
    const html = await oneClick(cases[1]!.token, { accept: 'text/html' });
    expect(html.statusCode).toBe(400);
    expect(html.body).toContain('<h1>This link does not work</h1>');
    expect(await channelsOf(learner.id)).toEqual({});
  });

  it('stops the daily digest: every kind that went to it', async () => {
    const learner = await insertLearner(t.database.db, 'Alan', {
      channels: { thread_reply: 'daily', mention: 'weekly' },
    });
    const reply = await oneClick(unsubscribeToken(secret(), learner.id, 'daily', new Date()));
    expect(reply.json()).toMatchObject({ scope: 'daily', message: 'You will get no more daily digests.' });
    // course_update goes to the daily digest by default.
    expect(await channelsOf(learner.id)).toEqual({ thread_reply: 'off', mention: 'weekly', course_update: 'off' });
  });

  it('stops every notification mail at once, leaving what shows only in the tray', async () => {
    const learner = await insertLearner(t.database.db, 'Hedy', {
      channels: { badge_earned: 'mail', mention: 'weekly' },
    });
    await oneClick(unsubscribeToken(secret(), learner.id, 'all', new Date()));
    expect(await channelsOf(learner.id)).toEqual({
      badge_earned: 'off',
      mention: 'off',
      thread_reply: 'off',
      application_decided: 'off',
      course_update: 'off',
      cohort_due: 'off',
    });
  });

  it('has nothing to stop for an account deleted since the mail went', async () => {
    const learner = await insertLearner(t.database.db, 'Gone');
    const token = unsubscribeToken(secret(), learner.id, 'all', new Date());
    await t.database.db.delete(users).where(eq(users.id, learner.id));
    const reply = await oneClick(token);
    expect(reply.statusCode).toBe(200);
    expect(await channelsOf(learner.id)).toEqual({});
  });
});
