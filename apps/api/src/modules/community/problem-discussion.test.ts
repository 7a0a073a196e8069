import {
  DISCUSSION_HAS_REPLIES_MESSAGE,
  DISCUSSION_HIDDEN_MESSAGE,
  problemDiscussionTitle,
  threadReplySchema,
} from '@learnbuild/domain/schemas/community';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityThreads, dsaProblems } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDsaProblems } from '../../test/factories';
import { PROBLEM_NOT_FOUND } from '../dsa/service';
import { type Member, member, read } from './community-fixtures';
import { seedCommunityCategories } from './seed';

let t: TestApp;
let asker: Member;
let helper: Member;
let unverified: Member;
let instructor: Member;
let admin: Member;
const slugs: string[] = [];
let next = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  asker = await member(t, 'Student', { name: 'Asha Asker' });
  helper = await member(t, 'Student', { name: 'Hal Helper' });
  unverified = await member(t, 'Student', { unverified: true });
  instructor = await member(t, 'Instructor', { name: 'Ines Instructor' });
  admin = await member(t, 'Admin', { name: 'Abe Admin' });
  const problems = await createDsaProblems(
    t.database.db,
    'Discuss',
    Array.from({ length: 12 }, (_, index) => `p${index}`),
  );
  slugs.push(...problems.map((problem) => problem.slug));
});
afterAll(async () => {
  await t.close();
});

/** A problem no test has discussed yet. */
const freshProblem = () => {
  const slug = slugs[next];
  next += 1;
  if (!slug) throw new Error('out of problems');
  return slug;
};

