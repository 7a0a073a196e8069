import { NOTIFICATION_KINDS } from '@learnbuild/domain/notifications';
import type { LiveEvent } from '@learnbuild/domain/schemas/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema';
import { userTopic } from '../../lib/event-bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { notify } from './service';
import { TRAY_CACHE_MS } from './tray-cache';

type Person = Awaited<ReturnType<typeof createUser>>;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const person = (role: 'Student' | 'Instructor' | 'Admin' = 'Student') => createUser(t.app, t.database.db, role);

const send = (
  who: Person | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown> | unknown[],
) => t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload === undefined ? {} : { payload }) });

const MINUTE_MS = 60_000;
const START = Date.parse('2026-11-01T08:00:00.000Z');

/**
 * `count` notifications for `userId`, numbered from 0 (the oldest); every two share a time to the microsecond,
 * so the pages must order by id too.
 */
async function seedNotifications(userId: string, count: number) {
  const rows = Array.from({ length: count }, (_, index) => ({
    userId,
    kind: 'thread_reply',
    title: `Reply ${index}`,
    url: `/community/threads/${index}`,
    createdAt: new Date(START + Math.floor(index / 2) * MINUTE_MS),
  }));
  return t.database.db.insert(notifications).values(rows).returning({ id: notifications.id });
}

describe('every notifications endpoint needs a session', () => {
  const endpoints: [method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>][] = [
    ['GET', '/api/notifications'],
    ['GET', '/api/notifications?unread=true'],
    ['POST', '/api/notifications/read', { ids: ['9b2f7c1e-1111-4111-8111-111111111111'] }],
    ['POST', '/api/notifications/read-all'],
    ['GET', '/api/notifications/preferences'],
    ['PUT', '/api/notifications/preferences', { preferences: { mention: 'off' } }],
  ];
  for (const [method, url, payload] of endpoints) {
    it(`${method} ${url} answers 401 signed out`, async () => {
      const reply = await send(undefined, method, url, payload);
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
    });
  }
});

