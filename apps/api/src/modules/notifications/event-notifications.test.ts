import type { LiveEvent } from '@learnbuild/domain/schemas/dashboard';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courseEnrollments, notifications, users } from '../../db/schema';
import { closeJavaScriptWorkers } from '../../judge/javascript-sandbox';
import { closePythonPool } from '../../judge/python-sandbox';
import { userTopic } from '../../lib/event-bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createDsaProblems, readVerificationMail, TEST_PASSWORD } from '../../test/factories';
import { applyToTeach, pendingApplicationIdOf } from '../../test/learner-requests';
import { recomputeBadges } from '../badges/service';
import { type Member, member, replyTo, startThread } from '../community/community-fixtures';
import { seedCommunityCategories } from '../community/seed';
import { setProgress } from '../dsa/service';
import { mentionedHandles } from './event-notifications';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCommunityCategories(t.database.db);
  // Problems of "Step 1" that nobody solves, so no test completes the step (and earns its badge) by accident.
  await createDsaProblems(t.database.db, 'Unsolved', ['one', 'two']);
});
afterAll(async () => {
  await t?.close();
  await closeJavaScriptWorkers();
  await closePythonPool();
});
// Each test reads the whole table: only what its own events made is in it.
beforeEach(async () => {
  await t.database.db.delete(notifications);
});

type Made = { userId: string; kind: string; title: string; url: string; actorId: string | null; channel: string };

/** Every notification of `kind` in the table, as (user, title, url). */
async function made(kind: string): Promise<Made[]> {
  return t.database.db
    .select({
      userId: notifications.userId,
      kind: notifications.kind,
      title: notifications.title,
      url: notifications.url,
      actorId: notifications.actorId,
      channel: notifications.channel,
    })
    .from(notifications)
    .where(eq(notifications.kind, kind));
}

const recipientsOf = async (kind: string) => (await made(kind)).map((row) => row.userId).sort();

let handleCounter = 0;
/** A member with a handle of their own ("<base><n>"). */
async function withHandle(base: string, name?: string): Promise<Member & { handle: string }> {
  handleCounter += 1;
  const someone = await member(t, 'Student', { name });
  const handle = `${base}${handleCounter}`;
  await t.database.db.update(users).set({ handle }).where(eq(users.id, someone.user.id));
  return { ...someone, handle };
}

const setChannels = (who: Member, preferences: Record<string, string>) =>
  t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers: who.auth, payload: { preferences } });

/** Every admin of the table (earlier tests' too): the admins' kinds go to all of them. */
async function allAdmins(): Promise<string[]> {
  const rows = await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'Admin'));
  return rows.map((row) => row.id).sort();
}

describe('thread_reply', () => {
  it('tells the thread’s author once per reply, by name and thread, and never the replier', async () => {
    const author = await member(t);
    const replier = await member(t, 'Student', { name: 'Asha' });
    const thread = await startThread(t, author, { title: 'Two Sum in O(n)?' });
    const reply = await replyTo(t, replier, thread.id);
    expect(await made('thread_reply')).toEqual([
      {
        userId: author.user.id,
        kind: 'thread_reply',
        title: 'Asha replied to “Two Sum in O(n)?”',
        url: `/community/${thread.id}#reply-${reply.id}`,
        actorId: replier.user.id,
        channel: 'mail',
      },
    ]);
  });

  it('tells no one of the author’s own reply, and only the author of another’s (replies have no parents)', async () => {
    const [author, first, second] = [await member(t), await member(t), await member(t)];
    const thread = await startThread(t, author);
    await replyTo(t, author, thread.id);
    expect(await made('thread_reply')).toEqual([]);
    await replyTo(t, first, thread.id);
    await replyTo(t, second, thread.id);
    expect(await recipientsOf('thread_reply')).toEqual([author.user.id, author.user.id]);
  });

  it('makes none for an author who set replies to off', async () => {
    const [author, replier] = [await member(t), await member(t)];
    await setChannels(author, { thread_reply: 'off' });
    const thread = await startThread(t, author);
    await replyTo(t, replier, thread.id);
    expect(await made('thread_reply')).toEqual([]);
    expect(t.mail.sent.filter((mail) => mail.to === author.email)).toEqual([]);
  });

  it('is told live to the author’s topic once the reply is stored, and not to the replier’s', async () => {
    const [author, replier] = [await member(t), await member(t)];
    const thread = await startThread(t, author);
    const authorHeard: LiveEvent['type'][] = [];
    const replierHeard: LiveEvent['type'][] = [];
    const stops = [
      t.app.events.subscribe(userTopic(author.user.id), (event) => authorHeard.push(event.type)),
      t.app.events.subscribe(userTopic(replier.user.id), (event) => replierHeard.push(event.type)),
    ];
    await replyTo(t, replier, thread.id);
    for (const stop of stops) stop();
    expect(authorHeard.filter((type) => type === 'notifications.changed')).toEqual(['notifications.changed']);
    expect(replierHeard).not.toContain('notifications.changed');
  });
});

