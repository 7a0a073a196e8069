import { reportsReplySchema } from '@learnbuild/domain/schemas/community';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, communityReports } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { type Member, member, read, replyTo, startThread } from './community-fixtures';
import { seedCommunityCategories } from './seed';

let t: TestApp;
let author: Member;
let student: Member;
let reporter: Member;
let instructor: Member;
let admin: Member;

beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  author = await member(t, 'Student', { name: 'Andy Author' });
  student = await member(t, 'Student', { name: 'Stella Student' });
  reporter = await member(t, 'Student', { name: 'Rita Reporter' });
  instructor = await member(t, 'Instructor', { name: 'Ivan Instructor' });
  admin = await member(t, 'Admin', { name: 'Ada Admin' });
});
afterAll(async () => {
  await t.close();
});

const auditFor = async (threadId: string) =>
  (await t.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt))).filter(
    (entry) => entry.details.threadId === threadId,
  );

const moderateThread = (who: Member | null, id: string, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/community/threads/${id}/moderation`,
    headers: who?.auth ?? {},
    payload,
  });
const moderateReply = (who: Member | null, id: string, hidden: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/community/replies/${id}/moderation`,
    headers: who?.auth ?? {},
    payload: { hidden },
  });
const reportPost = (who: Member, kind: 'threads' | 'replies', id: string, reason = 'Spam or advertising') =>
  t.app.inject({ method: 'POST', url: `/api/community/${kind}/${id}/report`, headers: who.auth, payload: { reason } });
const resolve = (who: Member | null, id: string, action: 'hide' | 'dismiss') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/community/reports/${id}/resolve`,
    headers: who?.auth ?? {},
    payload: { action },
  });
const queue = (who: Member | null, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/admin/community/reports${query}`, headers: who?.auth ?? {} });

describe('who may moderate', () => {
  it('refuses anonymous (401) and students (403) on every moderation route and the queue; Instructor and Admin get 200', async () => {
    const thread = await startThread(t, author);
    const reply = await replyTo(t, student, thread.id);
    await reportPost(reporter, 'threads', thread.id);
    const reportId = (
      await t.database.db.select().from(communityReports).where(eq(communityReports.threadId, thread.id))
    )[0]!.id;
    const calls = (who: Member | null) => [
      () => moderateThread(who, thread.id, { pinned: false }),
      () => moderateReply(who, reply.id, false),
      () => queue(who),
      () => queue(who, '?status=dismissed&page=1'),
    ];
    for (const call of calls(null)) expect((await call()).statusCode).toBe(401);
    for (const who of [author, student]) {
      for (const call of calls(who)) {
        const refused = await call();
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual({ success: false, error: 'You do not have permission to do that' });
      }
      expect((await resolve(who, reportId, 'dismiss')).statusCode).toBe(403);
    }
    expect((await resolve(null, reportId, 'dismiss')).statusCode).toBe(401);
    for (const who of [instructor, admin]) {
      for (const call of calls(who)) expect((await call()).statusCode).toBe(200);
    }
    expect((await resolve(instructor, reportId, 'dismiss')).statusCode).toBe(200);
  });

  it('lets a moderator delete anyone’s thread and reply, and logs it', async () => {
    const thread = await startThread(t, author, { title: 'Thread to be removed' });
    const reply = await replyTo(t, student, thread.id);
    const removedReply = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/replies/${reply.id}`,
      headers: instructor.auth,
    });
    expect(removedReply.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/community/threads/${thread.id}`,
      headers: admin.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect((await auditFor(thread.id)).map((entry) => [entry.action, entry.actorId, entry.targetUserId])).toEqual([
      ['community.thread_deleted', admin.user.id, author.user.id],
      ['community.reply_deleted', instructor.user.id, student.user.id],
    ]);
  });
});

