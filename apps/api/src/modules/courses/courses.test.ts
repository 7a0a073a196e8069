import { newCertificateCode } from '@learnbuild/domain/certificate-code';
import type { CourseDetail, CourseSummary } from '@learnbuild/domain/schemas/courses';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseCertificates,
  courseEnrollments,
  courseLessonProgress,
  courseReviews,
  courses,
  media,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';
import { publicCourseReplies } from './public-cache';
import { STUDENT_LIST_LIMITS } from './queries';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;
let student: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor', { name: 'Owner Instructor' });
  other = await createUser(t.app, t.database.db, 'Instructor');
  student = await createUser(t.app, t.database.db, 'Student');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: User | null, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

const getCourse = async (id: string, who?: User | null) => call('GET', `/api/courses/${id}`, who);
const catalogue = async (query: string, who?: User | null) => {
  const reply = await call('GET', `/api/courses?${query}`, who);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { courses: CourseSummary[]; total: number; page: number; pageSize: number };
};
const enrol = (courseId: string, userId: string, completedAt: Date | null = null, enrolledAt = new Date()) =>
  t.database.db.insert(courseEnrollments).values({ courseId, userId, completedAt, enrolledAt });

describe('who reads the learner ids (issue 26)', () => {
  let course: { id: string; slug: string };
  let enrolled: User;
  let completer: User;
  type Lists = { studentsEnrolled: string[]; completedStudents: string[] };

  beforeAll(async () => {
    ({ course } = await createCourseRows(t.database.db, owner.user.id, { title: 'Learner ids pzr' }));
    enrolled = await createUser(t.app, t.database.db, 'Student');
    completer = await createUser(t.app, t.database.db, 'Student');
    await enrol(course.id, completer.user.id, new Date(), new Date(Date.now() - 60_000));
    await enrol(course.id, enrolled.user.id);
    await t.database.db.update(courses).set({ enrolledCount: 2, completedCount: 1 }).where(eq(courses.id, course.id));
    publicCourseReplies.forget(t.database.db);
  });

  const everyId = (): Lists => ({
    studentsEnrolled: [enrolled.user.id, completer.user.id],
    completedStudents: [completer.user.id],
  });
  const none: Lists = { studentsEnrolled: [], completedStudents: [] };
  const readers = (): Array<[string, User | null, Lists]> => [
    ['an anonymous visitor', null, none],
    ['another student', student, none],
    ['an enrolled student', enrolled, { studentsEnrolled: [enrolled.user.id], completedStudents: [] }],
    [
      'a student who completed it',
      completer,
      { studentsEnrolled: [completer.user.id], completedStudents: [completer.user.id] },
    ],
    ['the owner instructor', owner, everyId()],
    ['another instructor', other, none],
    ['an admin', admin, everyId()],
  ];
  const listsOf = (found: Lists & Record<string, unknown>) => ({
    studentsEnrolled: found.studentsEnrolled,
    completedStudents: found.completedStudents,
  });

  it('lists every id to the owner and admins, a learner their own, nobody else any, with counts for all', async () => {
    // Twice round: the second time every public reply comes from the shared cache the first round filled.
    for (const round of ['first', 'cached']) {
      for (const [name, who, expected] of readers()) {
        const [item] = (await catalogue('q=pzr', who)).courses;
        expect(listsOf(item!), `${round} list, ${name}`).toEqual(expected);
        expect(item, `${round} list, ${name}`).toMatchObject({ enrolledCount: 2, completedCount: 1 });
        const page = await getCourse(course.slug, who);
        expect(page.statusCode).toBe(200);
        const detail = page.json().course as CourseDetail;
        expect(listsOf(detail), `${round} page, ${name}`).toEqual(expected);
        expect(detail, `${round} page, ${name}`).toMatchObject({ enrolledCount: 2, completedCount: 1 });
      }
    }
  });

  it('puts no learner id in the shared replies at all', async () => {
    const ids = [enrolled.user.id, completer.user.id];
    for (let round = 0; round < 2; round += 1) {
      for (const url of ['/api/courses?q=pzr', `/api/courses/${course.slug}`, `/api/courses/${course.id}`]) {
        const reply = await call('GET', url);
        for (const id of ids) expect(reply.body, url).not.toContain(id);
      }
    }
  });

  it('shows a learner only their own id in the courses they take, and the owner every id in theirs', async () => {
    const [mine] = (await catalogue('mine=enrolled&q=pzr', enrolled)).courses;
    expect(listsOf(mine!)).toEqual({ studentsEnrolled: [enrolled.user.id], completedStudents: [] });
    const [done] = (await catalogue('mine=enrolled&q=pzr', completer)).courses;
    expect(listsOf(done!)).toEqual({ studentsEnrolled: [completer.user.id], completedStudents: [completer.user.id] });
    const [taught] = (await catalogue('mine=teaching&q=pzr', owner)).courses;
    expect(listsOf(taught!)).toEqual(everyId());
  });

  it('keeps a learner’s own id when they enrolled long before the listed most recent', async () => {
    const { course: busy } = await createCourseRows(t.database.db, owner.user.id, { title: 'Busy course pzq' });
    const early = await createUser(t.app, t.database.db, 'Student');
    await enrol(busy.id, early.user.id, null, new Date(Date.now() - 86_400_000));
    for (let n = 0; n < STUDENT_LIST_LIMITS.list + 1; n += 1) {
      const later = await createUser(t.app, t.database.db, 'Student');
      await enrol(busy.id, later.user.id);
    }
    publicCourseReplies.forget(t.database.db);
    const [item] = (await catalogue('q=pzq', early)).courses;
    expect(item!.studentsEnrolled).toEqual([early.user.id]);
    const [owned] = (await catalogue('q=pzq', owner)).courses;
    expect(owned!.studentsEnrolled).toHaveLength(STUDENT_LIST_LIMITS.list);
    expect(owned!.studentsEnrolled).not.toContain(early.user.id);
  });
});