const post = (who: Member | null, slug: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/dsa/problems/${slug}/discussion`,
    headers: who?.auth ?? {},
    payload,
  });
const discussion = async (slug: string, viewer?: Member) => {
  const reply = await read(t, `/api/dsa/problems/${slug}/discussion`, viewer);
  expect(reply.statusCode).toBe(200);
  return reply.json().discussion as { threadId: string | null; problem: { slug: string; title: string } };
};
const thread = async (id: string, viewer?: Member) => {
  const reply = await read(t, `/api/community/threads/${id}`, viewer);
  expect(reply.statusCode).toBe(200);
  return threadReplySchema.parse(reply.json()).thread;
};

describe("a problem's discussion", () => {
  it('has no thread before its first post, and says which problem it is for', async () => {
    const slug = freshProblem();
    expect(await discussion(slug)).toEqual({ threadId: null, problem: { slug, title: 'Discuss p0' } });
  });

  it('opens its thread with the first post, in DSA Help, titled after the problem; later posts are replies', async () => {
    const slug = freshProblem();
    const first = await post(asker, slug, { body: 'Why does the greedy choice work here?' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, replyId: null });
    const { threadId } = first.json();
    expect(await discussion(slug)).toMatchObject({ threadId });

    const second = await post(helper, slug, { body: 'Because an exchange argument shows it.' });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ success: true, threadId });
    expect(second.json().replyId).toEqual(expect.any(String));

    const opened = await thread(threadId);
    expect(opened).toMatchObject({
      title: problemDiscussionTitle('Discuss p1'),
      category: 'dsa-help',
      body: 'Why does the greedy choice work here?',
      author: { id: asker.user.id },
      containsSolution: false,
      problem: { slug, title: 'Discuss p1' },
      replyCount: 1,
    });
    expect(opened.replies.map((reply) => reply.body)).toEqual(['Because an exchange argument shows it.']);
    // The thread is a community thread like any other: it is listed in DSA Help.
    const listed = await read(t, '/api/community/threads?category=dsa-help');
    expect(listed.json().threads.map((row: { id: string }) => row.id)).toContain(threadId);
  });

  it('makes one thread under two simultaneous first posts: the other becomes its first reply', async () => {
    const slug = freshProblem();
    const [a, b] = await Promise.all([
      post(asker, slug, { body: 'First post from Asha' }),
      post(helper, slug, { body: 'First post from Hal' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().threadId).toBe(b.json().threadId);
    expect([a.json().replyId, b.json().replyId].filter((id) => id === null)).toHaveLength(1);
    const [problem] = await t.database.db.select().from(dsaProblems).where(eq(dsaProblems.slug, slug));
    const rows = await t.database.db.select().from(communityThreads).where(eq(communityThreads.problemId, problem!.id));
    expect(rows).toHaveLength(1);
    const opened = await thread(a.json().threadId);
    expect([opened.body, ...opened.replies.map((reply) => reply.body)].sort()).toEqual([
      'First post from Asha',
      'First post from Hal',
    ]);
  });

  it('keeps a "contains a solution" mark on the opening post and on replies, and lets the author change it', async () => {
    const slug = freshProblem();
    const opened = await post(asker, slug, { body: 'Here is my whole solution', containsSolution: true });
    const { threadId } = opened.json();
    const reply = await post(helper, slug, { body: 'And a shorter one', containsSolution: true });
    const plain = await post(helper, slug, { body: 'Just a hint: sort first' });
    const seen = await thread(threadId);
    expect(seen.containsSolution).toBe(true);
    expect(seen.replies.map((r) => [r.body, r.containsSolution])).toEqual([
      ['And a shorter one', true],
      ['Just a hint: sort first', false],
    ]);

    const unmark = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${reply.json().replyId}`,
      headers: helper.auth,
      payload: { body: 'And a shorter one', containsSolution: false },
    });
    expect(unmark.statusCode).toBe(200);
    expect(unmark.json().reply).toMatchObject({ containsSolution: false });
    expect(unmark.json().reply.editedAt).not.toBeNull();
    // An edit that leaves the mark out keeps it.
    const mark = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${plain.json().replyId}`,
      headers: helper.auth,
      payload: { body: 'Just a hint: sort first', containsSolution: true },
    });
    expect(mark.json().reply.containsSolution).toBe(true);
    const keep = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${plain.json().replyId}`,
      headers: helper.auth,
      payload: { body: 'Just a hint: sort the input first' },
    });
    expect(keep.json().reply).toMatchObject({ body: 'Just a hint: sort the input first', containsSolution: true });
    const openingEdit = await t.app.inject({
      method: 'PUT',
      url: `/api/community/threads/${threadId}`,
      headers: asker.auth,
      payload: { containsSolution: false },
    });
    expect(openingEdit.statusCode).toBe(200);
    expect(openingEdit.json().thread.containsSolution).toBe(false);
  });

  it('lets votes and the accepted answer work as in any thread', async () => {
    const slug = freshProblem();
    const { threadId } = (await post(asker, slug, { body: 'How do I avoid the O(n²) scan?' })).json();
    const { replyId } = (await post(helper, slug, { body: 'Keep a map of what you have seen.' })).json();
    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/community/replies/${replyId}/vote`,
      headers: asker.auth,
    });
    expect(vote.json()).toMatchObject({ votes: 1, voted: true });
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${threadId}/answer`,
      headers: asker.auth,
      payload: { replyId },
    });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().thread).toMatchObject({ answered: true, acceptedReplyId: replyId });
  });

  it("reuses the community's moderation: a hidden reply leaves the discussion, a hidden thread closes it", async () => {
    const slug = freshProblem();
    const { threadId } = (await post(asker, slug, { body: 'Opening question' })).json();
    const { replyId } = (await post(helper, slug, { body: 'Spam spam spam' })).json();
    const student = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/replies/${replyId}/moderation`,
      headers: helper.auth,
      payload: { hidden: true },
    });
    expect(student.statusCode).toBe(403);
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/replies/${replyId}/moderation`,
      headers: instructor.auth,
      payload: { hidden: true },
    });
    expect(hide.statusCode).toBe(200);
    expect((await thread(threadId, helper)).replies).toEqual([]);
    expect((await thread(threadId, admin)).replies.map((reply) => reply.hidden)).toEqual([true]);

    const hideThread = await t.app.inject({
      method: 'PATCH',
      url: `/api/community/threads/${threadId}/moderation`,
      headers: admin.auth,
      payload: { hidden: true },
    });
    expect(hideThread.statusCode).toBe(200);
    expect((await discussion(slug, helper)).threadId).toBeNull();
    expect((await discussion(slug)).threadId).toBeNull();
    expect((await discussion(slug, instructor)).threadId).toBe(threadId);
    const refused = await post(helper, slug, { body: 'Can I still post?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: DISCUSSION_HIDDEN_MESSAGE });
  });

  it('takes no posts in a locked discussion', async () => {
    const slug = freshProblem();
    const { threadId } = (await post(asker, slug, { body: 'Opening question' })).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/community/threads/${threadId}/moderation`,
      headers: instructor.auth,
      payload: { locked: true },
    });
    const refused = await post(helper, slug, { body: 'Too late' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/locked/);
  });

  it("keeps the others' replies: the opener cannot delete a discussion others answered, a moderator can", async () => {
    const slug = freshProblem();
    const { threadId } = (await post(asker, slug, { body: 'Opening question' })).json();
    const alone = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${threadId}`,
      headers: asker.auth,
    });
    expect(alone.statusCode).toBe(200);
    // Deleted with no one else's reply in it: the next post opens a new thread.
    const reopened = (await post(asker, slug, { body: 'Asking again' })).json();
    expect(reopened.replyId).toBeNull();
    await post(helper, slug, { body: 'An answer' });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${reopened.threadId}`,
      headers: asker.auth,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, error: DISCUSSION_HAS_REPLIES_MESSAGE });
    const moderator = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${reopened.threadId}`,
      headers: instructor.auth,
    });
    expect(moderator.statusCode).toBe(200);
    expect((await discussion(slug)).threadId).toBeNull();
  });

  it('answers 401 signed out, 403 unverified, 404 for an unknown or deleted problem, 400 for a bad body', async () => {
    const slug = freshProblem();
    expect((await post(null, slug, { body: 'Hello' })).statusCode).toBe(401);
    expect((await post(unverified, slug, { body: 'Hello' })).statusCode).toBe(403);
    const unknown = await post(asker, 'no-such-problem', { body: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: PROBLEM_NOT_FOUND });
    expect((await read(t, '/api/dsa/problems/no-such-problem/discussion')).statusCode).toBe(404);
    for (const payload of [
      {},
      { body: '   ' },
      { body: 'x'.repeat(20_001) },
      { body: 'ok', containsSolution: 'yes' },
    ]) {
      const bad = await post(asker, slug, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().success).toBe(false);
      expect(bad.json().error).toEqual(expect.any(String));
    }
    expect((await discussion(slug)).threadId).toBeNull();
    await t.database.db.update(dsaProblems).set({ deletedAt: new Date() }).where(eq(dsaProblems.slug, slug));
    expect((await post(asker, slug, { body: 'Hello' })).statusCode).toBe(404);
    expect((await read(t, `/api/dsa/problems/${slug}/discussion`)).statusCode).toBe(404);
  });
});