describe('hidden threads and replies', () => {
  it('hides a thread from lists, search and its page for everyone but moderators', async () => {
    const thread = await startThread(t, author, { title: 'Buy cheap followers now', body: 'Visit my shop' });
    const hidden = await moderateThread(instructor, thread.id, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().thread).toMatchObject({ hidden: true, viewer: { canModerate: true } });
    const titles = async (url: string, who?: Member) =>
      (await read(t, url, who)).json().threads.map((row: { title: string }) => row.title);
    for (const who of [undefined, author, student, instructor]) {
      expect(await titles('/api/community/threads', who)).not.toContain('Buy cheap followers now');
      expect(await titles('/api/community/threads?q=followers', who)).toEqual([]);
    }
    for (const who of [undefined, author, student]) {
      expect((await read(t, `/api/community/threads/${thread.id}`, who)).statusCode).toBe(404);
    }
    for (const who of [instructor, admin]) {
      const page = await read(t, `/api/community/threads/${thread.id}`, who);
      expect(page.statusCode).toBe(200);
      expect(page.json().thread.hidden).toBe(true);
    }
    // Nobody but a moderator can act on it any more.
    const replyToHidden = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/replies`,
      headers: student.auth,
      payload: { body: 'Hello?' },
    });
    expect(replyToHidden.statusCode).toBe(404);
    expect((await reportPost(student, 'threads', thread.id)).statusCode).toBe(404);

    await moderateThread(admin, thread.id, { hidden: false });
    expect(await titles('/api/community/threads')).toContain('Buy cheap followers now');
    expect((await auditFor(thread.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ['community.thread_unhidden', admin.user.id],
      ['community.thread_hidden', instructor.user.id],
    ]);
  });

  it('hides a reply from others and shows it marked to moderators; the reply count follows', async () => {
    const thread = await startThread(t, author);
    const kept = await replyTo(t, student, thread.id, 'A useful reply');
    const spam = await replyTo(t, reporter, thread.id, 'Spammy reply');
    await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/answer`,
      headers: author.auth,
      payload: { replyId: spam.id },
    });
    const hidden = await moderateReply(instructor, spam.id, true);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().reply).toMatchObject({ id: spam.id, hidden: true });

    for (const who of [undefined, author, student, reporter]) {
      const page = (await read(t, `/api/community/threads/${thread.id}`, who)).json().thread;
      expect(page.replies.map((reply: { id: string }) => reply.id)).toEqual([kept.id]);
      expect(page).toMatchObject({ replyCount: 1, repliesTotal: 1, answered: false, acceptedReplyId: null });
    }
    const asModerator = (await read(t, `/api/community/threads/${thread.id}`, admin)).json().thread;
    expect(asModerator.replies.map((reply: { id: string; hidden: boolean }) => [reply.id, reply.hidden])).toEqual([
      [kept.id, false],
      [spam.id, true],
    ]);
    expect(asModerator.repliesTotal).toBe(2);
    // Its author cannot edit it, vote on it or report it any more: for them it is gone.
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/community/replies/${spam.id}`,
      headers: reporter.auth,
      payload: { body: 'Sneaky edit' },
    });
    expect(edit.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/community/replies/${spam.id}/vote`, headers: student.auth }))
        .statusCode,
    ).toBe(404);

    await moderateReply(instructor, spam.id, false);
    const after = (await read(t, `/api/community/threads/${thread.id}`)).json().thread;
    expect(after.replyCount).toBe(2);
    expect((await auditFor(thread.id)).map((entry) => entry.action)).toEqual([
      'community.reply_unhidden',
      'community.reply_hidden',
    ]);
  });

  it('locks and pins a thread: locked refuses replies with 409, pinned comes first', async () => {
    const older = await startThread(t, author, { title: 'Rules of the forum' });
    await startThread(t, student, { title: 'A newer question' });
    const changed = await moderateThread(admin, older.id, { locked: true, pinned: true });
    expect(changed.json().thread).toMatchObject({ locked: true, pinned: true });
    const list = (await read(t, '/api/community/threads')).json().threads;
    expect(list[0]).toMatchObject({ title: 'Rules of the forum', pinned: true, locked: true });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${older.id}/replies`,
      headers: student.auth,
      payload: { body: 'Can I still reply?' },
    });
    expect(refused.statusCode).toBe(409);
    // Setting a flag to what it already is changes nothing and logs nothing.
    await moderateThread(admin, older.id, { locked: true });
    expect((await auditFor(older.id)).map((entry) => entry.action).sort()).toEqual([
      'community.thread_locked',
      'community.thread_pinned',
    ]);
    await moderateThread(instructor, older.id, { locked: false, pinned: false });
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${older.id}/replies`,
      headers: student.auth,
      payload: { body: 'Now I can' },
    });
    expect(reopened.statusCode).toBe(201);
  });

  it('answers 404 for moderating an unknown thread or reply, 400 for a wrong body', async () => {
    expect((await moderateThread(admin, '00000000-0000-4000-8000-000000000000', { hidden: true })).statusCode).toBe(
      404,
    );
    expect((await moderateReply(admin, 'nope', true)).statusCode).toBe(404);
    const thread = await startThread(t, author);
    expect((await moderateThread(admin, thread.id, { hidden: 'yes' })).statusCode).toBe(400);
  });
});