describe('GET /api/courses (catalogue)', () => {
  it('lists published courses only, with the SPEC 3 fields, counts from the counters', async () => {
    const published = await createCourseRows(t.database.db, owner.user.id, { title: 'Catalogue alpha kqz' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Catalogue draft kqz', status: 'draft' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Catalogue archived kqz', status: 'archived' });
    const body = await catalogue('q=kqz');
    expect(body.courses.map((course) => course.title)).toEqual(['Catalogue alpha kqz']);
    expect(body).toMatchObject({ total: 1, page: 1, pageSize: 12 });
    expect(body.courses[0]).toMatchObject({
      _id: published.course.id,
      slug: published.course.slug,
      status: 'published',
      instructor: { _id: owner.user.id, name: 'Owner Instructor' },
      studentsEnrolled: [],
      completedStudents: [],
      lessonCount: 3,
      totalMinutes: 15,
      rating: { average: null, count: 0 },
    });
  });

  it('fills studentsEnrolled and completedStudents from the enrolment rows, most recent first, for the owner', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id, { title: 'Learner lists wvx' });
    const a = await createUser(t.app, t.database.db);
    const b = await createUser(t.app, t.database.db);
    await enrol(course.id, a.user.id, new Date(), new Date(Date.now() - 60_000));
    await enrol(course.id, b.user.id);
    await t.database.db.update(courses).set({ enrolledCount: 2, completedCount: 1 }).where(eq(courses.id, course.id));
    const [item] = (await catalogue('q=wvx', owner)).courses;
    expect(item!.studentsEnrolled).toEqual([b.user.id, a.user.id]);
    expect(item!.completedStudents).toEqual([a.user.id]);
    expect(item!.enrolledCount).toBe(2);
    expect(item!.completedCount).toBe(1);
    const detail = (await getCourse(course.slug, owner)).json().course as CourseDetail;
    expect(detail.studentsEnrolled).toEqual([b.user.id, a.user.id]);
    expect(detail.completedStudents).toEqual([a.user.id]);
  });

  it('searches title, subtitle and tags case-insensitively, with % and _ taken literally', async () => {
    await createCourseRows(t.database.db, owner.user.id, { title: 'Literal 100% pure_fun jjx' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Literal 100X pureXfun jjx' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Tagged one', tags: ['jjx-tag'] });
    const titles = async (q: string) =>
      (await catalogue(`q=${encodeURIComponent(q)}`)).courses.map((course) => course.title).sort();
    expect(await titles('100%')).toEqual(['Literal 100% pure_fun jjx']);
    expect(await titles('PURE_FUN')).toEqual(['Literal 100% pure_fun jjx']);
    expect(await titles('jjx')).toEqual(['Literal 100% pure_fun jjx', 'Literal 100X pureXfun jjx', 'Tagged one']);
    expect(await titles('JJX-TAG')).toEqual(['Tagged one']);
    expect(await titles('%')).toContain('Literal 100% pure_fun jjx');
    expect(await titles('%')).not.toContain('Literal 100X pureXfun jjx');
  });

  it('finds a subtitle or a tag by any part of it, never text that runs across two fields', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id, { title: 'Across qvw', tags: ['tagqvw'] });
    await t.database.db.update(courses).set({ subtitle: 'Subtitle zzqvw end' }).where(eq(courses.id, course.id));
    const titles = async (q: string) =>
      (await catalogue(`q=${encodeURIComponent(q)}`)).courses.map((found) => found.title);
    expect(await titles('ZQVW E')).toEqual(['Across qvw']);
    expect(await titles('gqv')).toEqual(['Across qvw']);
    // Title, subtitle and tags are searched one by one: "qvw Subtitle" spans the title and the subtitle.
    expect(await titles('qvw Subtitle')).toEqual([]);
    expect(await titles('end tagqvw')).toEqual([]);
    // Shorter than a trigram: still found, by the exact test of each field.
    expect(await titles('qv')).toContain('Across qvw');
  });

  it("answers a search from the trigram index on the migration's exact expression", async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await tx.execute(
        sql`explain select id from courses where course_search_text(title, subtitle, tags) ilike '%react%'`,
      );
      const text = (plan.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
      expect(text).toContain('courses_search_trgm_idx');
    });
  });

  it('filters by category and level, and refuses values outside the lists with 400', async () => {
    await createCourseRows(t.database.db, owner.user.id, {
      title: 'Filter design ppq',
      category: 'System Design',
      level: 'Advanced',
    });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Filter web ppq', level: 'Advanced' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Filter web easy ppq' });
    const titles = async (query: string) => (await catalogue(`q=ppq&${query}`)).courses.map((c) => c.title).sort();
    expect(await titles('category=System%20Design')).toEqual(['Filter design ppq']);
    expect(await titles('level=Advanced')).toEqual(['Filter design ppq', 'Filter web ppq']);
    expect(await titles('level=Advanced&category=Web%20Development')).toEqual(['Filter web ppq']);
    expect((await call('GET', '/api/courses?level=Expert')).statusCode).toBe(400);
    expect((await call('GET', '/api/courses?category=Cooking')).statusCode).toBe(400);
    expect((await call('GET', '/api/courses?sort=oldest')).statusCode).toBe(400);
    expect((await call('GET', '/api/courses?page=0')).statusCode).toBe(400);
  });

  it('sorts by newest (published date) and by popular (learners), and pages 12 at a time', async () => {
    const made = [];
    for (let i = 0; i < 14; i++) {
      const { course } = await createCourseRows(t.database.db, owner.user.id, { title: `Paged ${i} mmz` });
      await t.database.db
        .update(courses)
        .set({ publishedAt: new Date(Date.UTC(2024, 0, 1 + i)), enrolledCount: (i * 5) % 14 })
        .where(eq(courses.id, course.id));
      made.push(course);
    }
    const first = await catalogue('q=mmz');
    expect(first.total).toBe(14);
    expect(first.courses).toHaveLength(12);
    expect(first.courses[0]!.title).toBe('Paged 13 mmz');
    const second = await catalogue('q=mmz&page=2');
    expect(second.courses.map((c) => c.title)).toEqual(['Paged 1 mmz', 'Paged 0 mmz']);
    const popular = await catalogue('q=mmz&sort=popular');
    const counts = popular.courses.map((c) => c.enrolledCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBe(13);
    expect(await catalogue('q=mmz&page=3')).toMatchObject({ courses: [], total: 14 });
    const deep = await catalogue('sort=popular&page=2');
    const all = await catalogue('sort=popular');
    expect(deep.total).toBe(all.total);
    expect(deep.courses.map((c) => c._id)).not.toContain(all.courses[0]!._id);
  });

  it("mine=teaching lists the caller's own courses in every status; 401 anonymous, 403 Student", async () => {
    const teacher = await createUser(t.app, t.database.db, 'Instructor');
    await createCourseRows(t.database.db, teacher.user.id, { title: 'Mine draft', status: 'draft' });
    await createCourseRows(t.database.db, teacher.user.id, { title: 'Mine live' });
    await createCourseRows(t.database.db, teacher.user.id, { title: 'Mine archived', status: 'archived' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Not mine' });
    const body = await catalogue('mine=teaching', teacher);
    expect(body.courses.map((c) => [c.title, c.status]).sort()).toEqual([
      ['Mine archived', 'archived'],
      ['Mine draft', 'draft'],
      ['Mine live', 'published'],
    ]);
    expect((await call('GET', '/api/courses?mine=teaching')).statusCode).toBe(401);
    expect((await call('GET', '/api/courses?mine=teaching', student)).statusCode).toBe(403);
  });

  it("mine=enrolled lists the caller's enrolments with progress; 401 anonymous", async () => {
    const learner = await createUser(t.app, t.database.db);
    const live = await createCourseRows(t.database.db, owner.user.id, { title: 'Enrolled live' });
    const archived = await createCourseRows(t.database.db, owner.user.id, { title: 'Enrolled archived' });
    const draft = await createCourseRows(t.database.db, owner.user.id, { title: 'Enrolled draft' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Not enrolled' });
    for (const made of [live, archived, draft]) await enrol(made.course.id, learner.user.id);
    await t.database.db.update(courses).set({ status: 'archived' }).where(eq(courses.id, archived.course.id));
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, draft.course.id));
    await t.database.db.insert(courseLessonProgress).values([
      { userId: learner.user.id, courseId: live.course.id, lessonId: live.lessons[0]!.id, completedAt: new Date() },
      { userId: learner.user.id, courseId: live.course.id, lessonId: live.lessons[1]!.id, completedAt: null },
    ]);
    const body = await catalogue('mine=enrolled', learner);
    expect(body.total).toBe(2);
    const byTitle = Object.fromEntries(body.courses.map((c) => [c.title, c.progress]));
    expect(byTitle['Enrolled live']).toEqual({ completedLessons: 1, percent: 33, completedAt: null });
    expect(byTitle['Enrolled archived']).toEqual({ completedLessons: 0, percent: 0, completedAt: null });
    expect((await call('GET', '/api/courses?mine=enrolled')).statusCode).toBe(401);
  });
});

describe('GET /api/courses/:id', () => {
  it('finds a course by uuid and by slug; unknown or malformed ids and slugs are 404, never 500', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id, { title: 'Lookup course' });
    expect((await getCourse(course.id)).json().course._id).toBe(course.id);
    expect((await getCourse(course.id.toUpperCase())).json().course._id).toBe(course.id);
    expect((await getCourse(course.slug)).json().course._id).toBe(course.id);
    for (const bad of [
      '00000000-0000-0000-0000-000000000000',
      'no-such-course',
      'Bad_Slug',
      "x'%20or%201=1--",
      '%F0%9F%98%80',
      '-',
      'a'.repeat(199),
      '12345678-1234-1234-1234-12345678901z',
    ]) {
      const reply = await getCourse(bad);
      expect(reply.statusCode, bad).toBe(404);
      expect(reply.json()).toEqual({ success: false, error: 'Course not found' });
    }
  });

  it('hides drafts: 404 to anonymous, a student and another instructor; the owner and an admin see them', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id, { status: 'draft' });
    for (const who of [null, student, other]) expect((await getCourse(course.id, who)).statusCode).toBe(404);
    for (const who of [owner, admin]) {
      const reply = await getCourse(course.id, who);
      expect(reply.statusCode).toBe(200);
      expect(reply.json().course.viewer.canEdit).toBe(true);
    }
  });

  it('keeps an archived course open to its enrolled learners only (and the owner and admins)', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id, { status: 'archived' });
    const learner = await createUser(t.app, t.database.db);
    await enrol(course.id, learner.user.id);
    expect((await getCourse(course.id, learner)).statusCode).toBe(200);
    for (const who of [null, student, other]) expect((await getCourse(course.id, who)).statusCode).toBe(404);
    for (const who of [owner, admin]) expect((await getCourse(course.id, who)).statusCode).toBe(200);
  });

  it('guards lesson content: anonymous and non-enrolled see free previews only, enrolled see all', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id, { title: 'Guarded course' });
    const lessonsOf = async (who: User | null) =>
      ((await getCourse(course.id, who)).json().course as CourseDetail).sections.flatMap((s) => s.lessons);

    for (const who of [null, student, other]) {
      const [preview, locked, quiz] = await lessonsOf(who);
      expect(preview).toMatchObject({ freePreview: true, locked: false, body: 'Body of Lesson 1.1' });
      expect(locked).toMatchObject({ locked: true, body: null, video: null, quiz: null });
      expect(quiz).toMatchObject({ kind: 'quiz', locked: true, body: null, quiz: null });
      expect(quiz).not.toHaveProperty('quizAnswers');
    }

    const learner = await createUser(t.app, t.database.db);
    await enrol(course.id, learner.user.id);
    const [, article, quiz] = await lessonsOf(learner);
    expect(article).toMatchObject({ locked: false, body: 'Body of Lesson 1.2' });
    expect(quiz!.quiz).toEqual([
      { id: 'q1', prompt: 'First?', options: ['yes', 'no'] },
      { id: 'q2', prompt: 'Second?', options: ['a', 'b', 'c'] },
    ]);
    expect(quiz).not.toHaveProperty('quizAnswers');
    expect(JSON.stringify(quiz)).not.toContain('Because.');
  });

  it('shows quiz answers to the owner and admins only', async () => {
    const { course } = await createCourseRows(t.database.db, owner.user.id);
    for (const who of [owner, admin]) {
      const lessons = ((await getCourse(course.id, who)).json().course as CourseDetail).sections.flatMap(
        (s) => s.lessons,
      );
      expect(lessons.every((lesson) => !lesson.locked)).toBe(true);
      expect(lessons[2]!.quizAnswers![0]).toMatchObject({ answer: 0, explanation: 'Because.' });
      expect(lessons[0]!.quizAnswers).toBeNull();
    }
  });

  it("fills the viewer block from the caller's enrolment, progress, certificate and review", async () => {
    const { course, lessons } = await createCourseRows(t.database.db, owner.user.id);
    const learner = await createUser(t.app, t.database.db, 'Student', { name: 'Viewer Learner' });
    const anonymous = (await getCourse(course.id)).json().course.viewer;
    expect(anonymous).toEqual({
      enrolled: false,
      canEdit: false,
      completedLessonIds: [],
      completedAt: null,
      certificateId: null,
      lastLessonId: null,
      lastPositionSeconds: 0,
      myReview: null,
    });
    const completedAt = new Date('2025-03-01T10:00:00Z');
    await t.database.db.insert(courseEnrollments).values({
      courseId: course.id,
      userId: learner.user.id,
      completedAt,
      lastLessonId: lessons[1]!.id,
      lastPositionSeconds: 42,
    });
    await t.database.db
      .insert(courseLessonProgress)
      .values(
        lessons.map((lesson) => ({ userId: learner.user.id, courseId: course.id, lessonId: lesson.id, completedAt })),
      );
    const [certificate] = await t.database.db
      .insert(courseCertificates)
      .values({
        courseId: course.id,
        userId: learner.user.id,
        learnerName: 'Viewer Learner',
        courseTitle: course.title,
        instructorName: 'Owner Instructor',
        verificationCode: newCertificateCode(),
      })
      .returning();
    await t.database.db
      .insert(courseReviews)
      .values({ courseId: course.id, userId: learner.user.id, rating: 4, body: 'Good' });
    const detail = (await getCourse(course.id, learner)).json().course as CourseDetail;
    expect(detail.viewer).toEqual({
      enrolled: true,
      canEdit: false,
      completedLessonIds: expect.arrayContaining(lessons.map((lesson) => lesson.id)),
      completedAt: completedAt.toISOString(),
      certificateId: certificate!.id,
      lastLessonId: lessons[1]!.id,
      lastPositionSeconds: 42,
      myReview: { rating: 4, body: 'Good' },
    });
    expect(detail.sections.flatMap((s) => s.lessons).every((lesson) => lesson.completed)).toBe(true);
    // Another learner sees none of it.
    expect((await getCourse(course.id, student)).json().course.viewer).toMatchObject({
      enrolled: false,
      completedLessonIds: [],
      myReview: null,
    });
  });
});

