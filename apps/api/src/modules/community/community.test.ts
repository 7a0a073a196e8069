import {
  COMMUNITY_CATEGORIES,
  POST_BODY_MAX,
  THREADS_PAGE_SIZE,
  threadReplySchema,
  threadsReplySchema,
} from '@learnbuild/domain/schemas/community';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../../../e2e/tests/xss-payloads';
import { communityThreads, mailOutbox } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type Member, member, read, replyTo, startThread } from './community-fixtures';
import { communityLists } from './list-cache';
import { seedCommunityCategories } from './seed';

let t: TestApp;
let alice: Member;
let bob: Member;
let carol: Member;
let instructor: Member;

beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  alice = await member(t, 'Student', { name: 'Alice Asker' });
  bob = await member(t, 'Student', { name: 'Bob Helper' });
  carol = await member(t, 'Student', { name: 'Carol Voter' });
  instructor = await member(t, 'Instructor', { name: 'Ian Moderator' });
});
afterAll(async () => {
  await t.close();
});

/** Rows written here, behind the API's back: the cached lists must not hide them. */
async function behindTheApi(write: Promise<unknown>) {
  await write;
  communityLists.forget(t.database.db);
}

/** Each test reads the list as if the community were empty. */
beforeEach(async () => {
  await behindTheApi(t.database.db.delete(communityThreads));
});

const setThread = (id: string, values: Partial<typeof communityThreads.$inferInsert>) =>
  behindTheApi(t.database.db.update(communityThreads).set(values).where(eq(communityThreads.id, id)));

const listTitles = async (query: string, viewer?: Member) => {
  const reply = await read(t, `/api/community/threads${query}`, viewer);
  expect(reply.statusCode).toBe(200);
  return (reply.json().threads as { title: string }[]).map((thread) => thread.title);
};

describe('categories', () => {
  it('lists the six seeded categories in order with their visible thread counts', async () => {
    await startThread(t, alice, { category: 'dsa-help' });
    await startThread(t, alice, { category: 'dsa-help' });
    const hidden = await startThread(t, alice, { category: 'careers' });
    await setThread(hidden.id, { hidden: true });
    const reply = await read(t, '/api/community/categories');
    expect(reply.statusCode).toBe(200);
    const { categories } = reply.json();
    expect(categories.map((c: { name: string }) => c.name)).toEqual([
      'General',
      'DSA Help',
      'Core Subjects',
      'Courses',
      'Careers',
      'Show and Tell',
    ]);
    expect(categories).toEqual(COMMUNITY_CATEGORIES.map((c) => ({ ...c, threadCount: c.slug === 'dsa-help' ? 2 : 0 })));
  });

  it('seeds the categories once: a second run adds nothing', async () => {
    expect(await seedCommunityCategories(t.database.db)).toBe(0);
  });
});