describe('reports and the moderation queue', () => {
  it('takes a report (201) with one open report per user and post; anonymous 401; unknown post 404', async () => {
    const thread = await startThread(t, author, { title: 'A reported thread' });
    const reply = await replyTo(t, student, thread.id, 'A reported reply');
    const first = await reportPost(reporter, 'threads', thread.id, 'Off-topic advertising');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ success: true, message: 'Thanks for the report: a moderator will look at it' });
    const again = await reportPost(reporter, 'threads', thread.id, 'Still spam');
    expect(again.statusCode).toBe(409);
    expect((await reportPost(student, 'threads', thread.id)).statusCode).toBe(201);
    expect((await reportPost(reporter, 'replies', reply.id)).statusCode).toBe(201);
    expect((await reportPost(reporter, 'replies', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const tooShort = await reportPost(reporter, 'replies', reply.id, 'x');
    expect(tooShort.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/report`,
      payload: { reason: 'Spam' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists open reports oldest first with the post, its author and the reporter', async () => {
    await t.database.db.delete(communityReports);
    const thread = await startThread(t, author, { title: 'Queue thread title', body: 'The reported body text' });
    const reply = await replyTo(t, student, thread.id, 'The reported reply text');
    await reportPost(reporter, 'threads', thread.id, 'Looks like spam');
    await reportPost(reporter, 'replies', reply.id, 'Rude reply');
    const reply200 = await queue(instructor);
    const body = reportsReplySchema.parse(reply200.json());
    expect(body.total).toBe(2);
    expect(body.reports).toMatchObject([
      {
        reason: 'Looks like spam',
        status: 'open',
        reporter: { id: reporter.user.id, name: 'Rita Reporter' },
        target: {
          kind: 'thread',
          id: thread.id,
          threadId: thread.id,
          threadTitle: 'Queue thread title',
          excerpt: 'The reported body text',
          author: { id: author.user.id, name: 'Andy Author' },
          hidden: false,
        },
      },
      {
        reason: 'Rude reply',
        target: {
          kind: 'reply',
          id: reply.id,
          threadId: thread.id,
          threadTitle: 'Queue thread title',
          excerpt: 'The reported reply text',
          author: { id: student.user.id, name: 'Stella Student' },
        },
      },
    ]);
    expect((await queue(admin, '?status=resolved')).json()).toEqual({ success: true, reports: [], total: 0 });
    expect((await queue(admin, '?status=closed')).statusCode).toBe(400);
  });

  it('hiding from the queue hides the post for others and closes every open report on it', async () => {
    await t.database.db.delete(communityReports);
    const thread = await startThread(t, author, { title: 'Reported and hidden' });
    await reportPost(reporter, 'threads', thread.id, 'Spam one');
    await reportPost(student, 'threads', thread.id, 'Spam two');
    const [firstReport] = (await queue(admin)).json().reports;
    const resolved = await resolve(admin, firstReport.id, 'hide');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({
      success: true,
      message: 'The post is hidden and its reports are resolved',
      closed: 2,
    });
    expect((await read(t, `/api/community/threads/${thread.id}`, student)).statusCode).toBe(404);
    expect((await read(t, `/api/community/threads/${thread.id}`, instructor)).json().thread.hidden).toBe(true);
    expect((await queue(admin)).json().total).toBe(0);
    const closed = (await queue(admin, '?status=resolved')).json();
    expect(closed.total).toBe(2);
    expect(closed.reports[0].target.hidden).toBe(true);
    const twice = await resolve(instructor, firstReport.id, 'hide');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('This report has already been handled');
    const [entry] = await auditFor(thread.id);
    expect(entry).toMatchObject({
      action: 'community.thread_hidden',
      actorId: admin.user.id,
      targetUserId: author.user.id,
      details: { reportId: firstReport.id },
    });
  });

  it('hides a reported reply from the queue; dismissing leaves a post up and logs it', async () => {
    await t.database.db.delete(communityReports);
    const thread = await startThread(t, author);
    const rude = await replyTo(t, student, thread.id, 'Rude words');
    const fine = await replyTo(t, reporter, thread.id, 'Harmless words');
    await reportPost(author, 'replies', rude.id, 'Rude to me');
    await reportPost(author, 'replies', fine.id, 'I just disagree');
    const [rudeReport, fineReport] = (await queue(instructor)).json().reports;
    expect((await resolve(instructor, rudeReport.id, 'hide')).json().closed).toBe(1);
    const dismissed = await resolve(instructor, fineReport.id, 'dismiss');
    expect(dismissed.json()).toEqual({ success: true, message: 'The report is dismissed', closed: 1 });
    const page = (await read(t, `/api/community/threads/${thread.id}`, author)).json().thread;
    expect(page.replies.map((reply: { id: string }) => reply.id)).toEqual([fine.id]);
    expect((await queue(admin, '?status=dismissed')).json().reports[0]).toMatchObject({
      id: fineReport.id,
      status: 'dismissed',
    });
    expect((await auditFor(thread.id)).map((entry) => entry.action)).toEqual([
      'community.report_dismissed',
      'community.reply_hidden',
    ]);
    // A reporter may report again once their last report was handled.
    expect((await reportPost(author, 'replies', fine.id, 'Again')).statusCode).toBe(201);
    expect((await resolve(admin, 'nope', 'hide')).statusCode).toBe(404);
    expect((await resolve(admin, fineReport.id, 'archive' as 'hide')).statusCode).toBe(400);
  });

  it('takes concurrent moderation, answers and deletes on one thread without a 500 (one lock order)', async () => {
    const thread = await startThread(t, author);
    const replies = await Promise.all([replyTo(t, student, thread.id), replyTo(t, reporter, thread.id)]);
    await reportPost(reporter, 'threads', thread.id);
    await reportPost(author, 'replies', replies[0]!.id);
    const open = (await queue(admin)).json().reports as { id: string }[];
    const calls = await Promise.all([
      moderateThread(instructor, thread.id, { hidden: true, locked: true }),
      ...open.map((report) => resolve(admin, report.id, 'hide')),
      moderateReply(instructor, replies[0]!.id, true),
      t.app.inject({
        method: 'POST',
        url: `/api/community/threads/${thread.id}/answer`,
        headers: author.auth,
        payload: { replyId: replies[1]!.id },
      }),
      t.app.inject({ method: 'DELETE', url: `/api/community/replies/${replies[1]!.id}`, headers: reporter.auth }),
      t.app.inject({ method: 'POST', url: `/api/community/replies/${replies[0]!.id}/vote`, headers: admin.auth }),
    ]);
    for (const call of calls) expect(call.statusCode, call.body).toBeLessThan(500);
    const page = (await read(t, `/api/community/threads/${thread.id}`, admin)).json().thread;
    expect(page.replyCount).toBe(page.replies.filter((reply: { hidden: boolean }) => !reply.hidden).length);
  });

  it('shows community actions in the admin audit log', async () => {
    const thread = await startThread(t, author);
    await moderateThread(instructor, thread.id, { pinned: true });
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: admin.auth });
    expect(log.statusCode).toBe(200);
    expect(log.json().entries[0]).toMatchObject({
      action: 'community.thread_pinned',
      actor: { id: instructor.user.id },
      target: { id: author.user.id },
      details: { threadId: thread.id },
    });
  });
});