describe('GET /api/notifications', () => {
  it('answers an empty list to someone with none', async () => {
    const reply = await send(await person(), 'GET', '/api/notifications');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, notifications: [], unread: 0, nextCursor: null });
  });

  it('pages 20 at a time, newest first, through ties of time, to a null cursor at the end', async () => {
    const reader = await person();
    await seedNotifications(reader.user.id, 45);
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const url: string = `/api/notifications${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body = (await send(reader, 'GET', url)).json();
      expect(body.unread).toBe(45);
      sizes.push(body.notifications.length);
      seen.push(...body.notifications.map((row: { title: string }) => row.title));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([20, 20, 5]);
    // Newest time first; within one time, the order is by id, so only the pairs are fixed.
    const pairs = seen.map((title) => Math.floor(Number(title.replace('Reply ', '')) / 2));
    expect(pairs).toEqual([...pairs].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(45);
  });

  it('shows each notification’s fields', async () => {
    const reader = await person();
    const actor = await person();
    await notify(t.app, t.database.db, {
      kind: 'mention',
      recipients: [reader.user.id],
      actorId: actor.user.id,
      title: 'Ravi mentioned you in “Heaps”',
      url: '/community/threads/abc',
    });
    const body = (await send(reader, 'GET', '/api/notifications')).json();
    expect(body.notifications).toEqual([
      {
        id: expect.any(String),
        kind: 'mention',
        title: 'Ravi mentioned you in “Heaps”',
        url: '/community/threads/abc',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        readAt: null,
      },
    ]);
  });

  it('lists only the unread ones with unread=true, and all with unread=false', async () => {
    const reader = await person();
    const ids = (await seedNotifications(reader.user.id, 4)).map((row) => row.id);
    await send(reader, 'POST', '/api/notifications/read', { ids: [ids[0], ids[1]] });
    const unread = (await send(reader, 'GET', '/api/notifications?unread=true')).json();
    expect(unread.notifications.map((row: { id: string }) => row.id).sort()).toEqual([ids[2], ids[3]].sort());
    expect(unread.unread).toBe(2);
    const all = (await send(reader, 'GET', '/api/notifications?unread=false')).json();
    expect(all.notifications).toHaveLength(4);
    expect(all.unread).toBe(2);
  });

  it('pages the unread list by its own cursor', async () => {
    const reader = await person();
    const ids = (await seedNotifications(reader.user.id, 30)).map((row) => row.id);
    await send(reader, 'POST', '/api/notifications/read', { ids: ids.slice(0, 5) });
    const first = (await send(reader, 'GET', '/api/notifications?unread=true')).json();
    const second = (
      await send(reader, 'GET', `/api/notifications?unread=true&cursor=${encodeURIComponent(first.nextCursor)}`)
    ).json();
    expect([first.notifications.length, second.notifications.length]).toEqual([20, 5]);
    expect(second.nextCursor).toBeNull();
    expect(second.notifications.every((row: { readAt: string | null }) => row.readAt === null)).toBe(true);
  });

  it('never shows anyone else’s notifications', async () => {
    const [reader, other] = [await person(), await person()];
    await seedNotifications(other.user.id, 3);
    const body = (await send(reader, 'GET', '/api/notifications')).json();
    expect(body).toMatchObject({ notifications: [], unread: 0 });
  });

  it.each([
    [
      'a cursor it did not give',
      '?cursor=not-a-cursor',
      'That cursor is not one this list gave: start again from the first page',
    ],
    [
      'a cursor with a made-up date',
      `?cursor=${Buffer.from('2026-13-45T99:00:00.000000Z_9b2f7c1e-1111-4111-8111-111111111111').toString('base64url')}`,
      null,
    ],
    ['an unread that is not true or false', '?unread=yes', 'unread must be true or false'],
  ])('refuses %s with 400', async (_name, query, message) => {
    const reply = await send(await person(), 'GET', `/api/notifications${query}`);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().success).toBe(false);
    if (message) expect(reply.json().error).toBe(message);
  });
});

describe('POST /api/notifications/read and read-all', () => {
  it('marks the caller’s own notifications read and answers the unread count', async () => {
    const reader = await person();
    const ids = (await seedNotifications(reader.user.id, 3)).map((row) => row.id);
    const reply = await send(reader, 'POST', '/api/notifications/read', { ids: [ids[0]] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, unread: 2 });
    const [row] = await t.database.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.id, ids[0]!));
    expect(row?.readAt).toBeInstanceOf(Date);
  });

  it('keeps the first reading time when read again', async () => {
    const reader = await person();
    const [first] = await seedNotifications(reader.user.id, 1);
    await send(reader, 'POST', '/api/notifications/read', { ids: [first!.id] });
    const before = (await send(reader, 'GET', '/api/notifications')).json().notifications[0].readAt;
    await send(reader, 'POST', '/api/notifications/read', { ids: [first!.id] });
    expect((await send(reader, 'GET', '/api/notifications')).json().notifications[0].readAt).toBe(before);
  });

  it('silently ignores ids of someone else’s notifications', async () => {
    const [reader, other] = [await person(), await person()];
    const theirs = (await seedNotifications(other.user.id, 2)).map((row) => row.id);
    await seedNotifications(reader.user.id, 1);
    const reply = await send(reader, 'POST', '/api/notifications/read', { ids: theirs });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, unread: 1 });
    expect((await send(other, 'GET', '/api/notifications?unread=true')).json().unread).toBe(2);
  });

  it.each([
    ['an id that is not an id', { ids: ['42'] }, 'Must be a valid id'],
    ['no ids', { ids: [] }, 'Name at least one notification'],
    ['ids that are not a list', { ids: 'all' }, null],
    ['no ids field', {}, null],
    [
      'more than 100 ids',
      { ids: Array.from({ length: 101 }, () => '9b2f7c1e-1111-4111-8111-111111111111') },
      'Too many notifications at once',
    ],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const reply = await send(await person(), 'POST', '/api/notifications/read', payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error: expect.any(String) });
    if (message) expect(reply.json().error).toBe(message);
  });

  it('read-all marks only the caller’s notifications read', async () => {
    const [reader, other] = [await person(), await person()];
    await seedNotifications(reader.user.id, 3);
    await seedNotifications(other.user.id, 2);
    const reply = await send(reader, 'POST', '/api/notifications/read-all');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, unread: 0 });
    expect((await send(reader, 'GET', '/api/notifications?unread=true')).json().notifications).toEqual([]);
    expect((await send(other, 'GET', '/api/notifications')).json().unread).toBe(2);
  });

  it('tells the reader’s other pages when something was marked read, and no one else', async () => {
    const [reader, other] = [await person(), await person()];
    const ids = (await seedNotifications(reader.user.id, 2)).map((row) => row.id);
    const heard: LiveEvent['type'][] = [];
    const otherHeard: LiveEvent['type'][] = [];
    const stop = t.app.events.subscribe(userTopic(reader.user.id), (event) => heard.push(event.type));
    const stopOther = t.app.events.subscribe(userTopic(other.user.id), (event) => otherHeard.push(event.type));
    await send(reader, 'POST', '/api/notifications/read', { ids: [ids[0]] });
    await send(reader, 'POST', '/api/notifications/read', { ids: [ids[0]] });
    await send(reader, 'POST', '/api/notifications/read-all');
    await send(reader, 'POST', '/api/notifications/read-all');
    stop();
    stopOther();
    expect(heard).toEqual(['notifications.changed', 'notifications.changed']);
    expect(otherHeard).toEqual([]);
  });
});

const LEARNER_KINDS = NOTIFICATION_KINDS.filter((kind) => !kind.startsWith('admin_'));

describe('the tray answered from memory', () => {
  const unreadOf = async (who: Person, query = '') =>
    (await send(who, 'GET', `/api/notifications${query}`)).json().unread as number;

  it('shows a notification made, a read and a read-all in the very next read of the tray', async () => {
    const reader = await person();
    const actor = await person();
    expect(await unreadOf(reader)).toBe(0);
    expect(await unreadOf(reader, '?unread=true')).toBe(0);
    const made = () =>
      notify(t.app, t.database.db, {
        kind: 'mention',
        recipients: [reader.user.id],
        actorId: actor.user.id,
        title: 'You were mentioned',
        url: '/community',
      });
    expect(await made()).toBe(1);
    expect(await unreadOf(reader)).toBe(1);
    expect(await unreadOf(reader, '?unread=true')).toBe(1);
    const [first] = (await send(reader, 'GET', '/api/notifications')).json().notifications;
    expect((await send(reader, 'POST', '/api/notifications/read', { ids: [first.id] })).statusCode).toBe(200);
    expect(await unreadOf(reader)).toBe(0);
    expect((await send(reader, 'GET', '/api/notifications?unread=true')).json().notifications).toEqual([]);
    await made();
    await made();
    expect(await unreadOf(reader, '?unread=true')).toBe(2);
    expect((await send(reader, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect(await unreadOf(reader, '?unread=true')).toBe(0);
    expect(await unreadOf(reader)).toBe(0);
  });

  it(`answers the first page from memory for ${TRAY_CACHE_MS / 1000} s; a later page is always read anew`, async () => {
    const reader = await person();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await unreadOf(reader)).toBe(0);
      // Written past the API (nothing forgets the tray): the cached first page does not see it yet.
      await seedNotifications(reader.user.id, 21);
      expect(await unreadOf(reader)).toBe(0);
      vi.setSystemTime(Date.now() + TRAY_CACHE_MS);
      const first = (await send(reader, 'GET', '/api/notifications')).json();
      expect(first.unread).toBe(21);
      await seedNotifications(reader.user.id, 1);
      const next = (await send(reader, 'GET', `/api/notifications?cursor=${first.nextCursor}`)).json();
      expect(next.unread).toBe(22);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET and PUT /api/notifications/preferences', () => {
  it('lists every kind a learner receives with its default, and no admins’ kind', async () => {
    const reply = await send(await person(), 'GET', '/api/notifications/preferences');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({
      success: true,
      preferences: {
        thread_reply: 'mail',
        answer_accepted: 'app',
        mention: 'app',
        application_decided: 'mail',
        course_update: 'daily',
        cohort_due: 'mail',
        revision_due: 'app',
        streak_warning: 'app',
        badge_earned: 'app',
        report_resolved: 'app',
      },
      quietHours: null,
      digestHour: 8,
    });
  });

  it('lists the admins’ kinds to an admin', async () => {
    const body = (await send(await person('Admin'), 'GET', '/api/notifications/preferences')).json();
    expect(Object.keys(body.preferences).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(body.preferences).toMatchObject({ admin_new_application: 'app', admin_new_report: 'app' });
  });

  it('does not list the admins’ kinds to an instructor', async () => {
    const body = (await send(await person('Instructor'), 'GET', '/api/notifications/preferences')).json();
    expect(Object.keys(body.preferences).sort()).toEqual([...LEARNER_KINDS].sort());
  });

  it('saves the kinds named, keeps the others, and answers the whole settings', async () => {
    const learner = await person();
    const reply = await send(learner, 'PUT', '/api/notifications/preferences', {
      preferences: { thread_reply: 'weekly', badge_earned: 'off' },
      quietHours: { from: '22:00', to: '07:30' },
      digestHour: 19,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      preferences: { thread_reply: 'weekly', badge_earned: 'off', mention: 'app', course_update: 'daily' },
      quietHours: { from: '22:00', to: '07:30' },
      digestHour: 19,
    });
    const second = await send(learner, 'PUT', '/api/notifications/preferences', { preferences: { mention: 'mail' } });
    expect(second.json()).toMatchObject({
      preferences: { thread_reply: 'weekly', badge_earned: 'off', mention: 'mail' },
      quietHours: { from: '22:00', to: '07:30' },
      digestHour: 19,
    });
    expect((await send(learner, 'GET', '/api/notifications/preferences')).json()).toEqual(second.json());
  });

  it('clears quiet hours with null', async () => {
    const learner = await person();
    await send(learner, 'PUT', '/api/notifications/preferences', { quietHours: { from: '23:00', to: '06:00' } });
    const reply = await send(learner, 'PUT', '/api/notifications/preferences', { quietHours: null });
    expect(reply.json()).toMatchObject({ quietHours: null, digestHour: 8 });
  });

  it('keeps the reply mail setting the profile page sets', async () => {
    const learner = await person();
    await send(learner, 'PUT', '/api/auth/preferences', { notifyOnReply: false });
    await send(learner, 'PUT', '/api/notifications/preferences', { preferences: { mention: 'off' } });
    const reply = await send(learner, 'GET', '/api/auth/preferences');
    expect(reply.json().preferences).toMatchObject({ notifyOnReply: false });
  });

  it('lets an admin set the admins’ kinds', async () => {
    const admin = await person('Admin');
    const reply = await send(admin, 'PUT', '/api/notifications/preferences', {
      preferences: { admin_new_report: 'mail' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().preferences.admin_new_report).toBe('mail');
  });

  it('makes no notification of a kind set to off, and the chosen channel for the others', async () => {
    const learner = await person();
    await send(learner, 'PUT', '/api/notifications/preferences', {
      preferences: { badge_earned: 'off', mention: 'weekly' },
    });
    const base = { recipients: [learner.user.id], title: 'Something', url: '/dashboard' };
    expect(await notify(t.app, t.database.db, { ...base, kind: 'badge_earned' })).toBe(0);
    expect(await notify(t.app, t.database.db, { ...base, kind: 'mention' })).toBe(1);
    const rows = await t.database.db
      .select({ kind: notifications.kind, channel: notifications.channel })
      .from(notifications)
      .where(eq(notifications.userId, learner.user.id));
    expect(rows).toEqual([{ kind: 'mention', channel: 'weekly' }]);
  });

  it.each([
    ['an unknown kind', { preferences: { birthday: 'app' } }, 'Unknown notification kind: birthday'],
    [
      'an unknown channel',
      { preferences: { mention: 'pigeon' } },
      '"pigeon" is not a channel: use app, mail, daily, weekly or off',
    ],
    [
      'a channel that is not text',
      { preferences: { mention: 3 } },
      '3 is not a channel: use app, mail, daily, weekly or off',
    ],
    ['preferences that are a list', { preferences: ['mention'] }, null],
    [
      'quiet hours at a time that does not exist',
      { quietHours: { from: '25:00', to: '07:00' } },
      'Use a time like 22:00',
    ],
    ['quiet hours without seconds’ format', { quietHours: { from: '22:00', to: '7:00' } }, 'Use a time like 22:00'],
    ['quiet hours without an end', { quietHours: { from: '22:00' } }, null],
    ['quiet hours as text', { quietHours: '22:00-07:00' }, null],
    ['a digest hour of 24', { digestHour: 24 }, 'The digest hour must be a whole hour from 0 to 23'],
    ['a digest hour of -1', { digestHour: -1 }, 'The digest hour must be a whole hour from 0 to 23'],
    ['a digest hour of 7.5', { digestHour: 7.5 }, 'The digest hour must be a whole hour from 0 to 23'],
    ['a digest hour as text', { digestHour: '8' }, 'The digest hour must be a whole hour from 0 to 23'],
    [
      'an admins’ kind from a learner',
      { preferences: { admin_new_application: 'off' } },
      'Only admins receive these notifications: New instructor applications',
    ],
  ])('refuses %s with 400 and a message', async (_name, payload, message) => {
    const learner = await person();
    const reply = await send(learner, 'PUT', '/api/notifications/preferences', payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error: expect.any(String) });
    if (message) expect(reply.json().error).toBe(message);
    // Nothing was saved.
    expect((await send(learner, 'GET', '/api/notifications/preferences')).json()).toMatchObject({
      preferences: { mention: 'app' },
      quietHours: null,
      digestHour: 8,
    });
  });

  it('refuses a body that is not an object with 400', async () => {
    const reply = await send(await person(), 'PUT', '/api/notifications/preferences', ['mention']);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().success).toBe(false);
  });
});