describe('the thread list', () => {
  it("answers the issue's fields, latest activity first, with the total", async () => {
    const first = await startThread(t, alice, { title: 'First thread here', tags: ['arrays'] });
    await startThread(t, bob, { title: 'Second thread here' });
    await replyTo(t, bob, first.id);
    const reply = await read(t, '/api/community/threads');
    const body = threadsReplySchema.parse(reply.json());
    expect(body.total).toBe(2);
    expect(body.threads.map((thread) => thread.title)).toEqual(['First thread here', 'Second thread here']);
    expect(body.threads[0]).toMatchObject({
      id: first.id,
      category: 'general',
      author: { id: alice.user.id, name: 'Alice Asker' },
      replyCount: 1,
      votes: 0,
      answered: false,
      tags: ['arrays'],
      pinned: false,
      locked: false,
    });
    expect(Object.keys(body.threads[0]!)).toEqual(
      expect.arrayContaining([
        'id',
        'title',
        'category',
        'author',
        'replyCount',
        'votes',
        'answered',
        'lastActivityAt',
      ]),
    );
  });

  it('sorts by latest, top and unanswered, pinned threads first in each', async () => {
    const old = await startThread(t, alice, { title: 'Old pinned notice' });
    const popular = await startThread(t, alice, { title: 'Popular question' });
    const answered = await startThread(t, alice, { title: 'Answered question' });
    const fresh = await startThread(t, alice, { title: 'Fresh question' });
    const hour = 3_600_000;
    await setThread(old.id, { pinned: true, lastActivityAt: new Date(Date.now() - 10 * hour) });
    await setThread(popular.id, { votes: 7, lastActivityAt: new Date(Date.now() - 3 * hour) });
    await setThread(answered.id, { votes: 3, lastActivityAt: new Date(Date.now() - 2 * hour) });
    await setThread(fresh.id, { lastActivityAt: new Date(Date.now() - hour) });
    const reply = await replyTo(t, bob, answered.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${answered.id}/answer`,
      headers: alice.auth,
      payload: { replyId: reply.id },
    });

    expect(await listTitles('')).toEqual([
      'Old pinned notice',
      'Answered question',
      'Fresh question',
      'Popular question',
    ]);
    expect(await listTitles('?sort=latest')).toEqual(await listTitles(''));
    expect(await listTitles('?sort=top')).toEqual([
      'Old pinned notice',
      'Popular question',
      'Answered question',
      'Fresh question',
    ]);
    expect(await listTitles('?sort=unanswered')).toEqual(['Old pinned notice', 'Fresh question', 'Popular question']);
    const list = (await read(t, '/api/community/threads')).json();
    expect(list.threads.find((thread: { id: string }) => thread.id === answered.id).answered).toBe(true);
  });

  it('shows a new thread, a reply and a deletion in the next list, though lists are cached', async () => {
    const first = await startThread(t, alice, { title: 'Cached first thread' });
    expect(await listTitles('')).toEqual(['Cached first thread']);
    const second = await startThread(t, bob, { title: 'Cached second thread' });
    expect(await listTitles('')).toEqual(['Cached second thread', 'Cached first thread']);
    await replyTo(t, carol, first.id);
    expect(await listTitles('')).toEqual(['Cached first thread', 'Cached second thread']);
    await t.app.inject({ method: 'DELETE', url: `/api/community/threads/${second.id}`, headers: bob.auth });
    expect(await listTitles('')).toEqual(['Cached first thread']);
    const categories = (await read(t, '/api/community/categories')).json().categories;
    expect(categories.find((c: { slug: string }) => c.slug === 'general').threadCount).toBe(1);
  });

  it('filters by category and refuses an unknown category or sort with 400', async () => {
    await startThread(t, alice, { title: 'About graphs and trees', category: 'dsa-help' });
    await startThread(t, alice, { title: 'About resumes and jobs', category: 'careers' });
    expect(await listTitles('?category=dsa-help')).toEqual(['About graphs and trees']);
    expect(await listTitles('?category=show-and-tell')).toEqual([]);
    expect((await read(t, '/api/community/threads?category=nope')).statusCode).toBe(400);
    expect((await read(t, '/api/community/threads?sort=oldest')).statusCode).toBe(400);
    expect((await read(t, '/api/community/threads?page=0')).statusCode).toBe(400);
  });

  it(`pages the list ${THREADS_PAGE_SIZE} at a time`, async () => {
    const author = await member(t);
    const rows = Array.from({ length: THREADS_PAGE_SIZE + 3 }, (_, index) => index);
    for (const index of rows) await startThread(t, author, { title: `Paged thread ${String(index).padStart(2, '0')}` });
    const first = (await read(t, '/api/community/threads')).json();
    const second = (await read(t, '/api/community/threads?page=2')).json();
    expect(first.total).toBe(rows.length);
    expect(first.threads).toHaveLength(THREADS_PAGE_SIZE);
    expect(second.threads).toHaveLength(3);
    expect(second.threads.at(-1).title).toBe('Paged thread 00');
  });
});

describe('a thread page', () => {
  it('opens a thread with its body, replies, counters and what the viewer may do', async () => {
    const thread = await startThread(t, alice, {
      title: 'How do heaps work?',
      body: 'Explain **heaps**',
      tags: ['heap'],
    });
    await replyTo(t, bob, thread.id, 'A heap is a tree');
    const anonymous = threadReplySchema.parse((await read(t, `/api/community/threads/${thread.id}`)).json()).thread;
    expect(anonymous).toMatchObject({
      title: 'How do heaps work?',
      body: 'Explain **heaps**',
      hidden: false,
      editedAt: null,
      voted: false,
      acceptedReplyId: null,
      replyCount: 1,
      repliesTotal: 1,
      viewer: { canEdit: false, canModerate: false, canAccept: false },
      replies: [{ body: 'A heap is a tree', author: { id: bob.user.id, name: 'Bob Helper' }, canEdit: false }],
    });
    const asAuthor = (await read(t, `/api/community/threads/${thread.id}`, alice)).json().thread;
    expect(asAuthor.viewer).toEqual({ canEdit: true, canModerate: false, canAccept: true });
    const asReplier = (await read(t, `/api/community/threads/${thread.id}`, bob)).json().thread;
    expect(asReplier.replies[0].canEdit).toBe(true);
    const asModerator = (await read(t, `/api/community/threads/${thread.id}`, instructor)).json().thread;
    expect(asModerator.viewer).toEqual({ canEdit: false, canModerate: true, canAccept: false });
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const reply = await read(t, `/api/community/threads/${encodeURIComponent(id)}`);
      expect(reply.statusCode, id).toBe(404);
      expect(reply.json()).toEqual({ success: false, error: 'Thread not found' });
    }
  });
});

describe('who may write', () => {
  it('answers 401 to anonymous and 403 to an unverified account on every write', async () => {
    const unverified = await member(t, 'Student', { unverified: true });
    const thread = await startThread(t, alice);
    const reply = await replyTo(t, bob, thread.id);
    const writes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/community/threads', payload: { title: 'A fine title here', body: 'Body' } },
      { method: 'PUT', url: `/api/community/threads/${thread.id}`, payload: { body: 'Changed' } },
      { method: 'DELETE', url: `/api/community/threads/${thread.id}` },
      { method: 'POST', url: `/api/community/threads/${thread.id}/replies`, payload: { body: 'Hi' } },
      { method: 'PUT', url: `/api/community/replies/${reply.id}`, payload: { body: 'Changed' } },
      { method: 'DELETE', url: `/api/community/replies/${reply.id}` },
      { method: 'POST', url: `/api/community/threads/${thread.id}/vote` },
      { method: 'DELETE', url: `/api/community/threads/${thread.id}/vote` },
      { method: 'POST', url: `/api/community/replies/${reply.id}/vote` },
      { method: 'DELETE', url: `/api/community/replies/${reply.id}/vote` },
      { method: 'POST', url: `/api/community/threads/${thread.id}/answer`, payload: { replyId: reply.id } },
      { method: 'DELETE', url: `/api/community/threads/${thread.id}/answer` },
      { method: 'POST', url: `/api/community/threads/${thread.id}/report`, payload: { reason: 'Spam link' } },
      { method: 'POST', url: `/api/community/replies/${reply.id}/report`, payload: { reason: 'Spam link' } },
    ];
    for (const write of writes) {
      const anonymous = await t.app.inject({ ...write });
      expect(anonymous.statusCode, `${write.method} ${write.url} anonymous`).toBe(401);
      expect(anonymous.json().success).toBe(false);
      const refused = await t.app.inject({ ...write, headers: unverified.auth });
      expect(refused.statusCode, `${write.method} ${write.url} unverified`).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        error: 'Please verify your email address before posting in the community',
      });
    }
    // Nothing changed.
    const after = (await read(t, `/api/community/threads/${thread.id}`)).json().thread;
    expect(after).toMatchObject({ votes: 0, replyCount: 1, body: thread.body });
  });
});

describe('threads', () => {
  it('starts a thread (201) in General with no tags unless told, and trims and lower-cases tags', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/community/threads',
      headers: alice.auth,
      payload: { title: '  Why is my BFS slow?  ', body: 'It times out' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().thread).toMatchObject({
      title: 'Why is my BFS slow?',
      category: 'general',
      tags: [],
      author: { id: alice.user.id },
      replyCount: 0,
      votes: 0,
      replies: [],
    });
    const tagged = await startThread(t, alice, { tags: [' Graphs ', 'BFS', 'graphs'], category: 'dsa-help' });
    expect(tagged).toMatchObject({ tags: ['graphs', 'bfs'], category: 'dsa-help' });
  });

  it('refuses a short title, an empty body, too many tags and a body over the cap with 400', async () => {
    const bad = [
      { title: 'short', body: 'Body' },
      { title: 'A long enough title', body: '   ' },
      { title: 'A long enough title', body: 'Body', tags: ['a', 'b', 'c', 'd', 'e', 'f'] },
      { title: 'A long enough title', body: 'x'.repeat(POST_BODY_MAX + 1) },
      { title: 'A long enough title', body: 'Body', category: 'nope' },
    ];
    for (const payload of bad) {
      const reply = await t.app.inject({ method: 'POST', url: '/api/community/threads', headers: alice.auth, payload });
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, error: expect.any(String), details: expect.any(Array) });
    }
    const atCap = await t.app.inject({
      method: 'POST',
      url: '/api/community/threads',
      headers: alice.auth,
      payload: { title: 'A long enough title', body: 'x'.repeat(POST_BODY_MAX) },
    });
    expect(atCap.statusCode).toBe(201);
  });

  it('lets only the author edit; a change sets the edited mark and keeps the fields not sent', async () => {
    const thread = await startThread(t, alice, { title: 'Original title here', category: 'dsa-help', tags: ['dp'] });
    const unchanged = await t.app.inject({
      method: 'PUT',
      url: `/api/community/threads/${thread.id}`,
      headers: alice.auth,
      payload: { title: 'Original title here' },
    });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json().thread.editedAt).toBeNull();

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/community/threads/${thread.id}`,
      headers: alice.auth,
      payload: { body: 'A clearer body' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().thread).toMatchObject({
      title: 'Original title here',
      body: 'A clearer body',
      category: 'dsa-help',
      tags: ['dp'],
      editedAt: expect.any(String),
    });
    for (const other of [bob, instructor]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/community/threads/${thread.id}`,
        headers: other.auth,
        payload: { body: 'Hijacked' },
      });
      expect(refused.statusCode).toBe(403);
    }
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/community/threads/${thread.id}`,
      headers: alice.auth,
      payload: { category: 'careers', tags: [] },
    });
    expect(moved.json().thread).toMatchObject({ category: 'careers', tags: [], body: 'A clearer body' });
  });

  it('deletes a thread for its author; another student gets 403; unknown is 404', async () => {
    const thread = await startThread(t, alice);
    await replyTo(t, bob, thread.id);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${thread.id}`,
      headers: bob.auth,
    });
    expect(refused.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${thread.id}`,
      headers: alice.auth,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Thread deleted' });
    expect((await read(t, `/api/community/threads/${thread.id}`)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${thread.id}`,
      headers: alice.auth,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('replies', () => {
  it('adds a reply (201), counts it and makes the thread the latest active', async () => {
    const older = await startThread(t, alice, { title: 'The older thread' });
    await startThread(t, alice, { title: 'The newer thread' });
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${older.id}/replies`,
      headers: bob.auth,
      payload: { body: '  Try a deque  ' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      success: true,
      reply: {
        body: 'Try a deque',
        author: { id: bob.user.id, name: 'Bob Helper' },
        votes: 0,
        accepted: false,
        canEdit: true,
      },
    });
    expect(await listTitles('')).toEqual(['The older thread', 'The newer thread']);
    expect((await read(t, `/api/community/threads/${older.id}`)).json().thread.replyCount).toBe(1);
  });

  it('refuses a reply to a locked thread with 409, and to an unknown thread with 404', async () => {
    const thread = await startThread(t, alice);
    await setThread(thread.id, { locked: true });
    const locked = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/replies`,
      headers: bob.auth,
      payload: { body: 'Too late' },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ success: false, error: 'This thread is locked: it takes no new replies or edits' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/community/threads/00000000-0000-4000-8000-000000000000/replies',
      headers: bob.auth,
      payload: { body: 'Hello' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses an empty reply and one over the cap with 400', async () => {
    const thread = await startThread(t, alice);
    for (const body of ['', '   ', 'y'.repeat(POST_BODY_MAX + 1)]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/community/threads/${thread.id}/replies`,
        headers: bob.auth,
        payload: { body },
      });
      expect(reply.statusCode).toBe(400);
    }
  });

  it('lets only the author edit a reply, with the edited mark', async () => {
    const thread = await startThread(t, alice);
    const reply = await replyTo(t, bob, thread.id, 'First draft');
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${reply.id}`,
      headers: alice.auth,
      payload: { body: 'Not mine' },
    });
    expect(refused.statusCode).toBe(403);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${reply.id}`,
      headers: bob.auth,
      payload: { body: 'Second draft' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().reply).toMatchObject({ body: 'Second draft', editedAt: expect.any(String) });
    const page = (await read(t, `/api/community/threads/${thread.id}`)).json().thread;
    expect(page.replies[0]).toMatchObject({ body: 'Second draft', editedAt: expect.any(String) });
    await setThread(thread.id, { locked: true });
    const locked = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${reply.id}`,
      headers: bob.auth,
      payload: { body: 'Third draft' },
    });
    expect(locked.statusCode).toBe(409);
  });

  it('deletes a reply for its author: the count follows and an accepted answer is cleared', async () => {
    const thread = await startThread(t, alice);
    const reply = await replyTo(t, bob, thread.id);
    await replyTo(t, carol, thread.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/answer`,
      headers: alice.auth,
      payload: { replyId: reply.id },
    });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/replies/${reply.id}`,
      headers: carol.auth,
    });
    expect(refused.statusCode).toBe(403);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/replies/${reply.id}`,
      headers: bob.auth,
    });
    expect(deleted.json()).toEqual({ success: true, message: 'Reply deleted' });
    const page = (await read(t, `/api/community/threads/${thread.id}`)).json().thread;
    expect(page).toMatchObject({ replyCount: 1, answered: false, acceptedReplyId: null });
  });
});