describe('the reply mail ("mail me on reply") and the thread_reply channel', () => {
  const replyMailsTo = async (email: string) => {
    await t.app.mailWorker.runOnce();
    return t.mail.sent.filter((mail) => mail.to === email && mail.subject.includes('repl'));
  };

  it('mails the reply at once by default and keeps the notification from being mailed twice', async () => {
    const [author, replier] = [await member(t), await member(t)];
    const thread = await startThread(t, author);
    await replyTo(t, replier, thread.id);
    expect(await replyMailsTo(author.email)).toHaveLength(1);
    const [row] = await t.database.db
      .select({ channel: notifications.channel, mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(eq(notifications.userId, author.user.id));
    expect(row?.channel).toBe('mail');
    expect(row?.mailedAt).toBeInstanceOf(Date);
  });

  it('with the switch off: no mail, and the notification stays in the app', async () => {
    const [author, replier] = [await member(t), await member(t)];
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/preferences',
      headers: author.auth,
      payload: { notifyOnReply: false },
    });
    const settings = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: author.auth });
    expect(settings.json().preferences.thread_reply).toBe('app');
    const thread = await startThread(t, author);
    await replyTo(t, replier, thread.id);
    expect(await replyMailsTo(author.email)).toEqual([]);
    expect(await made('thread_reply')).toEqual([expect.objectContaining({ userId: author.user.id, channel: 'app' })]);
  });

  it('a channel chosen in the settings moves the switch, and the switch used again wins', async () => {
    const author = await member(t);
    await setChannels(author, { thread_reply: 'daily' });
    const switchState = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/auth/preferences', headers: author.auth })).json().preferences
        .notifyOnReply;
    expect(await switchState()).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: '/api/auth/preferences',
      headers: author.auth,
      payload: { notifyOnReply: true },
    });
    const settings = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: author.auth });
    expect(settings.json().preferences.thread_reply).toBe('mail');
  });

  it('a reply set to the daily digest sends no mail at once', async () => {
    const [author, replier] = [await member(t), await member(t)];
    await setChannels(author, { thread_reply: 'daily' });
    const thread = await startThread(t, author);
    await replyTo(t, replier, thread.id);
    expect(await replyMailsTo(author.email)).toEqual([]);
    expect(await made('thread_reply')).toEqual([expect.objectContaining({ channel: 'daily' })]);
  });
});