describe('writing a course', () => {
  const create = (who: User | null, payload: object) => call('POST', '/api/courses', who, payload);

  it('creates a draft with a slug from the title, unique with -2, -3', async () => {
    const first = await create(owner, { title: 'Écoles & Slugs: Part One!' });
    expect(first.statusCode).toBe(201);
    const course = first.json().course as CourseDetail;
    expect(course).toMatchObject({
      slug: 'ecoles-slugs-part-one',
      status: 'draft',
      category: 'Web Development',
      level: 'Beginner',
      description: '',
      instructor: { _id: owner.user.id },
      sections: [],
      lessonCount: 0,
      publishedAt: null,
      viewer: { canEdit: true },
    });
    expect((await create(other, { title: 'Ecoles slugs part one' })).json().course.slug).toBe(
      'ecoles-slugs-part-one-2',
    );
    expect((await create(admin, { title: 'ECOLES -- slugs -- part one' })).json().course.slug).toBe(
      'ecoles-slugs-part-one-3',
    );
    const twins = await Promise.all([create(owner, { title: 'Twin title' }), create(owner, { title: 'Twin title' })]);
    expect(twins.map((reply) => reply.statusCode)).toEqual([201, 201]);
    expect(twins.map((reply) => reply.json().course.slug).sort()).toEqual(['twin-title', 'twin-title-2']);
  });

  it('refuses bad fields with 400 and details', async () => {
    const reply = await create(owner, { title: 'ab', level: 'Expert', tags: Array(9).fill('x') });
    expect(reply.statusCode).toBe(400);
    expect(
      reply
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['level', 'tags', 'title']);
  });

  it("takes a thumbnail only from the caller's own images (any image for an admin)", async () => {
    const image = async (ownerId: string, kind: 'image' | 'video' = 'image') => {
      const [row] = await t.database.db
        .insert(media)
        .values({
          ownerId,
          kind,
          mime: kind === 'image' ? 'image/png' : 'video/mp4',
          size: 10,
          storageName: `${crypto.randomUUID()}.bin`,
        })
        .returning();
      return row!.id;
    };
    const mine = await image(owner.user.id);
    const theirs = await image(other.user.id);
    const video = await image(owner.user.id, 'video');
    const made = await create(owner, { title: 'Thumb course', thumbnailMediaId: mine });
    expect(made.statusCode).toBe(201);
    expect(made.json().course).toMatchObject({ thumbnail: `/api/media/${mine}/content`, thumbnailMediaId: mine });
    const id = made.json().course._id;
    for (const bad of [theirs, video, '00000000-0000-4000-8000-000000000000']) {
      const reply = await call('PUT', `/api/courses/${id}`, owner, { thumbnailMediaId: bad });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().details).toEqual([
        { path: 'thumbnailMediaId', message: 'Choose one of your uploaded images as the thumbnail' },
      ]);
    }
    expect((await create(owner, { title: 'Thumb two', thumbnailMediaId: theirs })).statusCode).toBe(400);
    const byAdmin = await call('PUT', `/api/courses/${id}`, admin, { thumbnailMediaId: theirs });
    expect(byAdmin.json().course.thumbnail).toBe(`/api/media/${theirs}/content`);
    // The owner may save the course again without touching the thumbnail the admin chose.
    expect(
      (await call('PUT', `/api/courses/${id}`, owner, { thumbnailMediaId: theirs, title: 'Kept' })).statusCode,
    ).toBe(200);
    const cleared = await call('PUT', `/api/courses/${id}`, owner, { thumbnailMediaId: null });
    expect(cleared.json().course.thumbnail).toBeNull();
  });

  it('publishes only with a title, a description and a lesson (400 with the checklist), then unpublishes and archives', async () => {
    const id = (await create(owner, { title: 'Publish me' })).json().course._id as string;
    const refused = await call('PUT', `/api/courses/${id}`, owner, { status: 'published' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      success: false,
      error: 'This course is not ready to publish',
      details: [
        { path: 'description', message: 'Add a description' },
        { path: 'lesson', message: 'Add at least one lesson' },
      ],
    });
    const section = (await call('POST', `/api/courses/${id}/sections`, owner, { title: 'Start' })).json().course
      .sections[0].id;
    await call('POST', `/api/courses/${id}/sections/${section}/lessons`, owner, { title: 'Hello', body: 'Hi' });
    const published = await call('PUT', `/api/courses/${id}`, owner, {
      status: 'published',
      description: 'Now with words',
    });
    expect(published.statusCode).toBe(200);
    const firstPublishedAt = published.json().course.publishedAt;
    expect(firstPublishedAt).toEqual(expect.any(String));
    expect((await getCourse(id)).statusCode).toBe(200);

    const draft = await call('PUT', `/api/courses/${id}`, owner, { status: 'draft' });
    expect(draft.json().course.status).toBe('draft');
    expect((await getCourse(id)).statusCode).toBe(404);
    const again = await call('PUT', `/api/courses/${id}`, owner, { status: 'published' });
    expect(again.json().course.publishedAt).toBe(firstPublishedAt);
    const emptied = await call('PUT', `/api/courses/${id}`, owner, { status: 'published', description: '  ' });
    expect(emptied.json().details).toEqual([{ path: 'description', message: 'Add a description' }]);
    const archived = await call('PUT', `/api/courses/${id}`, admin, { status: 'archived' });
    expect(archived.json().course.status).toBe('archived');
    expect((await catalogue('q=Publish%20me')).courses).toEqual([]);
  });

  it('erases a course without learners, and archives one with learners keeping their rows', async () => {
    const lonely = await createCourseRows(t.database.db, owner.user.id);
    const erased = await call('DELETE', `/api/courses/${lonely.course.id}`, owner);
    expect(erased.json()).toEqual({ success: true, archived: false, message: 'Course deleted' });
    expect((await getCourse(lonely.course.id, admin)).statusCode).toBe(404);

    const busy = await createCourseRows(t.database.db, owner.user.id);
    const learner = await createUser(t.app, t.database.db);
    await enrol(busy.course.id, learner.user.id);
    await t.database.db.insert(courseLessonProgress).values({
      userId: learner.user.id,
      courseId: busy.course.id,
      lessonId: busy.lessons[0]!.id,
      completedAt: new Date(),
    });
    const archived = await call('DELETE', `/api/courses/${busy.course.id}`, admin);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ success: true, archived: true });
    const kept = (await getCourse(busy.course.id, learner)).json().course as CourseDetail;
    expect(kept.status).toBe('archived');
    expect(kept.viewer).toMatchObject({ enrolled: true, completedLessonIds: [busy.lessons[0]!.id] });
    const [rows] = await Promise.all([
      t.database.db.select().from(courseEnrollments).where(eq(courseEnrollments.courseId, busy.course.id)),
    ]);
    expect(rows).toHaveLength(1);
    expect((await getCourse(busy.course.id, student)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed course on every write', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'Not_A_Slug', 'missing-course']) {
      expect((await call('PUT', `/api/courses/${id}`, owner, { title: 'Whatever' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/courses/${id}`, admin)).statusCode).toBe(404);
      expect((await call('POST', `/api/courses/${id}/sections`, owner, { title: 'S' })).statusCode).toBe(404);
    }
  });
});

describe('who may write (anonymous 401, Student 403, another Instructor 403, owner and Admin 2xx)', () => {
  type Who = 'anonymous' | 'student' | 'other' | 'owner' | 'admin';
  const users = (): Record<Who, User | null> => ({ anonymous: null, student, other, owner, admin });
  const expected: Record<Who, number[]> = {
    anonymous: [401],
    student: [403],
    other: [403],
    owner: [200, 201],
    admin: [200, 201],
  };

  interface Made {
    id: string;
    sectionIds: string[];
    lessonIds: string[];
    firstSectionLessonIds: string[];
  }
  const endpoints: { name: string; request: (made: Made) => ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?] }[] = [
    { name: 'edit details', request: (m) => ['PUT', `/api/courses/${m.id}`, { title: 'Edited title' }] },
    { name: 'publish', request: (m) => ['PUT', `/api/courses/${m.id}`, { status: 'published' }] },
    { name: 'delete', request: (m) => ['DELETE', `/api/courses/${m.id}`] },
    { name: 'add section', request: (m) => ['POST', `/api/courses/${m.id}/sections`, { title: 'New' }] },
    {
      name: 'rename section',
      request: (m) => ['PUT', `/api/courses/${m.id}/sections/${m.sectionIds[0]}`, { title: 'Renamed' }],
    },
    { name: 'delete section', request: (m) => ['DELETE', `/api/courses/${m.id}/sections/${m.sectionIds[1]}`] },
    {
      name: 'reorder sections',
      request: (m) => ['PUT', `/api/courses/${m.id}/sections/order`, { ids: [...m.sectionIds].reverse() }],
    },
    {
      name: 'add lesson',
      request: (m) => ['POST', `/api/courses/${m.id}/sections/${m.sectionIds[0]}/lessons`, { title: 'L' }],
    },
    {
      name: 'edit lesson',
      request: (m) => ['PUT', `/api/courses/${m.id}/lessons/${m.lessonIds[0]}`, { title: 'Edited lesson' }],
    },
    { name: 'delete lesson', request: (m) => ['DELETE', `/api/courses/${m.id}/lessons/${m.lessonIds[0]}`] },
    {
      name: 'reorder lessons',
      request: (m) => [
        'PUT',
        `/api/courses/${m.id}/sections/${m.sectionIds[0]}/lessons/order`,
        { ids: [...m.firstSectionLessonIds].reverse() },
      ],
    },
    { name: 'list learners', request: (m) => ['GET', `/api/courses/${m.id}/learners`] },
  ];

  for (const endpoint of endpoints) {
    it(`${endpoint.name}`, async () => {
      for (const [who, user] of Object.entries(users()) as [Who, User | null][]) {
        const made = await createCourseRows(t.database.db, owner.user.id, { status: 'draft' });
        const [method, url, payload] = endpoint.request({
          id: made.course.id,
          sectionIds: made.sections.map((s) => s.id),
          lessonIds: made.lessons.map((l) => l.id),
          firstSectionLessonIds: made.sections[0]!.lessons.map((l) => l.id),
        });
        const reply = await call(method, url, user, payload);
        expect(expected[who], `${who}: ${reply.body}`).toContain(reply.statusCode);
        if (reply.statusCode >= 400) expect(reply.json().success).toBe(false);
      }
    });
  }

  it('create course (any instructor may create one of their own)', async () => {
    for (const [who, user] of Object.entries(users()) as [Who, User | null][]) {
      const reply = await call('POST', '/api/courses', user, { title: `Created by ${who}` });
      expect(who === 'other' ? [201] : expected[who], `${who}: ${reply.body}`).toContain(reply.statusCode);
    }
  });

  it('a former instructor (now a Student) can no longer edit their course', async () => {
    const demoted = await createUser(t.app, t.database.db, 'Student');
    const { course } = await createCourseRows(t.database.db, demoted.user.id);
    expect((await call('PUT', `/api/courses/${course.id}`, demoted, { title: 'Nope nope' })).statusCode).toBe(403);
  });
});

describe('counters', () => {
  it('keep lessonCount and totalMinutes equal to a recount after a series of edits', async () => {
    const id = (await call('POST', '/api/courses', owner, { title: 'Counting course' })).json().course._id;
    const addSection = async (title: string) =>
      (await call('POST', `/api/courses/${id}/sections`, owner, { title })).json().course as CourseDetail;
    await addSection('One');
    const course = await addSection('Two');
    const [one, two] = course.sections.map((s) => s.id);
    const add = (section: string, title: string, durationMinutes: number) =>
      call('POST', `/api/courses/${id}/sections/${section}/lessons`, owner, { title, durationMinutes });
    await add(one!, 'a', 5);
    await add(one!, 'b', 7);
    await add(two!, 'c', 11);
    let detail = (await add(two!, 'd', 13)).json().course as CourseDetail;
    const lessonB = detail.sections[0]!.lessons[1]!.id;
    await call('PUT', `/api/courses/${id}/lessons/${lessonB}`, owner, { durationMinutes: 20, sectionId: two });
    await call('DELETE', `/api/courses/${id}/lessons/${detail.sections[0]!.lessons[0]!.id}`, owner);
    detail = (await call('DELETE', `/api/courses/${id}/sections/${one}`, owner)).json().course;
    expect(detail.sections.map((s) => s.position)).toEqual([0]);
    expect(detail.sections[0]!.lessons.map((l) => [l.title, l.position])).toEqual([
      ['c', 0],
      ['d', 1],
      ['b', 2],
    ]);
    const [recount] = await t.database.db
      .select({
        lessons: sql<number>`(select count(*)::int from course_lessons where course_id = ${id})`,
        minutes: sql<number>`(select coalesce(sum(duration_minutes), 0)::int from course_lessons where course_id = ${id})`,
        lessonCount: courses.lessonCount,
        totalMinutes: courses.totalMinutes,
      })
      .from(courses)
      .where(eq(courses.id, id));
    expect(recount).toEqual({ lessons: 3, minutes: 44, lessonCount: 3, totalMinutes: 44 });
    expect(detail).toMatchObject({ lessonCount: 3, totalMinutes: 44 });
  });
});