describe('votes', () => {
  const vote = (who: Member, method: 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: who.auth });

  it('counts one vote per user: voting twice stays 1, taking it back twice stays 0', async () => {
    const thread = await startThread(t, alice);
    const url = `/api/community/threads/${thread.id}/vote`;
    expect((await vote(bob, 'POST', url)).json()).toEqual({ success: true, votes: 1, voted: true });
    expect((await vote(bob, 'POST', url)).json()).toEqual({ success: true, votes: 1, voted: true });
    expect((await vote(carol, 'POST', url)).json()).toEqual({ success: true, votes: 2, voted: true });
    expect((await read(t, `/api/community/threads/${thread.id}`, bob)).json().thread).toMatchObject({
      votes: 2,
      voted: true,
    });
    expect((await vote(bob, 'DELETE', url)).json()).toEqual({ success: true, votes: 1, voted: false });
    expect((await vote(bob, 'DELETE', url)).json()).toEqual({ success: true, votes: 1, voted: false });
  });

  it('counts one vote when the same user votes many times at once', async () => {
    const thread = await startThread(t, alice);
    const reply = await replyTo(t, bob, thread.id);
    for (const url of [`/api/community/threads/${thread.id}/vote`, `/api/community/replies/${reply.id}/vote`]) {
      const replies = await Promise.all(Array.from({ length: 12 }, () => vote(carol, 'POST', url)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
      expect(replies.every((r) => r.json().voted === true)).toBe(true);
      const taken = await Promise.all(Array.from({ length: 6 }, () => vote(carol, 'DELETE', url)));
      expect(taken.map((r) => r.json().votes)).toEqual(Array(6).fill(0));
    }
    const many = await Promise.all(
      Array.from({ length: 12 }, () => vote(carol, 'POST', `/api/community/threads/${thread.id}/vote`)),
    );
    expect(many.at(-1)!.json().votes).toBe(1);
    expect((await read(t, `/api/community/threads/${thread.id}`)).json().thread.votes).toBe(1);
  });

  it('counts every user once when many vote at once', async () => {
    const thread = await startThread(t, alice);
    const voters = [bob, carol, instructor];
    await Promise.all(
      voters.flatMap((voter) => [0, 1, 2].map(() => vote(voter, 'POST', `/api/community/threads/${thread.id}/vote`))),
    );
    expect((await read(t, `/api/community/threads/${thread.id}`)).json().thread.votes).toBe(3);
  });

  it('votes on replies, shows the viewer their vote, and refuses votes on your own post with 403', async () => {
    const thread = await startThread(t, alice);
    const reply = await replyTo(t, bob, thread.id);
    expect((await vote(alice, 'POST', `/api/community/replies/${reply.id}/vote`)).json()).toMatchObject({ votes: 1 });
    const page = (await read(t, `/api/community/threads/${thread.id}`, alice)).json().thread;
    expect(page.replies[0]).toMatchObject({ votes: 1, voted: true });
    expect((await read(t, `/api/community/threads/${thread.id}`, carol)).json().thread.replies[0].voted).toBe(false);
    const own = await vote(bob, 'POST', `/api/community/replies/${reply.id}/vote`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('You cannot vote on your own post');
    expect((await vote(alice, 'POST', `/api/community/threads/${thread.id}/vote`)).statusCode).toBe(403);
    expect((await vote(alice, 'POST', '/api/community/replies/not-an-id/vote')).statusCode).toBe(404);
  });
});

describe('the accepted answer', () => {
  it("is chosen by the thread's author only; the thread reads answered and the answer comes first", async () => {
    const thread = await startThread(t, alice);
    await replyTo(t, bob, thread.id, 'First reply');
    const best = await replyTo(t, carol, thread.id, 'Best reply');
    await replyTo(t, instructor, thread.id, 'Third reply');
    for (const other of [bob, carol, instructor]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/community/threads/${thread.id}/answer`,
        headers: other.auth,
        payload: { replyId: best.id },
      });
      expect(refused.statusCode).toBe(403);
    }
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/answer`,
      headers: alice.auth,
      payload: { replyId: best.id },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().thread).toMatchObject({ answered: true, acceptedReplyId: best.id });
    const page = (await read(t, `/api/community/threads/${thread.id}`)).json().thread;
    expect(page.replies.map((r: { body: string; accepted: boolean }) => [r.body, r.accepted])).toEqual([
      ['Best reply', true],
      ['First reply', false],
      ['Third reply', false],
    ]);
    expect((await read(t, '/api/community/threads')).json().threads[0].answered).toBe(true);

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${thread.id}/answer`,
      headers: alice.auth,
    });
    expect(cleared.json().thread).toMatchObject({ answered: false, acceptedReplyId: null });
    expect(cleared.json().thread.replies[0].body).toBe('First reply');
  });

  it('must be a reply of the same thread (404 otherwise)', async () => {
    const thread = await startThread(t, alice);
    const elsewhere = await startThread(t, bob);
    const foreign = await replyTo(t, carol, elsewhere.id);
    for (const replyId of [foreign.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const reply = await t.app.inject({
        method: 'POST',
        url: `/api/community/threads/${thread.id}/answer`,
        headers: alice.auth,
        payload: { replyId },
      });
      expect(reply.statusCode, replyId).toBe(404);
    }
  });
});

describe('search', () => {
  it('finds threads by words of their body and title, most relevant first', async () => {
    await startThread(t, alice, {
      title: 'Stuck on a window problem',
      body: 'My sliding window solution for the longest substring keeps failing',
    });
    await startThread(t, bob, {
      title: 'Sliding window versus two pointers',
      body: 'When is a sliding window better?',
    });
    await startThread(t, carol, { title: 'Resume advice for internships', body: 'How long should it be?' });
    expect(await listTitles('?q=substring')).toEqual(['Stuck on a window problem']);
    // Stemming: "windows" and "failed" find "window" and "failing".
    expect(await listTitles('?q=windows%20failed')).toEqual(['Stuck on a window problem']);
    expect(await listTitles('?q=sliding%20window')).toEqual([
      'Sliding window versus two pointers',
      'Stuck on a window problem',
    ]);
    expect(await listTitles('?q=%22two%20pointers%22')).toEqual(['Sliding window versus two pointers']);
    expect(await listTitles('?q=window%20-pointers')).toEqual(['Stuck on a window problem']);
    expect(await listTitles('?q=internship&category=careers')).toEqual([]);
    expect(await listTitles('?q=internship')).toEqual(['Resume advice for internships']);
    const body = (await read(t, '/api/community/threads?q=graphs')).json();
    expect(body).toEqual({ success: true, threads: [], total: 0 });
  });

  it('orders a search by votes with sort=top, and keeps only unanswered matches with sort=unanswered', async () => {
    const low = await startThread(t, alice, { title: 'Heap question with few votes', body: 'priority queue' });
    const high = await startThread(t, bob, { title: 'Heap question with many votes', body: 'priority queue' });
    await startThread(t, carol, { title: 'Unrelated question here', body: 'graphs' });
    await setThread(high.id, { votes: 9 });
    await setThread(low.id, { votes: 2, lastActivityAt: new Date(Date.now() + 60_000) });
    expect(await listTitles('?q=priority&sort=top')).toEqual([
      'Heap question with many votes',
      'Heap question with few votes',
    ]);
    const answer = await replyTo(t, carol, high.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${high.id}/answer`,
      headers: bob.auth,
      payload: { replyId: answer.id },
    });
    expect(await listTitles('?q=priority&sort=unanswered')).toEqual(['Heap question with few votes']);
  });

  it('ignores a query of stop words or punctuation only and lists as without it', async () => {
    await startThread(t, alice, { title: 'One thread to find' });
    await startThread(t, bob, { title: 'Another thread to find' });
    for (const q of ['the', 'how to', 'is it', '!!!', '"', '-', 'or', ':*']) {
      const reply = await read(t, `/api/community/threads?q=${encodeURIComponent(q)}`);
      expect(reply.statusCode, q).toBe(200);
      expect(reply.json().total, q).toBe(2);
    }
  });

  it('leaves hidden threads out of search results', async () => {
    const hidden = await startThread(t, alice, { title: 'Secret spam about casinos' });
    await setThread(hidden.id, { hidden: true });
    expect(await listTitles('?q=casinos')).toEqual([]);
    expect(await listTitles('?q=casinos', instructor)).toEqual([]);
  });
});

