import type { LiveEvent } from '@learnbuild/domain/schemas/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, userPreferences } from '../../db/schema';
import { userTopic } from '../../lib/event-bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { notify, quoted } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const person = () => createUser(t.app, t.database.db);

async function rowsOf(userId: string) {
  return t.database.db
    .select({ kind: notifications.kind, title: notifications.title, channel: notifications.channel })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

/** The live events `userId`'s topic hears until `stop()`. */
function listen(userId: string) {
  const heard: LiveEvent['type'][] = [];
  const stop = t.app.events.subscribe(userTopic(userId), (event) => heard.push(event.type));
  return { heard, stop };
}

const input = (recipients: string[], extra: Partial<Parameters<typeof notify>[2]> = {}) => ({
  kind: 'thread_reply' as const,
  recipients,
  title: 'Asha replied to “Two Sum in O(n)?”',
  url: '/community/threads/x',
  ...extra,
});

describe('notify', () => {
  it('makes one notification per recipient by the kind’s default channel, never for the actor', async () => {
    const [actor, first, second] = [await person(), await person(), await person()];
    const made = await notify(
      t.app,
      t.database.db,
      input([first.user.id, second.user.id, actor.user.id, first.user.id], { actorId: actor.user.id }),
    );
    expect(made).toBe(2);
    expect(await rowsOf(first.user.id)).toEqual([
      { kind: 'thread_reply', title: 'Asha replied to “Two Sum in O(n)?”', channel: 'mail' },
    ]);
    expect(await rowsOf(second.user.id)).toHaveLength(1);
    expect(await rowsOf(actor.user.id)).toEqual([]);
  });

  it('takes each person’s chosen channel and makes none for off', async () => {
    const [daily, off] = [await person(), await person()];
    await t.database.db.insert(userPreferences).values([
      { userId: daily.user.id, notificationChannels: { thread_reply: 'daily' } },
      { userId: off.user.id, notificationChannels: { thread_reply: 'off', mention: 'mail' } },
    ]);
    expect(await notify(t.app, t.database.db, input([daily.user.id, off.user.id]))).toBe(1);
    expect(await rowsOf(daily.user.id)).toEqual([expect.objectContaining({ channel: 'daily' })]);
    expect(await rowsOf(off.user.id)).toEqual([]);
  });

  it('ignores a stored channel the platform does not know and uses the default', async () => {
    const someone = await person();
    await t.database.db
      .insert(userPreferences)
      .values({ userId: someone.user.id, notificationChannels: { answer_accepted: 'pigeon' } });
    await notify(t.app, t.database.db, input([someone.user.id], { kind: 'answer_accepted' }));
    expect(await rowsOf(someone.user.id)).toEqual([expect.objectContaining({ channel: 'app' })]);
  });

  it('makes a notification with a dedupe key once per person', async () => {
    const someone = await person();
    const once = input([someone.user.id], { kind: 'revision_due', dedupeKey: 'revision:2026-11-28' });
    expect(await notify(t.app, t.database.db, once)).toBe(1);
    expect(await notify(t.app, t.database.db, once)).toBe(0);
    expect(await t.database.db.transaction((tx) => notify(t.app, tx, once))).toBe(0);
    expect(await rowsOf(someone.user.id)).toHaveLength(1);
  });

  it('tells the recipient’s topic only once the transaction has committed', async () => {
    const [actor, recipient] = [await person(), await person()];
    const recipientHears = listen(recipient.user.id);
    const actorHears = listen(actor.user.id);
    let heardInside: string[] = [];
    await t.database.db.transaction(async (tx) => {
      await tx.transaction((savepoint) =>
        notify(t.app, savepoint, input([recipient.user.id], { actorId: actor.user.id })),
      );
      heardInside = [...recipientHears.heard];
    });
    recipientHears.stop();
    actorHears.stop();
    expect(heardInside).toEqual([]);
    expect(recipientHears.heard).toEqual(['notifications.changed']);
    expect(actorHears.heard).toEqual([]);
  });

  it('tells no one when the transaction rolls back', async () => {
    const recipient = await person();
    const hears = listen(recipient.user.id);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(t.app, tx, input([recipient.user.id]));
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    hears.stop();
    expect(hears.heard).toEqual([]);
    expect(await rowsOf(recipient.user.id)).toEqual([]);
  });

  it('tells nobody when nothing was made', async () => {
    const someone = await person();
    await t.database.db
      .insert(userPreferences)
      .values({ userId: someone.user.id, notificationChannels: { badge_earned: 'off' } });
    const hears = listen(someone.user.id);
    expect(await notify(t.app, t.database.db, input([someone.user.id], { kind: 'badge_earned' }))).toBe(0);
    hears.stop();
    expect(hears.heard).toEqual([]);
  });
});

describe('quoted', () => {
  it('quotes a short title whole and cuts a long one at a word', () => {
    expect(quoted('  Two Sum   in O(n)? ')).toBe('“Two Sum in O(n)?”');
    expect(quoted('Why does my binary search loop forever when the array has exactly two equal elements in it')).toBe(
      '“Why does my binary search loop forever when the array has…”',
    );
  });
});
