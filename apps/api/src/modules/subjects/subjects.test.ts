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
  const currentOrder = async () => ({
    ids: (await t.app.inject({ method: 'GET', url: '/api/subjects' })).json().subjects.map((s: { id: string }) => s.id),
  });
  const calls = (subjectId: string) =>
    [
      ['POST', '/api/admin/subjects', async () => ({ id: `s-${subjectId.toLowerCase()}`, name: 'Compilers' })],
      ['PATCH', '/api/admin/subjects/dbms', async () => ({ name: 'DBMS' })],
      ['PUT', '/api/admin/subjects/order', currentOrder],
    ] as const;

  it.each([
    ['anonymous', null, 401],
    ['Student', 'Student', 403],
    ['Instructor', 'Instructor', 403],
    ['Admin', 'Admin', 200],
  ] as const)('%s (role %s) gets %i', async (_label, role, status) => {
    const headers = role ? (await createUser(t.app, t.database.db, role)).auth : {};
    for (const [method, url, payload] of calls(String(role))) {
      const reply = await t.app.inject({ method, url, headers, payload: await payload() });
      expect(reply.statusCode === 201 ? 200 : reply.statusCode, `${method} ${url}`).toBe(status);
    }
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
    for (const id of ['merge', 'quick']) {
      const reply = await as('POST', '/api/admin/subjects/algo/topics/sorting/subtopics', {
        id,
        name: `${id} sort`,
        body: '## Idea\nSplit and conquer.',
        selfCheck: [{ question: 'Stable?', answer: 'Merge sort is.' }],
      });
      expect(reply.statusCode).toBe(201);
    }
    await as('PATCH', '/api/admin/subjects/algo/topics/sorting/subtopics/merge', {
      name: 'Merge sort',
      body: '## Updated',
    });
    const lessonReply = await t.app.inject({
      method: 'GET',
      url: '/api/subjects/algo/topics/sorting/subtopics/merge',
      headers: learner.auth,
    });
    expect(lessonReply.json().lesson).toMatchObject({ title: 'Merge sort', body: '## Updated' });

    expect((await as('PUT', '/api/admin/subjects/algo/topics/order', { ids: ['graphs', 'sorting'] })).statusCode).toBe(
      200,
    );
    const outline = (await t.app.inject({ method: 'GET', url: '/api/subjects/algo', headers: learner.auth })).json()
      .subject;
    expect(outline.topics.map((tp: { id: string }) => tp.id)).toEqual(['graphs', 'sorting']);
    const badOrder = await as('PUT', '/api/admin/subjects/algo/topics/order', { ids: ['graphs'] });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json().error).toBe('The new order must list each of the 2 current topics exactly once');

    await mark(learner.auth, 'algo', 'sorting', 'merge', true);
    await mark(learner.auth, 'algo', 'sorting', 'quick', true);
    const before = (await t.app.inject({ method: 'GET', url: '/api/subjects', headers: learner.auth }))
      .json()
      .subjects.find((s: { id: string }) => s.id === 'algo');
    expect(before).toMatchObject({ progress: 100, completedTopics: 1, totalTopics: 2 });

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

  it.each([
    [{ id: 'Bad Id', name: 'X' }, 'Use lowercase letters, digits and dashes'],
    [{ id: 'ok', name: '' }, 'Name is required'],
  ])('refuses invalid input with a clear message (%#)', async (payload, error) => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const reply = await t.app.inject({ method: 'POST', url: '/api/admin/subjects', headers: admin.auth, payload });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toBe(error);
  });
});
