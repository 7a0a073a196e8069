import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtopicProgress } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';
import { loadSubjectContent } from './content';
import { seedSubjects } from './seed';

let t: TestApp;
let student: Awaited<ReturnType<typeof createUser>>;
const content = loadSubjectContent();
const cn = content.find((s) => s.id === 'cn')!;

beforeAll(async () => {
  t = await buildTestApp();
  await seedSubjects(t.database.db);
  student = await createUser(t.app, t.database.db, 'Student');
});
afterAll(async () => {
  await t.close();
});

const mark = (
  auth: Record<string, string>,
  subjectId: string,
  topicId: string,
  subtopicId: string,
  completed: boolean,
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/subjects/${subjectId}/topics/${topicId}/subtopics/${subtopicId}/progress`,
    headers: auth,
    payload: { completed },
  });

describe('built-in content', () => {
  it('has the four subjects with 5, 5, 5 and 6 topics, every subtopic with a lesson and self-check questions', () => {
    expect(content.map((s) => [s.id, s.topics.length])).toEqual([
      ['dbms', 5],
      ['os', 5],
      ['cn', 5],
      ['oop', 6],
    ]);
    for (const subject of content) {
      for (const topic of subject.topics) {
        expect(topic.description.length, `${subject.id}/${topic.id}`).toBeGreaterThan(10);
        expect(topic.subtopics.length).toBeGreaterThanOrEqual(3);
        for (const subtopic of topic.subtopics) {
          const where = `${subject.id}/${topic.id}/${subtopic.id}`;
          expect(subtopic.body.split(/\s+/).length, where).toBeGreaterThan(350);
          expect(subtopic.selfCheck.length, where).toBeGreaterThanOrEqual(3);
        }
      }
    }
  });

  it('seeds once: a later run does not bring back what an admin deleted', async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const other = await buildTestApp();
    try {
      expect(await seedSubjects(other.database.db)).toBe(4);
      const adminThere = await createUser(other.app, other.database.db, 'Admin');
      await other.app.inject({ method: 'DELETE', url: '/api/admin/subjects/oop', headers: adminThere.auth });
      expect(await seedSubjects(other.database.db)).toBe(0);
      const list = (await other.app.inject({ method: 'GET', url: '/api/subjects' })).json().subjects;
      expect(list.map((s: { id: string }) => s.id)).toEqual(['dbms', 'os', 'cn']);
    } finally {
      await other.close();
    }
    void admin;
  });
});

describe('GET /api/subjects', () => {
  it('lists the four subjects with id, name, icon, progress and topic counts', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/subjects', headers: student.auth });
    expect(reply.statusCode).toBe(200);
    const { success, subjects } = reply.json();
    expect(success).toBe(true);
    expect(subjects.map((s: { name: string }) => s.name)).toEqual([
      'DBMS',
      'Operating Systems',
      'Computer Networks',
      'OOP',
    ]);
    expect(subjects[2]).toMatchObject({ id: 'cn', icon: 'network', progress: 0, completedTopics: 0, totalTopics: 5 });
  });

  it('computes progress as the rounded percent of completed subtopics and counts fully completed topics', async () => {
    const learner = await createUser(t.app, t.database.db, 'Student');
    const topic = cn.topics[0]!;
    const total = cn.topics.reduce((sum, tp) => sum + tp.subtopics.length, 0);
    for (const subtopic of topic.subtopics) {
      const reply = await mark(learner.auth, 'cn', topic.id, subtopic.id, true);
      expect(reply.statusCode).toBe(200);
    }
    const reply = await t.app.inject({ method: 'GET', url: '/api/subjects', headers: learner.auth });
    const subject = reply.json().subjects.find((s: { id: string }) => s.id === 'cn');
    expect(subject.progress).toBe(Math.round((topic.subtopics.length / total) * 100));
    expect(subject.completedTopics).toBe(1);
    expect(subject.completedSubtopics).toBe(topic.subtopics.length);
    // Another learner's marks do not leak.
    const mine = (await t.app.inject({ method: 'GET', url: '/api/subjects', headers: student.auth })).json().subjects;
    expect(mine.find((s: { id: string }) => s.id === 'cn').progress).toBe(0);
  });
});

describe('subject detail and lessons', () => {
  it('returns the outline with completed flags', async () => {
    const learner = await createUser(t.app, t.database.db, 'Student');
    const topic = cn.topics[1]!;
    await mark(learner.auth, 'cn', topic.id, topic.subtopics[0]!.id, true);
    const reply = await t.app.inject({ method: 'GET', url: '/api/subjects/cn', headers: learner.auth });
    const { subject } = reply.json();
    expect(subject).toMatchObject({ id: 'cn', name: 'Computer Networks', icon: 'network' });
    expect(subject.topics).toHaveLength(5);
    expect(subject.topics[1]).toMatchObject({ id: topic.id, name: topic.name, description: topic.description });
    expect(subject.topics[1].subtopics[0]).toEqual({
      id: topic.subtopics[0]!.id,
      name: topic.subtopics[0]!.name,
      completed: true,
    });
    expect(subject.topics[1].subtopics[1].completed).toBe(false);
  });

  it('serves a lesson with its body, self-check and completion', async () => {
    const topic = cn.topics[2]!;
    const subtopic = topic.subtopics[0]!;
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/subjects/cn/topics/${topic.id}/subtopics/${subtopic.id}`,
      headers: student.auth,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().lesson).toMatchObject({
      title: subtopic.name,
      body: subtopic.body,
      selfCheck: subtopic.selfCheck,
      completed: false,
    });
  });

  it.each([
    ['/api/subjects/nope', 'Subject not found'],
    ['/api/subjects/cn/topics/nope/subtopics/nope', 'Lesson not found'],
  ])('answers %s with 404', async (url, error) => {
    const reply = await t.app.inject({ method: 'GET', url, headers: student.auth });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error });
  });
});