describe('new-account limits', () => {
  it('answers 429 with Retry-After at the 6th thread in an hour of a new account, not of an old one', async () => {
    const newcomer = await member(t, 'Student', { newAccount: true });
    for (let index = 0; index < 5; index += 1) await startThread(t, newcomer);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/community/threads',
      headers: newcomer.auth,
      payload: { title: 'One thread too many', body: 'Spam?' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      success: false,
      error: 'New accounts can start 5 threads an hour. Please try again later.',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    const veteran = await member(t);
    for (let index = 0; index < 6; index += 1) await startThread(t, veteran);
  });

  it('answers 429 at the 31st reply in an hour of a new account, not of an old one', async () => {
    const thread = await startThread(t, alice);
    const newcomer = await member(t, 'Student', { newAccount: true });
    for (let index = 0; index < 30; index += 1) await replyTo(t, newcomer, thread.id, `Reply ${index}`);
    const limited = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/replies`,
      headers: newcomer.auth,
      payload: { body: 'Reply 31' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.stringMatching(/^\d+$/));
    expect(limited.json().error).toBe('New accounts can post 30 replies an hour. Please try again later.');
    for (let index = 0; index < 31; index += 1) await replyTo(t, bob, thread.id, `Veteran reply ${index}`);
  });

  it('lets a new account post again once its oldest post of the hour is an hour old', async () => {
    const newcomer = await member(t, 'Student', { newAccount: true });
    for (let index = 0; index < 5; index += 1) await startThread(t, newcomer);
    await t.database.db
      .update(communityThreads)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(communityThreads.authorId, newcomer.user.id));
    await startThread(t, newcomer);
  });

  it('counts a burst of parallel threads exactly: 5 created, the rest 429', async () => {
    const newcomer = await member(t, 'Student', { newAccount: true });
    const replies = await Promise.all(
      Array.from({ length: 9 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/community/threads',
          headers: newcomer.auth,
          payload: { title: `Burst thread ${index} here`, body: 'Burst' },
        }),
      ),
    );
    const codes = replies.map((reply) => reply.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429]);
  });
});

describe('reply notifications', () => {
  const outboxTo = (address: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

  it("queues a mail to the thread's author on a reply, naming the replier and linking the thread", async () => {
    const author = await member(t, 'Student', { name: 'Nora Notified' });
    const thread = await startThread(t, author, { title: 'Help with "union find"' });
    await replyTo(t, bob, thread.id, 'Use path compression <b>and</b> union by rank');
    const queued = await outboxTo(author.email);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ subject: 'New reply to "Help with "union find""', status: 'pending' });
    expect(queued[0]!.textBody).toContain('Bob Helper replied to your thread');
    expect(queued[0]!.textBody).toContain(`http://learnbuild.test/community/${thread.id}`);
    expect(queued[0]!.textBody).toContain('http://learnbuild.test/profile');
    expect(queued[0]!.textBody).toContain(
      'Unsubscribe from mails about replies: http://learnbuild.test/api/notifications/unsubscribe?token=',
    );
    expect(queued[0]!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/learnbuild\.test\/api\/notifications\/unsubscribe\?token=[^>]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(queued[0]!.htmlBody).toContain('Use path compression &#60;b&#62;and&#60;/b&#62; union by rank');
    expect(queued[0]!.htmlBody).not.toContain('<b>and</b>');
    t.mail.sent.length = 0;
    while ((await t.app.mailWorker.runOnce()) > 0);
    expect(t.mail.sent.find((mail) => mail.to === author.email)?.subject).toBe(queued[0]!.subject);
  });

  it('sends nothing when the author replies to their own thread', async () => {
    const author = await member(t);
    const thread = await startThread(t, author);
    await replyTo(t, author, thread.id, 'Update: solved it myself');
    expect(await outboxTo(author.email)).toEqual([]);
  });

  it('sends nothing once the author turned reply mails off in their preferences', async () => {
    const author = await member(t);
    const before = await read(t, '/api/auth/preferences', author);
    expect(before.json()).toEqual({
      success: true,
      preferences: { notifyOnReply: true, revisionSchedule: 'adaptive' },
    });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/preferences',
      headers: author.auth,
      payload: { notifyOnReply: false },
    });
    expect(off.json()).toEqual({ success: true, preferences: { notifyOnReply: false, revisionSchedule: 'adaptive' } });
    const thread = await startThread(t, author);
    await replyTo(t, bob, thread.id);
    expect(await outboxTo(author.email)).toEqual([]);
    expect((await read(t, '/api/auth/preferences', author)).json().preferences.notifyOnReply).toBe(false);
    const kept = await t.app.inject({ method: 'PUT', url: '/api/auth/preferences', headers: author.auth, payload: {} });
    expect(kept.json().preferences.notifyOnReply).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/preferences',
      headers: author.auth,
      payload: { notifyOnReply: true },
    });
    await replyTo(t, bob, thread.id);
    expect(await outboxTo(author.email)).toHaveLength(1);
  });

  it('keeps preferences for signed-in users: 401 anonymous, 400 for a wrong type', async () => {
    expect((await read(t, '/api/auth/preferences')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/auth/preferences', payload: { notifyOnReply: false } }))
        .statusCode,
    ).toBe(401);
    const wrong = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/preferences',
      headers: alice.auth,
      payload: { notifyOnReply: 'no' },
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('user text is stored as text', () => {
  it('returns every XSS payload unchanged in titles, bodies, tags and replies', async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(15);
    for (const payload of XSS_PAYLOADS) {
      const title = `XSS ${payload}`.slice(0, 150).trim();
      const tag = payload.slice(0, 30).trim().toLowerCase();
      const thread = await startThread(t, alice, { title, body: payload, tags: [tag] });
      expect(thread).toMatchObject({ title, body: payload.trim(), tags: [tag] });
      const reply = await replyTo(t, bob, thread.id, payload);
      expect(reply.body).toBe(payload.trim());
      const page = (await read(t, `/api/community/threads/${thread.id}`)).json().thread;
      expect(page).toMatchObject({ title, body: payload.trim(), tags: [tag] });
      expect(page.replies[0].body).toBe(payload.trim());
      const listed = (await read(t, '/api/community/threads')).json().threads[0];
      expect(listed).toMatchObject({ title, tags: [tag] });
      await behindTheApi(t.database.db.delete(communityThreads));
    }
  });
});