describe('mention', () => {
  it('reads handles after a space or punctuation, once each, never inside an address', () => {
    expect(mentionedHandles('@ana and (@Ravi), @ana again; mail ana@example.com or @x or @bo')).toEqual([
      'ana',
      'ravi',
    ]);
    expect(mentionedHandles('thanks @ravi-k_2!')).toEqual(['ravi-k_2']);
  });

  it('tells each person a reply names once, whatever the case, and never its author', async () => {
    const [author, replier] = [await member(t), await withHandle('writer', 'Ravi')];
    const [ana, bo] = [await withHandle('ana'), await withHandle('bo')];
    const thread = await startThread(t, author, { title: 'Heaps and priority queues' });
    const reply = await replyTo(
      t,
      replier,
      thread.id,
      `@${ana.handle} and @${bo.handle.toUpperCase()}, see @${ana.handle}; I am @${replier.handle}`,
    );
    const rows = await made('mention');
    expect(rows.map((row) => row.userId).sort()).toEqual([ana.user.id, bo.user.id].sort());
    expect(rows[0]).toMatchObject({
      title: 'Ravi mentioned you in “Heaps and priority queues”',
      url: `/community/${thread.id}#reply-${reply.id}`,
      actorId: replier.user.id,
    });
  });

  it('tells those a new thread names, linking to the thread', async () => {
    const [author, ana] = [await withHandle('asker'), await withHandle('ana')];
    const thread = await startThread(t, author, { body: `What do you think, @${ana.handle}?` });
    expect(await made('mention')).toEqual([
      expect.objectContaining({ userId: ana.user.id, url: `/community/${thread.id}` }),
    ]);
  });

  it('tells the thread’s author of a reply once, as a reply, even when it names them', async () => {
    const [author, replier] = [await withHandle('owner'), await member(t)];
    const thread = await startThread(t, author);
    await replyTo(t, replier, thread.id, `@${author.handle} look`);
    expect(await recipientsOf('thread_reply')).toEqual([author.user.id]);
    expect(await made('mention')).toEqual([]);
  });

  it('makes none for a handle nobody has, or for someone who set mentions to off', async () => {
    const [author, ana] = [await member(t), await withHandle('ana')];
    await setChannels(ana, { mention: 'off' });
    await startThread(t, author, { body: `@${ana.handle} and @nobody-has-this` });
    expect(await made('mention')).toEqual([]);
  });
});