describe('PUT progress', () => {
  it('is idempotent and keeps the first completion time', async () => {
    const learner = await createUser(t.app, t.database.db, 'Student');
    const topic = cn.topics[3]!;
    const id = topic.subtopics[0]!.id;
    const first = (await mark(learner.auth, 'cn', topic.id, id, true)).json();
    const second = (await mark(learner.auth, 'cn', topic.id, id, true)).json();
    expect(first).toMatchObject({
      success: true,
      progress: { subjectId: 'cn', topicId: topic.id, subtopicId: id, completed: true },
    });
    expect(second.progress.completedAt).toBe(first.progress.completedAt);
    const rows = await t.database.db
      .select()
      .from(subtopicProgress)
      .where(and(eq(subtopicProgress.userId, learner.user.id), eq(subtopicProgress.subtopicId, id)));
    expect(rows).toHaveLength(1);
    const undo = (await mark(learner.auth, 'cn', topic.id, id, false)).json();
    expect(undo.progress).toMatchObject({ completed: false, completedAt: null, subjectProgress: 0 });
    expect((await mark(learner.auth, 'cn', topic.id, id, false)).statusCode).toBe(200);
  });

  it('answers unknown ids with 404, a bad body with 400 and no session with 401', async () => {
    const topic = cn.topics[0]!;
    expect((await mark(student.auth, 'cn', topic.id, 'no-such-subtopic', true)).statusCode).toBe(404);
    expect((await mark(student.auth, 'nope', 'nope', 'nope', true)).json()).toEqual({
      success: false,
      error: 'Subtopic not found',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/subjects/cn/topics/${topic.id}/subtopics/${topic.subtopics[0]!.id}/progress`,
      headers: student.auth,
      payload: { completed: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('completed must be true or false');
    expect((await mark({}, 'cn', topic.id, topic.subtopics[0]!.id, true)).statusCode).toBe(401);
  });
});

describe('admin management', () => {
  const dbms = content.find((s) => s.id === 'dbms')!;
  const dbmsTopic = dbms.topics[0]!;
  const dbmsLesson = dbmsTopic.subtopics[0]!;
  const topicUrl = `/api/admin/subjects/dbms/topics/${dbmsTopic.id}`;
  const lessonUrl = `${topicUrl}/subtopics/${dbmsLesson.id}`;
  // Every admin endpoint, with a body that would be valid for an admin.
  const adminEndpoints = [
    ['POST', '/api/admin/subjects', { id: 'compilers', name: 'Compilers' }],
    ['PATCH', '/api/admin/subjects/dbms', { name: 'Hacked' }],
    ['DELETE', '/api/admin/subjects/dbms', undefined],
    ['PUT', '/api/admin/subjects/order', { ids: ['oop', 'cn', 'os', 'dbms'] }],
    ['POST', '/api/admin/subjects/dbms/topics', { id: 'extra', name: 'Extra' }],
    ['PATCH', topicUrl, { name: 'Hacked' }],
    ['DELETE', topicUrl, undefined],
    ['PUT', '/api/admin/subjects/dbms/topics/order', { ids: dbms.topics.map((tp) => tp.id).reverse() }],
    ['POST', `${topicUrl}/subtopics`, { id: 'extra', name: 'Extra' }],
    ['PATCH', lessonUrl, { name: 'Hacked' }],
    ['DELETE', lessonUrl, undefined],
    ['PUT', `${topicUrl}/subtopics/order`, { ids: dbmsTopic.subtopics.map((st) => st.id).reverse() }],
    ['GET', lessonUrl, undefined],
  ] as const;

  describe.each([
    ['anonymous', null, 401, 'Please log in to continue'],
    ['a Student', 'Student', 403, 'You do not have permission to do that'],
    ['an Instructor', 'Instructor', 403, 'You do not have permission to do that'],
  ] as const)('%s', (_label, role, status, error) => {
    let headers: Record<string, string> = {};
    beforeAll(async () => {
      headers = role ? (await createUser(t.app, t.database.db, role)).auth : {};
    });

    it.each(adminEndpoints)(`gets ${status} on %s %s, and nothing changes`, async (method, url, payload) => {
      const reply = await t.app.inject({ method, url, headers, payload });
      expect(reply.statusCode).toBe(status);
      expect(reply.json()).toEqual({ success: false, error });
      const subjects = (await t.app.inject({ method: 'GET', url: '/api/subjects' })).json().subjects;
      expect(subjects.map((s: { id: string; name: string }) => `${s.id}:${s.name}`)).toEqual([
        'dbms:DBMS',
        'os:Operating Systems',
        'cn:Computer Networks',
        'oop:OOP',
      ]);
      const outline = (await t.app.inject({ method: 'GET', url: '/api/subjects/dbms' })).json().subject;
      expect(outline.topics.map((tp: { id: string }) => tp.id)).toEqual(dbms.topics.map((tp) => tp.id));
      expect(outline.topics[0].name).toBe(dbmsTopic.name);
      expect(outline.topics[0].subtopics.map((st: { id: string }) => st.id)).toEqual(
        dbmsTopic.subtopics.map((st) => st.id),
      );
    });
  });

  it('lets an Admin through the same gate', async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const order = { ids: ['dbms', 'os', 'cn', 'oop'] };
    const calls = [
      ['PATCH', '/api/admin/subjects/dbms', { name: 'DBMS' }],
      ['PUT', '/api/admin/subjects/order', order],
      ['GET', lessonUrl, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const reply = await t.app.inject({ method, url, headers: admin.auth, payload });
      expect(reply.statusCode, `${method} ${url}`).toBe(200);
    }
  });

  it('a PATCH changes only the fields it sends, for subjects, topics and lessons', async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const as = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.auth, payload });
    const selfCheck = [{ question: 'Is a heap sorted?', answer: 'Only partly: each parent beats its children.' }];
    await as('POST', '/api/admin/subjects', {
      id: 'ds',
      name: 'Data Structures',
      icon: 'boxes',
      description: 'Trees.',
    });
    await as('POST', '/api/admin/subjects/ds/topics', { id: 'heaps', name: 'Heaps', description: 'Priority queues.' });
    await as('POST', '/api/admin/subjects/ds/topics/heaps/subtopics', {
      id: 'binary-heap',
      name: 'Binary heap',
      body: '## Shape\nA complete binary tree.',
      selfCheck,
    });

    const subject = await as('PATCH', '/api/admin/subjects/ds', { name: 'DS' });
    expect(subject.statusCode).toBe(200);
    expect(subject.json().subject).toMatchObject({ name: 'DS', icon: 'boxes', description: 'Trees.' });
    const topic = await as('PATCH', '/api/admin/subjects/ds/topics/heaps', { name: 'Binary heaps' });
    expect(topic.json().topic).toMatchObject({ name: 'Binary heaps', description: 'Priority queues.' });
    const lessonReply = await as('PATCH', '/api/admin/subjects/ds/topics/heaps/subtopics/binary-heap', {
      name: 'The binary heap',
    });
    expect(lessonReply.json().subtopic).toMatchObject({
      name: 'The binary heap',
      body: '## Shape\nA complete binary tree.',
      selfCheck,
    });
    const bodyOnly = await as('PATCH', '/api/admin/subjects/ds/topics/heaps/subtopics/binary-heap', { body: '' });
    expect(bodyOnly.json().subtopic).toMatchObject({ name: 'The binary heap', body: '', selfCheck });

    // What a learner then reads.
    const detail = (await t.app.inject({ method: 'GET', url: '/api/subjects/ds' })).json().subject;
    expect(detail).toMatchObject({ name: 'DS', icon: 'boxes', description: 'Trees.' });
    expect(detail.topics[0]).toMatchObject({ name: 'Binary heaps', description: 'Priority queues.' });

    const empty = await as('PATCH', '/api/admin/subjects/ds', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Send at least one field to change');
    await t.app.inject({ method: 'DELETE', url: '/api/admin/subjects/ds', headers: admin.auth });
  });

  it('creates, edits, reorders and deletes topics and lessons, keeping progress consistent', async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const learner = await createUser(t.app, t.database.db, 'Student');
    const as = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.auth, payload });

    expect((await as('POST', '/api/admin/subjects', { id: 'algo', name: 'Algorithms', icon: 'cpu' })).statusCode).toBe(
      201,
    );
    expect((await as('POST', '/api/admin/subjects', { id: 'algo', name: 'Again' })).json()).toEqual({
      success: false,
      error: 'A subject with id "algo" already exists',
    });
    expect((await as('POST', '/api/admin/subjects/algo/topics', { id: 'sorting', name: 'Sorting' })).statusCode).toBe(
      201,
    );
    expect((await as('POST', '/api/admin/subjects/algo/topics', { id: 'graphs', name: 'Graphs' })).statusCode).toBe(
      201,
    );
    expect((await as('POST', '/api/admin/subjects/algo/topics', { id: 'graphs', name: 'Again' })).json()).toEqual({
      success: false,
      error: 'A topic with id "graphs" already exists in this subject',
    });
    for (const id of ['merge', 'quick']) {
      const reply = await as('POST', '/api/admin/subjects/algo/topics/sorting/subtopics', {
        id,
        name: `${id} sort`,
        body: '## Idea\nSplit and conquer.',
        selfCheck: [{ question: 'Stable?', answer: 'Merge sort is.' }],
      });
      expect(reply.statusCode).toBe(201);
    }
    expect(
      (await as('POST', '/api/admin/subjects/algo/topics/sorting/subtopics', { id: 'merge', name: 'Again' })).json(),
    ).toEqual({ success: false, error: 'A subtopic with id "merge" already exists in this topic' });
    await as('PATCH', '/api/admin/subjects/algo/topics/sorting/subtopics/merge', {
      name: 'Merge sort',
      body: '## Updated',
    });
    const lessonReply = await t.app.inject({
      method: 'GET',
      url: '/api/subjects/algo/topics/sorting/subtopics/merge',
      headers: learner.auth,
    });
    expect(lessonReply.json().lesson).toMatchObject({
      title: 'Merge sort',
      body: '## Updated',
      selfCheck: [{ question: 'Stable?', answer: 'Merge sort is.' }],
    });

    expect((await as('PUT', '/api/admin/subjects/algo/topics/order', { ids: ['graphs', 'sorting'] })).statusCode).toBe(
      200,
    );
    const outline = (await t.app.inject({ method: 'GET', url: '/api/subjects/algo', headers: learner.auth })).json()
      .subject;
    expect(outline.topics.map((tp: { id: string }) => tp.id)).toEqual(['graphs', 'sorting']);
    const badOrder = await as('PUT', '/api/admin/subjects/algo/topics/order', { ids: ['graphs'] });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().error).toBe('The new order must list each of the 2 current topics exactly once');

    // An existing topic with no lessons yet: its order is the empty list.
    const emptyOrder = await as('PUT', '/api/admin/subjects/algo/topics/graphs/subtopics/order', { ids: [] });
    expect(emptyOrder.statusCode).toBe(200);
    expect(emptyOrder.json()).toEqual({ success: true, ids: [] });
    const wrongOrder = await as('PUT', '/api/admin/subjects/algo/topics/graphs/subtopics/order', { ids: ['merge'] });
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().error).toBe('The new order must list each of the 0 current subtopics exactly once');

    await mark(learner.auth, 'algo', 'sorting', 'merge', true);
    await mark(learner.auth, 'algo', 'sorting', 'quick', true);
    const before = (await t.app.inject({ method: 'GET', url: '/api/subjects', headers: learner.auth }))
      .json()
      .subjects.find((s: { id: string }) => s.id === 'algo');
    // The empty 'graphs' topic is left out of the topic counts: 100% goes with 1/1 topics, never 1/2.
    expect(before).toMatchObject({ progress: 100, completedTopics: 1, totalTopics: 1 });

    expect((await as('DELETE', '/api/admin/subjects/algo/topics/sorting/subtopics/quick')).statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/subjects', headers: learner.auth }))
      .json()
      .subjects.find((s: { id: string }) => s.id === 'algo');
    expect(after).toMatchObject({ progress: 100, completedSubtopics: 1, totalSubtopics: 1 });

    expect((await as('DELETE', '/api/admin/subjects/algo/topics/sorting')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(subtopicProgress).where(eq(subtopicProgress.subjectId, 'algo'));
    expect(rows).toHaveLength(0);
    expect((await as('DELETE', '/api/admin/subjects/algo')).statusCode).toBe(200);
    expect((await as('DELETE', '/api/admin/subjects/algo')).statusCode).toBe(404);
  });

  it('an empty subject can be given its empty order of topics', async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/subjects',
      headers: admin.auth,
      payload: { id: 'empty-subject', name: 'Empty' },
    });
    const reply = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/subjects/empty-subject/topics/order',
      headers: admin.auth,
      payload: { ids: [] },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, ids: [] });
    await t.app.inject({ method: 'DELETE', url: '/api/admin/subjects/empty-subject', headers: admin.auth });
  });

  it.each([
    ['PATCH', '/api/admin/subjects/nope', { name: 'X' }, 'Subject not found'],
    ['DELETE', '/api/admin/subjects/nope', undefined, 'Subject not found'],
    ['POST', '/api/admin/subjects/nope/topics', { id: 'a', name: 'A' }, 'Subject not found'],
    ['PUT', '/api/admin/subjects/nope/topics/order', { ids: [] }, 'Subject not found'],
    ['PATCH', '/api/admin/subjects/dbms/topics/nope', { name: 'X' }, 'Topic not found'],
    ['DELETE', '/api/admin/subjects/dbms/topics/nope', undefined, 'Topic not found'],
    ['POST', '/api/admin/subjects/dbms/topics/nope/subtopics', { id: 'a', name: 'A' }, 'Topic not found'],
    ['POST', '/api/admin/subjects/nope/topics/nope/subtopics', { id: 'a', name: 'A' }, 'Topic not found'],
    ['PUT', '/api/admin/subjects/dbms/topics/nope/subtopics/order', { ids: [] }, 'Topic not found'],
    ['PATCH', `/api/admin/subjects/dbms/topics/${dbmsTopic.id}/subtopics/nope`, { name: 'X' }, 'Subtopic not found'],
    ['DELETE', `/api/admin/subjects/dbms/topics/${dbmsTopic.id}/subtopics/nope`, undefined, 'Subtopic not found'],
    ['GET', `/api/admin/subjects/dbms/topics/${dbmsTopic.id}/subtopics/nope`, undefined, 'Subtopic not found'],
    ['PATCH', '/api/admin/subjects/os/topics/nope/subtopics/nope', { name: 'X' }, 'Subtopic not found'],
  ] as const)('answers %s %s with 404', async (method, url, payload, error) => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const reply = await t.app.inject({ method, url, headers: admin.auth, payload });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error });
  });

  it("deleting a whole subject removes its progress rows and leaves the other subjects' numbers alone", async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const learner = await createUser(t.app, t.database.db, 'Student');
    const as = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: admin.auth, payload });
    await as('POST', '/api/admin/subjects', { id: 'nets-lab', name: 'Networks lab' });
    await as('POST', '/api/admin/subjects/nets-lab/topics', { id: 'sockets', name: 'Sockets' });
    for (const id of ['tcp-echo', 'udp-echo'])
      await as('POST', '/api/admin/subjects/nets-lab/topics/sockets/subtopics', { id, name: id });
    await mark(learner.auth, 'nets-lab', 'sockets', 'tcp-echo', true);
    const cnTopic = cn.topics[4]!;
    await mark(learner.auth, 'cn', cnTopic.id, cnTopic.subtopics[0]!.id, true);
    await mark(learner.auth, 'cn', cnTopic.id, cnTopic.subtopics[1]!.id, true);
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/subjects', headers: learner.auth })).json().subjects as {
        id: string;
      }[];
    const before = await list();
    expect(before.find((s) => s.id === 'nets-lab')).toMatchObject({ progress: 50, completedSubtopics: 1 });
    const ownRows = () =>
      t.database.db
        .select()
        .from(subtopicProgress)
        .where(and(eq(subtopicProgress.userId, learner.user.id), eq(subtopicProgress.subjectId, 'nets-lab')));
    expect(await ownRows()).toHaveLength(1);

    const reply = await as('DELETE', '/api/admin/subjects/nets-lab');
    expect(reply.json()).toEqual({ success: true, message: 'Subject deleted with its topics, lessons and progress' });
    expect(await ownRows()).toHaveLength(0);
    const after = await list();
    expect(after.map((s) => s.id)).toEqual(['dbms', 'os', 'cn', 'oop']);
    expect(after).toEqual(before.filter((s) => s.id !== 'nets-lab'));
    const total = cn.topics.reduce((sum, tp) => sum + tp.subtopics.length, 0);
    expect(after.find((s) => s.id === 'cn')).toMatchObject({
      progress: Math.round((2 / total) * 100),
      completedSubtopics: 2,
    });
  });

  it.each([
    ['POST', '/api/admin/subjects', { id: 'Bad Id', name: 'X' }, 'Use lowercase letters, digits and dashes'],
    ['POST', '/api/admin/subjects', { id: 'ok', name: '' }, 'Name is required'],
    ['POST', '/api/admin/subjects', { id: 'ok', name: 'x'.repeat(81) }, 'A name must be at most 80 characters'],
    ['POST', '/api/admin/subjects/dbms/topics', { id: '', name: 'Joins' }, 'Id is required'],
    [
      'POST',
      '/api/admin/subjects/dbms/topics',
      { id: 'joins--', name: 'Joins' },
      'Use lowercase letters, digits and dashes',
    ],
    ['POST', '/api/admin/subjects/dbms/topics', { id: 'joins', name: '   ' }, 'Name is required'],
    [
      'POST',
      '/api/admin/subjects/dbms/topics',
      { id: 'joins', name: 'Joins', description: 'x'.repeat(1001) },
      'A description must be at most 1000 characters',
    ],
    ['PATCH', topicUrl, { name: '' }, 'Name is required'],
    ['PATCH', topicUrl, {}, 'Send at least one field to change'],
    ['POST', `${topicUrl}/subtopics`, { id: 'x'.repeat(61), name: 'Long' }, 'Id must be at most 60 characters'],
    ['POST', `${topicUrl}/subtopics`, { id: 'ok', name: '' }, 'Name is required'],
    [
      'POST',
      `${topicUrl}/subtopics`,
      { id: 'ok', name: 'Ok', selfCheck: [{ question: ' ', answer: 'A' }] },
      'Write the question',
    ],
    [
      'POST',
      `${topicUrl}/subtopics`,
      { id: 'ok', name: 'Ok', selfCheck: [{ question: 'Q?', answer: '' }] },
      'Write the answer',
    ],
    [
      'POST',
      `${topicUrl}/subtopics`,
      { id: 'ok', name: 'Ok', selfCheck: Array.from({ length: 21 }, () => ({ question: 'Q?', answer: 'A' })) },
      'A lesson has at most 20 self-check questions',
    ],
    ['PATCH', lessonUrl, { body: 'x'.repeat(100_001) }, 'A lesson must be at most 100000 characters'],
    ['PATCH', lessonUrl, { selfCheck: [{ question: 'Q?' }] }, 'Write the answer'],
  ] as const)('refuses invalid input with a clear message: %s %s (%#)', async (method, url, payload, error) => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const reply = await t.app.inject({ method, url, headers: admin.auth, payload });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ success: false, error });
  });
});
