import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLessons, media } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor');
  other = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: User, payload?: object) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

/** A new draft course of `owner` with sections of the given titles. */
async function courseWithSections(...titles: string[]) {
  const id = (await call('POST', '/api/courses', owner, { title: 'Curriculum course' })).json().course._id as string;
  let course: CourseDetail | undefined;
  for (const title of titles) {
    const reply = await call('POST', `/api/courses/${id}/sections`, owner, { title });
    expect(reply.statusCode).toBe(201);
    course = reply.json().course;
  }
  return { id, course: course!, sectionIds: course?.sections.map((s) => s.id) ?? [] };
}

const addLesson = (id: string, sectionId: string, payload: object, who = owner) =>
  call('POST', `/api/courses/${id}/sections/${sectionId}/lessons`, who, payload);

async function uploadRow(ownerId: string, kind: 'image' | 'video') {
  const [row] = await t.database.db
    .insert(media)
    .values({
      ownerId,
      kind,
      mime: kind === 'video' ? 'video/mp4' : 'image/png',
      size: 1,
      storageName: `${crypto.randomUUID()}.bin`,
    })
    .returning();
  return row!.id;
}

describe('sections', () => {
  it('adds sections at the end with dense positions, renames and deletes them (positions close up)', async () => {
    const { id, course, sectionIds } = await courseWithSections('A', 'B', 'C');
    expect(course.sections.map((s) => [s.title, s.position])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);
    const renamed = await call('PUT', `/api/courses/${id}/sections/${sectionIds[1]}`, owner, { title: '  Bee  ' });
    expect(renamed.json().course.sections[1].title).toBe('Bee');
    const deleted = await call('DELETE', `/api/courses/${id}/sections/${sectionIds[0]}`, owner);
    expect(
      deleted.json().course.sections.map((s: { title: string; position: number }) => [s.title, s.position]),
    ).toEqual([
      ['Bee', 0],
      ['C', 1],
    ]);
    expect((await call('POST', `/api/courses/${id}/sections`, owner, { title: ' ' })).statusCode).toBe(400);
  });

  it('deletes a section with its lessons and recounts the course', async () => {
    const { id, sectionIds } = await courseWithSections('Keep', 'Drop');
    await addLesson(id, sectionIds[0]!, { title: 'kept', durationMinutes: 3 });
    await addLesson(id, sectionIds[1]!, { title: 'gone 1', durationMinutes: 4 });
    await addLesson(id, sectionIds[1]!, { title: 'gone 2', durationMinutes: 5 });
    const after = (await call('DELETE', `/api/courses/${id}/sections/${sectionIds[1]}`, owner)).json()
      .course as CourseDetail;
    expect(after).toMatchObject({ lessonCount: 1, totalMinutes: 3 });
    const rows = await t.database.db.select().from(courseLessons).where(eq(courseLessons.courseId, id));
    expect(rows.map((row) => row.title)).toEqual(['kept']);
  });

  it('reorders sections only with exactly the ids of the course (400 otherwise)', async () => {
    const { id, sectionIds } = await courseWithSections('One', 'Two', 'Three');
    const [a, b, c] = sectionIds as [string, string, string];
    const foreign = (await createCourseRows(t.database.db, owner.user.id)).sections[0]!.id;
    for (const ids of [[a, b], [a, b, c, c], [a, b, foreign], [a, a, b], []]) {
      const reply = await call('PUT', `/api/courses/${id}/sections/order`, owner, { ids });
      expect(reply.statusCode, JSON.stringify(ids)).toBe(400);
      expect(reply.json().success).toBe(false);
    }
    const reply = await call('PUT', `/api/courses/${id}/sections/order`, owner, { ids: [c, a, b] });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().course.sections.map((s: { title: string; position: number }) => [s.title, s.position])).toEqual(
      [
        ['Three', 0],
        ['One', 1],
        ['Two', 2],
      ],
    );
  });

  it('answers 404 for a section of another course and 400 for a malformed section id', async () => {
    const { id } = await courseWithSections('Mine');
    const foreign = (await createCourseRows(t.database.db, owner.user.id)).sections[0]!.id;
    expect((await call('PUT', `/api/courses/${id}/sections/${foreign}`, owner, { title: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/courses/${id}/sections/${foreign}`, owner)).statusCode).toBe(404);
    expect((await addLesson(id, foreign, { title: 'X' })).statusCode).toBe(404);
    expect((await call('PUT', `/api/courses/${id}/sections/not-a-uuid`, owner, { title: 'X' })).statusCode).toBe(400);
  });
});

describe('lessons', () => {
  it('adds an article lesson with its defaults at the end of the section', async () => {
    const { id, sectionIds } = await courseWithSections('S');
    await addLesson(id, sectionIds[0]!, { title: 'First' });
    const reply = await addLesson(id, sectionIds[0]!, {
      title: 'Second',
      body: '# Hello',
      durationMinutes: 12,
      freePreview: true,
    });
    expect(reply.statusCode).toBe(201);
    const lessons = (reply.json().course as CourseDetail).sections[0]!.lessons;
    expect(lessons.map((l) => [l.title, l.position])).toEqual([
      ['First', 0],
      ['Second', 1],
    ]);
    expect(lessons[0]).toMatchObject({ kind: 'article', body: '', durationMinutes: 0, freePreview: false });
    expect(lessons[1]).toMatchObject({ body: '# Hello', durationMinutes: 12, freePreview: true, locked: false });
    expect(reply.json().course).toMatchObject({ lessonCount: 2, totalMinutes: 12 });
  });

  it("needs an uploaded video of the caller's own or a YouTube/Vimeo link for a video lesson", async () => {
    const { id, sectionIds } = await courseWithSections('Videos');
    const section = sectionIds[0]!;
    const mine = await uploadRow(owner.user.id, 'video');
    const theirs = await uploadRow(other.user.id, 'video');
    const image = await uploadRow(owner.user.id, 'image');

    const none = await addLesson(id, section, { title: 'V', kind: 'video' });
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([
      { path: 'videoMediaId', message: 'A video lesson needs an uploaded video or a YouTube or Vimeo link' },
    ]);
    for (const bad of [theirs, image]) {
      const reply = await addLesson(id, section, { title: 'V', kind: 'video', videoMediaId: bad });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details[0].path).toBe('videoMediaId');
    }
    const link = await addLesson(id, section, { title: 'V', kind: 'video', videoUrl: 'https://example.com/v.mp4' });
    expect(link.statusCode).toBe(400);
    const both = await addLesson(id, section, {
      title: 'V',
      kind: 'video',
      videoMediaId: mine,
      videoUrl: 'https://youtu.be/abc',
    });
    expect(both.statusCode).toBe(400);

    const uploaded = await addLesson(id, section, { title: 'Upload', kind: 'video', videoMediaId: mine });
    expect(uploaded.statusCode).toBe(201);
    const embedded = await addLesson(id, section, {
      title: 'Embed',
      kind: 'video',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const [upload, embed] = (embedded.json().course as CourseDetail).sections[0]!.lessons;
    expect(upload!.video).toEqual({ source: 'upload', url: `/api/media/${mine}/content`, mediaId: mine });
    expect(embed!.video).toEqual({
      source: 'embed',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      mediaId: null,
    });
    // An admin may use any video.
    expect(
      (await addLesson(id, section, { title: 'Admin', kind: 'video', videoMediaId: theirs }, admin)).statusCode,
    ).toBe(201);
  });

  it('needs a quiz with questions whose answers are among the options; gives each question an id', async () => {
    const { id, sectionIds } = await courseWithSections('Quizzes');
    const section = sectionIds[0]!;
    const empty = await addLesson(id, section, { title: 'Q', kind: 'quiz', quiz: [] });
    expect(empty.json()).toMatchObject({ details: [{ path: 'quiz', message: 'A quiz needs at least one question' }] });
    const missing = await addLesson(id, section, { title: 'Q', kind: 'quiz' });
    expect(missing.statusCode).toBe(400);
    const outOfRange = await addLesson(id, section, {
      title: 'Q',
      kind: 'quiz',
      quiz: [
        { prompt: 'ok', options: ['a', 'b'], answer: 1 },
        { prompt: 'bad', options: ['a', 'b'], answer: 2 },
      ],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().details).toEqual([
      { path: 'quiz.1.answer', message: 'The correct answer must be one of the options' },
    ]);
    const oneOption = await addLesson(id, section, {
      title: 'Q',
      kind: 'quiz',
      quiz: [{ prompt: 'p', options: ['only'], answer: 0 }],
    });
    expect(oneOption.statusCode).toBe(400);

    const made = await addLesson(id, section, {
      title: 'Quiz',
      kind: 'quiz',
      quiz: [
        { id: 'same', prompt: 'One?', options: ['a', 'b'], answer: 0, explanation: 'A it is' },
        { id: 'same', prompt: 'Two?', options: ['a', 'b', 'c'], answer: 2 },
      ],
    });
    expect(made.statusCode).toBe(201);
    const lesson = (made.json().course as CourseDetail).sections[0]!.lessons[0]!;
    const ids = lesson.quizAnswers!.map((q) => q.id);
    expect(ids[0]).toBe('same');
    expect(ids[1]).not.toBe('same');
    expect(lesson.quizAnswers![1]).toMatchObject({ answer: 2, explanation: '' });
    expect(lesson.quiz).toEqual([
      { id: 'same', prompt: 'One?', options: ['a', 'b'] },
      { id: ids[1], prompt: 'Two?', options: ['a', 'b', 'c'] },
    ]);
  });

  it('edits only the fields sent, drops the content of a former kind, and moves a lesson between sections', async () => {
    const { id, sectionIds } = await courseWithSections('From', 'To');
    const [from, to] = sectionIds as [string, string];
    await addLesson(id, to, { title: 'Already there' });
    await addLesson(id, from, {
      title: 'Quiz lesson',
      kind: 'quiz',
      body: 'Intro',
      durationMinutes: 9,
      freePreview: true,
      quiz: [{ prompt: 'p', options: ['a', 'b'], answer: 1 }],
    });
    const added = await addLesson(id, from, { title: 'Stays' });
    const quizId = (added.json().course as CourseDetail).sections[0]!.lessons[0]!.id;

    const renamed = await call('PUT', `/api/courses/${id}/lessons/${quizId}`, owner, { title: 'Renamed quiz' });
    expect(renamed.json().course.sections[0].lessons[0]).toMatchObject({
      title: 'Renamed quiz',
      kind: 'quiz',
      body: 'Intro',
      durationMinutes: 9,
      freePreview: true,
    });
    expect(renamed.json().course.sections[0].lessons[0].quizAnswers).toHaveLength(1);

    const article = await call('PUT', `/api/courses/${id}/lessons/${quizId}`, owner, { kind: 'article' });
    expect(article.json().course.sections[0].lessons[0]).toMatchObject({ kind: 'article', quiz: null });
    const [row] = await t.database.db.select().from(courseLessons).where(eq(courseLessons.id, quizId));
    expect(row!.quiz).toBeNull();
    expect((await call('PUT', `/api/courses/${id}/lessons/${quizId}`, owner, { kind: 'video' })).statusCode).toBe(400);

    const moved = (await call('PUT', `/api/courses/${id}/lessons/${quizId}`, owner, { sectionId: to })).json()
      .course as CourseDetail;
    expect(moved.sections.map((s) => s.lessons.map((l) => [l.title, l.position]))).toEqual([
      [['Stays', 0]],
      [
        ['Already there', 0],
        ['Renamed quiz', 1],
      ],
    ]);
    const foreign = (await createCourseRows(t.database.db, owner.user.id)).sections[0]!.id;
    expect((await call('PUT', `/api/courses/${id}/lessons/${quizId}`, owner, { sectionId: foreign })).statusCode).toBe(
      404,
    );
  });

  it('switches a video lesson between an upload and a link', async () => {
    const { id, sectionIds } = await courseWithSections('V');
    const mine = await uploadRow(owner.user.id, 'video');
    const made = await addLesson(id, sectionIds[0]!, { title: 'V', kind: 'video', videoMediaId: mine });
    const lessonId = made.json().course.sections[0].lessons[0].id;
    const linked = await call('PUT', `/api/courses/${id}/lessons/${lessonId}`, owner, {
      videoUrl: 'https://vimeo.com/123',
    });
    expect(linked.json().course.sections[0].lessons[0].video).toEqual({
      source: 'embed',
      url: 'https://vimeo.com/123',
      mediaId: null,
    });
    const uploaded = await call('PUT', `/api/courses/${id}/lessons/${lessonId}`, owner, { videoMediaId: mine });
    expect(uploaded.json().course.sections[0].lessons[0].video.source).toBe('upload');
  });

  it('reorders the lessons of a section only with exactly its ids, and deletes with dense positions', async () => {
    const { id, sectionIds } = await courseWithSections('S', 'T');
    for (const title of ['a', 'b', 'c']) await addLesson(id, sectionIds[0]!, { title });
    const other = await addLesson(id, sectionIds[1]!, { title: 'elsewhere' });
    const course = other.json().course as CourseDetail;
    const [a, b, c] = course.sections[0]!.lessons.map((l) => l.id) as [string, string, string];
    const elsewhere = course.sections[1]!.lessons[0]!.id;
    const url = `/api/courses/${id}/sections/${sectionIds[0]}/lessons/order`;
    for (const ids of [
      [a, b],
      [a, b, elsewhere],
      [a, b, c, a],
    ]) {
      expect((await call('PUT', url, owner, { ids })).statusCode, JSON.stringify(ids)).toBe(400);
    }
    const reordered = await call('PUT', url, owner, { ids: [c, a, b] });
    expect(reordered.json().course.sections[0].lessons.map((l: { title: string }) => l.title)).toEqual(['c', 'a', 'b']);
    const deleted = await call('DELETE', `/api/courses/${id}/lessons/${a}`, owner);
    expect(
      deleted.json().course.sections[0].lessons.map((l: { title: string; position: number }) => [l.title, l.position]),
    ).toEqual([
      ['c', 0],
      ['b', 1],
    ]);
    expect((await call('DELETE', `/api/courses/${id}/lessons/${a}`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/courses/${id}/lessons/${elsewhere}`, owner)).statusCode).toBe(200);
  });

  it('refuses with 409 to leave a published course without lessons', async () => {
    const { course, sections, lessons } = await createCourseRows(t.database.db, owner.user.id, {
      sections: [['article']],
    });
    const lesson = await call('DELETE', `/api/courses/${course.id}/lessons/${lessons[0]!.id}`, owner);
    expect(lesson.statusCode).toBe(409);
    const section = await call('DELETE', `/api/courses/${course.id}/sections/${sections[0]!.id}`, owner);
    expect(section.statusCode).toBe(409);
    // Nothing was removed.
    const rows = await t.database.db.select().from(courseLessons).where(eq(courseLessons.courseId, course.id));
    expect(rows).toHaveLength(1);
    // Once unpublished it may be emptied.
    await call('PUT', `/api/courses/${course.id}`, owner, { status: 'draft' });
    expect((await call('DELETE', `/api/courses/${course.id}/lessons/${lessons[0]!.id}`, owner)).statusCode).toBe(200);
  });

  it('answers 404 for a lesson of another course', async () => {
    const { id } = await courseWithSections('S');
    const foreign = (await createCourseRows(t.database.db, owner.user.id)).lessons[0]!.id;
    expect((await call('PUT', `/api/courses/${id}/lessons/${foreign}`, owner, { title: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/courses/${id}/lessons/${foreign}`, owner)).statusCode).toBe(404);
  });

  it('keeps positions dense and counters right under concurrent additions', async () => {
    const { id, sectionIds } = await courseWithSections('Busy');
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => addLesson(id, sectionIds[0]!, { title: `L${i}`, durationMinutes: 2 })),
    );
    const course = (await call('GET', `/api/courses/${id}`, owner)).json().course as CourseDetail;
    expect(course.sections[0]!.lessons.map((l) => l.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(course).toMatchObject({ lessonCount: 8, totalMinutes: 16 });
  });
});