describe('answer_accepted', () => {
  it('tells the reply’s author once, however often the answer is chosen again, and never the chooser', async () => {
    const author = await member(t, 'Student', { name: 'Mina' });
    const helper = await member(t);
    const thread = await startThread(t, author, { title: 'Binary search bounds' });
    const reply = await replyTo(t, helper, thread.id);
    const choose = (replyId: string | null) =>
      t.app.inject({
        method: replyId ? 'POST' : 'DELETE',
        url: `/api/community/threads/${thread.id}/answer`,
        headers: author.auth,
        ...(replyId ? { payload: { replyId } } : {}),
      });
    expect((await choose(reply.id)).statusCode).toBe(200);
    await choose(null);
    await choose(reply.id);
    expect(await made('answer_accepted')).toEqual([
      {
        userId: helper.user.id,
        kind: 'answer_accepted',
        title: 'Mina accepted your answer in “Binary search bounds”',
        url: `/community/${thread.id}#reply-${reply.id}`,
        actorId: author.user.id,
        channel: 'app',
      },
    ]);
  });

  it('makes none when the author accepts their own reply', async () => {
    const author = await member(t);
    const thread = await startThread(t, author);
    const reply = await replyTo(t, author, thread.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${thread.id}/answer`,
      headers: author.auth,
      payload: { replyId: reply.id },
    });
    expect(await made('answer_accepted')).toEqual([]);
  });
});

describe('reports: admin_new_report and report_resolved', () => {
  const reportReply = (who: Member, replyId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/community/replies/${replyId}/report`,
      headers: who.auth,
      payload: { reason: 'Rude words' },
    });
  const reportThread = (who: Member, threadId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/community/threads/${threadId}/report`,
      headers: who.auth,
      payload: { reason: 'Spam link' },
    });
  /** The open reports on one thread and its replies: the thread's first, then its replies'. */
  async function openReportIds(admin: Member, threadId: string): Promise<string[]> {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/admin/community/reports?status=open',
      headers: admin.auth,
    });
    const reports: { id: string; target: { kind: string; threadId: string } }[] = reply.json().reports;
    const mine = reports.filter((report) => report.target.threadId === threadId);
    return [
      ...mine.filter((report) => report.target.kind === 'thread'),
      ...mine.filter((report) => report.target.kind === 'reply'),
    ].map((report) => report.id);
  }
  const resolve = (admin: Member, reportId: string, action: 'hide' | 'dismiss') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/community/reports/${reportId}/resolve`,
      headers: admin.auth,
      payload: { action },
    });

  it('tells every admin of a new report once, and never the reporting admin', async () => {
    const [first, second] = [await member(t, 'Admin'), await member(t, 'Admin')];
    const [author, reporter] = [await member(t), await member(t, 'Student', { name: 'Lee' })];
    const thread = await startThread(t, author, { title: 'Buy cheap keys' });
    expect((await reportThread(reporter, thread.id)).statusCode).toBe(201);
    const rows = await made('admin_new_report');
    expect(rows.map((row) => row.userId).sort()).toEqual(await allAdmins());
    expect(rows.map((row) => row.userId)).toEqual(expect.arrayContaining([first.user.id, second.user.id]));
    expect(rows[0]).toMatchObject({ title: 'Lee reported the thread “Buy cheap keys”', url: '/admin?tab=reports' });
    await t.database.db.delete(notifications);
    // An admin who reports is not told of their own report.
    const reply = await replyTo(t, author, thread.id);
    await reportReply(first, reply.id);
    const second_ = await made('admin_new_report');
    expect(second_.map((row) => row.userId)).not.toContain(first.user.id);
    expect(second_.map((row) => row.userId).sort()).toEqual((await allAdmins()).filter((id) => id !== first.user.id));
    expect(second_[0]?.title).toMatch(/ reported a reply in “Buy cheap keys”$/);
  });

  it('tells the author of a hidden reply once, and the author of a thread whose report is dismissed', async () => {
    const admin = await member(t, 'Admin');
    const [author, replier, reporter, other] = [await member(t), await member(t), await member(t), await member(t)];
    const thread = await startThread(t, author, { title: 'Graphs and cycles' });
    const reply = await replyTo(t, replier, thread.id);
    await reportReply(reporter, reply.id);
    await reportReply(other, reply.id);
    await reportThread(reporter, thread.id);
    const [threadReport, ...replyReports] = await openReportIds(admin, thread.id);
    expect(replyReports).toHaveLength(2);
    expect((await resolve(admin, replyReports[0]!, 'hide')).statusCode).toBe(200);
    // The other report on the same reply was closed with it: a second resolve is refused and tells no one.
    expect((await resolve(admin, replyReports[1]!, 'hide')).statusCode).toBe(409);
    expect((await resolve(admin, threadReport!, 'dismiss')).statusCode).toBe(200);
    const rows = await made('report_resolved');
    expect(rows.map((row) => [row.userId, row.title, row.url, row.actorId])).toEqual(
      expect.arrayContaining([
        [
          replier.user.id,
          'A moderator hid your reply in “Graphs and cycles” after a report',
          `/community/${thread.id}#reply-${reply.id}`,
          admin.user.id,
        ],
        [
          author.user.id,
          'A report on your thread “Graphs and cycles” was dismissed: it stays up',
          `/community/${thread.id}`,
          admin.user.id,
        ],
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});

describe('instructor applications: admin_new_application and application_decided', () => {
  it('tells every admin once when an application arrives, and the applicant once when it is decided', async () => {
    const admin = await member(t, 'Admin');
    const applicant = await member(t, 'Student', { name: 'Noor' });
    expect((await applyToTeach(t.app, applicant.auth)).statusCode).toBe(200);
    const arrived = await made('admin_new_application');
    expect(arrived.map((row) => row.userId).sort()).toEqual(await allAdmins());
    expect(arrived[0]).toMatchObject({
      title: 'Noor applied to teach',
      url: '/admin?tab=applications',
      actorId: applicant.user.id,
    });
    expect(arrived.map((row) => row.userId)).not.toContain(applicant.user.id);

    const id = await pendingApplicationIdOf(t.app, admin.auth, applicant.user.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${id}/reject`,
      headers: admin.auth,
      payload: { reason: 'Tell us more about your teaching', resubmissionAllowed: true },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await made('application_decided')).toEqual([
      {
        userId: applicant.user.id,
        kind: 'application_decided',
        title: 'Your instructor application was not approved',
        url: '/dashboard',
        actorId: admin.user.id,
        channel: 'mail',
      },
    ]);
    // The decision's own mail told them: the notification is marked mailed, so the mail job sends nothing more.
    const [decided] = await t.database.db
      .select({ mailedAt: notifications.mailedAt })
      .from(notifications)
      .where(eq(notifications.kind, 'application_decided'));
    expect(decided?.mailedAt).toBeInstanceOf(Date);

    // A resubmission is a new arrival, and its approval a new decision.
    await t.database.db.delete(notifications);
    await applyToTeach(t.app, applicant.auth);
    expect(await recipientsOf('admin_new_application')).toEqual(await allAdmins());
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${id}/approve`,
      headers: admin.auth,
    });
    expect(await made('application_decided')).toEqual([
      expect.objectContaining({
        userId: applicant.user.id,
        title: 'Your instructor application was approved',
        url: '/instructor-panel',
      }),
    ]);
  });
  it('tells every admin once when a sign-up that asked to teach verifies its address', async () => {
    await member(t, 'Admin');
    const email = `teach-${Date.now()}@example.com`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Priya Teach', email, password: TEST_PASSWORD, wantsToBeInstructor: true },
    });
    expect(registered.statusCode).toBe(201);
    await t.app.mailWorker.runOnce();
    const { otp } = readVerificationMail(t.mail.sent.filter((mail) => mail.to === email).at(-1)!.text);
    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email, otp } });
    expect(verified.json().instructorApplicationCreated).toBe(true);
    const rows = await made('admin_new_application');
    expect(rows.map((row) => row.userId).sort()).toEqual(await allAdmins());
    expect(rows[0]?.title).toBe('Priya Teach applied to teach');
  });
});

describe('course_update', () => {
  const addLesson = (who: Member, courseId: string, sectionId: string, title: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/courses/${courseId}/sections/${sectionId}/lessons`,
      headers: who.auth,
      payload: { title, kind: 'article', body: 'Text' },
    });

  it('tells each learner enrolled in a published course of a new lesson, once, and not the teacher', async () => {
    const teacher = await member(t, 'Instructor');
    const [learner, other, outsider] = [await member(t), await member(t), await member(t)];
    const { course, sections } = await createCourseRows(t.database.db, teacher.user.id, { title: 'React basics' });
    await t.database.db.insert(courseEnrollments).values([
      { courseId: course.id, userId: learner.user.id },
      { courseId: course.id, userId: other.user.id },
      { courseId: course.id, userId: teacher.user.id },
    ]);
    expect((await addLesson(teacher, course.id, sections[0]!.id, 'Hooks')).statusCode).toBe(201);
    const rows = await made('course_update');
    expect(rows.map((row) => row.userId).sort()).toEqual([learner.user.id, other.user.id].sort());
    expect(rows[0]).toMatchObject({
      title: 'New lesson in “React basics”: “Hooks”',
      url: `/courses/${course.slug}`,
      actorId: teacher.user.id,
      channel: 'daily',
    });
    expect(rows.map((row) => row.userId)).not.toContain(outsider.user.id);
  });

  it('tells no one of a lesson added to a draft course', async () => {
    const teacher = await member(t, 'Instructor');
    const learner = await member(t);
    const { course, sections } = await createCourseRows(t.database.db, teacher.user.id, { status: 'draft' });
    await t.database.db.insert(courseEnrollments).values({ courseId: course.id, userId: learner.user.id });
    expect((await addLesson(teacher, course.id, sections[0]!.id, 'Draft lesson')).statusCode).toBe(201);
    expect(await made('course_update')).toEqual([]);
  });
});

describe('badge_earned', () => {
  it('tells the learner once per badge, when it is awarded, and not for badges filled in by the recompute', async () => {
    const learner = await member(t);
    const [problem] = await createDsaProblems(t.database.db, 'Notify badges', ['one']);
    await setProgress(t.database.db, learner.user.id, problem!.id, { solved: true, verified: true }, 'UTC');
    await setProgress(t.database.db, learner.user.id, problem!.id, { solved: true, verified: true }, 'UTC');
    expect(await made('badge_earned')).toEqual([
      {
        userId: learner.user.id,
        kind: 'badge_earned',
        title: 'You earned the badge “First verified solve”',
        url: '/dashboard',
        actorId: null,
        channel: 'app',
      },
    ]);
    await t.database.db.delete(notifications);
    await recomputeBadges(t.database.db);
    expect(await made('badge_earned')).toEqual([]);
  });

  it('makes none for a learner who set badges to off', async () => {
    const learner = await member(t);
    await setChannels(learner, { badge_earned: 'off' });
    const [problem] = await createDsaProblems(t.database.db, 'Notify badges off', ['one']);
    await setProgress(t.database.db, learner.user.id, problem!.id, { solved: true, verified: true }, 'UTC');
    expect(await made('badge_earned')).toEqual([]);
    const stored = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(inArray(notifications.userId, [learner.user.id]));
    expect(stored).toEqual([]);
  });
});
