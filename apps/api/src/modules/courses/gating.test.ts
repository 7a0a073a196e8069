import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, courseLessons, courseSections, courses } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let otherInstructor: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor', { name: 'Gate Keeper' });
  otherInstructor = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
});

type Kind = 'article' | 'video' | 'quiz' | 'exercise';
type LockKind = 'drip' | 'date' | 'prerequisite' | 'sequence';
type Headers = Record<string, string>;
const QUIZ = [{ id: 'q1', prompt: 'Two plus two?', options: ['3', '4'], answer: 1, explanation: '' }];
/** A small code exercise (issue 30): its submissions are a progress write of their own. */
const EXERCISE = {
  functionName: 'double',
  parameters: [{ name: 'n', type: 'int' }],
  returnType: 'int',
  timeLimitMs: 1000,
  examples: [{ args: { n: 2 }, expected: 4, explanation: 'Two twice is four.' }],
  tests: [{ args: { n: -3 }, expected: -6 }],
  reference: { language: 'javascript', code: 'function double(n) { return 2 * n; }' },
};
const IN_TEN_DAYS = () => new Date(Date.now() + 10 * 24 * 3600 * 1000);

interface LessonSpec {
  title: string;
  kind?: Kind;
  releaseAfterDays?: number;
  releaseAt?: Date;
  requires?: number;
  freePreview?: boolean;
}

/** A published course written straight into the tables; `requires` is the index of the lesson required. */
async function createCourse(specs: LessonSpec[], options: { sequential?: boolean; title?: string } = {}) {
  const db = t.database.db;
  const [course] = await db
    .insert(courses)
    .values({
      slug: `gated-${randomUUID().slice(0, 8)}`,
      title: options.title ?? 'Gated course',
      description: 'Gating tests',
      category: 'Web Development',
      level: 'Beginner',
      status: 'published',
      instructorId: owner.user.id,
      lessonCount: specs.length,
      publishedAt: new Date(),
      sequential: options.sequential ?? false,
    })
    .returning();
  const [section] = await db
    .insert(courseSections)
    .values({ courseId: course!.id, title: 'One', position: 0 })
    .returning();
  const lessons = await db
    .insert(courseLessons)
    .values(
      specs.map((spec, position) => ({
        courseId: course!.id,
        sectionId: section!.id,
        title: spec.title,
        kind: spec.kind ?? 'article',
        body: `Body of ${spec.title}`,
        videoUrl: spec.kind === 'video' ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
        quiz: spec.kind === 'quiz' ? QUIZ : null,
        exercise: spec.kind === 'exercise' ? EXERCISE : null,
        freePreview: spec.freePreview ?? false,
        releaseAfterDays: spec.releaseAfterDays ?? null,
        releaseAt: spec.releaseAt ?? null,
        position,
      })),
    )
    .returning();
  for (const [index, spec] of specs.entries()) {
    if (spec.requires === undefined) continue;
    await db
      .update(courseLessons)
      .set({ prerequisiteLessonId: lessons[spec.requires]!.id })
      .where(eq(courseLessons.id, lessons[index]!.id));
  }
  return { course: course!, lessons };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

/** The course for one lock kind: "Setup" first, then the locked lesson of `kind` (third for a prerequisite). */
function lockedCourse(lock: LockKind, kind: Kind) {
  const target: LessonSpec = { title: 'Target lesson', kind };
  if (lock === 'drip') target.releaseAfterDays = 3;
  if (lock === 'date') target.releaseAt = IN_TEN_DAYS();
  if (lock === 'prerequisite')
    return createCourse([{ title: 'Setup' }, { title: 'Middle' }, { ...target, requires: 0 }]);
  return createCourse([{ title: 'Setup' }, target], { sequential: lock === 'sequence' });
}

async function enrolled(courseId: string, role: 'Student' | 'Instructor' | 'Admin' = 'Student') {
  const learner =
    role === 'Instructor' ? otherInstructor : role === 'Admin' ? admin : await createUser(t.app, t.database.db);
  expect((await call('POST', `/api/courses/${courseId}/enroll`, learner.auth)).statusCode).toBe(200);
  return learner;
}

/** Every read and progress write of one lesson, as [name, request]. */
function lessonPaths(courseId: string, lessonId: string, kind: Kind, auth: Headers) {
  const base = `/api/courses/${courseId}`;
  const paths: [string, () => ReturnType<typeof call>][] = [
    ['read', () => call('GET', `${base}/lessons/${lessonId}`, auth)],
    [
      'progress',
      () =>
        call('PUT', `${base}/lessons/${lessonId}/progress`, auth, {
          completed: kind !== 'quiz' && kind !== 'exercise',
        }),
    ],
    ['resume', () => call('PUT', `${base}/resume`, auth, { lessonId, positionSeconds: 12 })],
  ];
  if (kind === 'quiz') {
    paths.push(['quiz', () => call('POST', `${base}/lessons/${lessonId}/quiz`, auth, { answers: [1] })]);
  }
  if (kind === 'exercise') {
    const code = 'function double(n) { return n + n; }';
    paths.push([
      'exercise submission',
      () => call('POST', `${base}/lessons/${lessonId}/exercise/submissions`, auth, { language: 'javascript', code }),
    ]);
  }
  return paths;
}

const KINDS: Kind[] = ['article', 'video', 'quiz', 'exercise'];
const LOCKS: LockKind[] = ['drip', 'date', 'prerequisite', 'sequence'];

describe('every read and progress write of a locked lesson is refused (lesson kinds × lock kinds)', () => {
  for (const lock of LOCKS) {
    for (const kind of KINDS) {
      it(`${lock} × ${kind}: a learner gets 403 with the exact shape`, async () => {
        const { course, lessons } = await lockedCourse(lock, kind);
        const target = lessons.at(-1)!;
        const learner = await enrolled(course.id);
        const datedLock = lock === 'drip' || lock === 'date';
        for (const [name, request] of lessonPaths(course.id, target.id, kind, learner.auth)) {
          const reply = await request();
          expect(reply.statusCode, name).toBe(403);
          const body = reply.json();
          expect(Object.keys(body).sort(), name).toEqual(
            datedLock ? ['error', 'opensAt', 'success'] : ['error', 'success'],
          );
          expect(body.success).toBe(false);
          if (datedLock) {
            expect(new Date(body.opensAt).toISOString()).toBe(body.opensAt);
            expect(body.error).toMatch(/^This lesson opens on \d{4}-\d\d-\d\d at \d\d:\d\d UTC$/);
          } else {
            expect(body.error).toBe('Complete “Setup” first');
          }
        }
        // Completing the course is refused on the same lock.
        const complete = await call('POST', `/api/courses/${course.id}/complete`, learner.auth);
        expect(complete.statusCode).toBe(403);
        // The outline carries the lock and no content.
        const outline = (await call('GET', `/api/courses/${course.id}`, learner.auth)).json().course;
        const lesson = outline.sections[0].lessons.at(-1);
        expect(lesson).toMatchObject({ locked: true, body: null, video: null, quiz: null });
        expect(lesson.lock.reason).toBe(lock);
        expect(lesson.lock.opensAt === null).toBe(!datedLock);
        if (!datedLock) expect(lesson.lock.prerequisite.title).toBe('Setup');
        // Nothing was written.
        const progress = outline.viewer.completedLessonIds;
        expect(progress).toEqual([]);
      });
    }
  }

  it('another instructor enrolled as a learner is held like any learner', async () => {
    const { course, lessons } = await lockedCourse('drip', 'article');
    const learner = await enrolled(course.id, 'Instructor');
    const reply = await call('GET', `/api/courses/${course.id}/lessons/${lessons[1]!.id}`, learner.auth);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().opensAt).toBeDefined();
  });
});

describe('the owner and admins see everything', () => {
  for (const lock of LOCKS) {
    it(`${lock}: the owner reads the lesson and tries its quiz; an admin reads and writes progress`, async () => {
      const { course, lessons } = await lockedCourse(lock, 'quiz');
      const target = lessons.at(-1)!;
      const read = await call('GET', `/api/courses/${course.id}/lessons/${target.id}`, owner.auth);
      expect(read.statusCode).toBe(200);
      expect(read.json().lesson).toMatchObject({ locked: false, quiz: [{ id: 'q1' }] });
      expect(read.json().lesson.gating.releaseAfterDays).toBe(lock === 'drip' ? 3 : null);
      const quiz = await call('POST', `/api/courses/${course.id}/lessons/${target.id}/quiz`, owner.auth, {
        answers: [1],
      });
      expect(quiz.statusCode).toBe(200);
      await enrolled(course.id, 'Admin');
      for (const [name, request] of lessonPaths(course.id, target.id, 'quiz', admin.auth)) {
        expect((await request()).statusCode, name).toBe(200);
      }
      await call('DELETE', `/api/courses/${course.id}/enroll`, admin.auth);
    });
  }
});

describe('guards of the lesson read', () => {
  it('401 signed out, 403 not enrolled, 404 unknown lesson, 400 malformed id; a free preview is open to all', async () => {
    const { course, lessons } = await createCourse([
      { title: 'Preview', freePreview: true, releaseAfterDays: 5 },
      { title: 'Members only' },
    ]);
    const base = `/api/courses/${course.id}/lessons`;
    expect((await call('GET', `${base}/${lessons[1]!.id}`)).statusCode).toBe(401);
    const stranger = await createUser(t.app, t.database.db);
    const refused = await call('GET', `${base}/${lessons[1]!.id}`, stranger.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, error: 'Enroll in this course first' });
    expect((await call('GET', `${base}/${randomUUID()}`, stranger.auth)).statusCode).toBe(404);
    expect((await call('GET', `${base}/not-a-uuid`, stranger.auth)).statusCode).toBe(400);
    expect((await call('GET', `${base}/${lessons[0]!.id}`)).json().lesson.body).toBe('Body of Preview');
    // An enrolled learner reads the free preview too, drip or not (docs/decisions.md).
    const learner = await enrolled(course.id);
    expect((await call('GET', `${base}/${lessons[0]!.id}`, learner.auth)).statusCode).toBe(200);
    expect((await call('PUT', `${base}/${lessons[1]!.id}/progress`, {}, { completed: true })).statusCode).toBe(401);
  });
});

describe('time travel across the drip boundary (3 × 24 h after enrolment)', () => {
  it('locked a minute before enrolledAt + 3 days, open a second after', async () => {
    const { course, lessons } = await createCourse([
      { title: 'Day zero' },
      { title: 'Day three', releaseAfterDays: 3 },
    ]);
    const learner = await enrolled(course.id);
    const url = `/api/courses/${course.id}/lessons/${lessons[1]!.id}`;
    const enrolledAt = (when: string) =>
      t.database.db
        .update(courseEnrollments)
        .set({ enrolledAt: sql.raw(`now() - interval '${when}'`) })
        .where(and(eq(courseEnrollments.courseId, course.id), eq(courseEnrollments.userId, learner.user.id)));

    await enrolledAt('71 hours 59 minutes');
    const before = await call('GET', url, learner.auth);
    expect(before.statusCode).toBe(403);
    const opensAt = new Date(before.json().opensAt).getTime();
    expect(opensAt - Date.now()).toBeGreaterThan(0);
    expect(opensAt - Date.now()).toBeLessThanOrEqual(60_000);

    await enrolledAt('72 hours 1 second');
    const after = await call('GET', url, learner.auth);
    expect(after.statusCode).toBe(200);
    expect(after.json().lesson.body).toBe('Body of Day three');
    expect((await call('PUT', `${url}/progress`, learner.auth, { completed: true })).statusCode).toBe(200);
  });

  it('a sequential course opens each lesson as the one before it is completed, and then completes', async () => {
    const { course, lessons } = await createCourse([{ title: 'First' }, { title: 'Second' }], { sequential: true });
    const learner = await enrolled(course.id);
    const progress = (index: number) =>
      call('PUT', `/api/courses/${course.id}/lessons/${lessons[index]!.id}/progress`, learner.auth, {
        completed: true,
      });
    expect((await progress(1)).json()).toEqual({ success: false, error: 'Complete “First” first' });
    expect((await progress(0)).statusCode).toBe(200);
    expect((await progress(1)).statusCode).toBe(200);
    expect((await call('POST', `/api/courses/${course.id}/complete`, learner.auth)).statusCode).toBe(200);
  });
});

describe('a course that requires another course', () => {
  it('refuses enrolment with 403 naming it until it is completed; admins are not held', async () => {
    const first = await createCourse([{ title: 'Basics' }], { title: 'Course Basics' });
    const second = await createCourse([{ title: 'Advanced' }], { title: 'Course Advanced' });
    await t.database.db
      .update(courses)
      .set({ prerequisiteCourseId: first.course.id })
      .where(eq(courses.id, second.course.id));
    const learner = await createUser(t.app, t.database.db);
    const refused = await call('POST', `/api/courses/${second.course.id}/enroll`, learner.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      error: 'Complete “Course Basics” before enrolling in this course',
    });
    const detail = (await call('GET', `/api/courses/${second.course.id}`, learner.auth)).json().course;
    expect(detail.prerequisiteCourse).toMatchObject({ title: 'Course Basics', completed: false });
    expect((await call('POST', `/api/courses/${second.course.id}/enroll`, admin.auth)).statusCode).toBe(200);
    expect((await call('POST', `/api/courses/${second.course.id}/enroll`)).statusCode).toBe(401);

    await call('POST', `/api/courses/${first.course.id}/enroll`, learner.auth);
    await call('PUT', `/api/courses/${first.course.id}/lessons/${first.lessons[0]!.id}/progress`, learner.auth, {
      completed: true,
    });
    expect((await call('POST', `/api/courses/${first.course.id}/complete`, learner.auth)).statusCode).toBe(200);
    expect((await call('POST', `/api/courses/${second.course.id}/enroll`, learner.auth)).statusCode).toBe(200);
  });
});

describe('the editor’s gating settings', () => {
  const putLesson = (courseId: string, lessonId: string, body: object, auth: Headers = owner.auth) =>
    call('PUT', `/api/courses/${courseId}/lessons/${lessonId}`, auth, body);
  const putCourse = (courseId: string, body: object, auth: Headers = owner.auth) =>
    call('PUT', `/api/courses/${courseId}`, auth, body);

  it('saves drip days, a date and a prerequisite lesson, and removes them with null', async () => {
    const { course, lessons } = await createCourse([{ title: 'A' }, { title: 'B' }]);
    const saved = await putLesson(course.id, lessons[1]!.id, {
      releaseAfterDays: 3,
      releaseAt: '2030-01-02T09:00:00.000Z',
      prerequisiteLessonId: lessons[0]!.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().course.sections[0].lessons[1].gating).toEqual({
      releaseAfterDays: 3,
      releaseAt: '2030-01-02T09:00:00.000Z',
      prerequisiteLessonId: lessons[0]!.id,
      dueAfterDays: null,
    });
    const cleared = await putLesson(course.id, lessons[1]!.id, {
      releaseAfterDays: null,
      releaseAt: null,
      prerequisiteLessonId: null,
    });
    expect(cleared.json().course.sections[0].lessons[1].gating).toEqual({
      releaseAfterDays: null,
      releaseAt: null,
      prerequisiteLessonId: null,
      dueAfterDays: null,
    });
  });

  it('400s: days out of 0–3650, a bad date, itself, another course’s lesson, a cycle', async () => {
    const { course, lessons } = await createCourse([{ title: 'A' }, { title: 'B', requires: 0 }]);
    const other = await createCourse([{ title: 'Elsewhere' }]);
    const cases: [object, string][] = [
      [{ releaseAfterDays: 3651 }, 'Days must be at most 3650'],
      [{ releaseAfterDays: -1 }, 'Days cannot be negative'],
      [{ releaseAfterDays: 1.5 }, 'Days must be a whole number'],
      [{ releaseAt: 'next tuesday' }, 'The opening date must be a date and time'],
      [{ prerequisiteLessonId: lessons[0]!.id }, 'A lesson cannot require itself'],
      [{ prerequisiteLessonId: other.lessons[0]!.id }, 'Choose a lesson of this course to complete first'],
      [
        { prerequisiteLessonId: lessons[1]!.id },
        'That lesson already requires this one: prerequisites cannot go in a circle',
      ],
    ];
    for (const [body, error] of cases) {
      const reply = await putLesson(course.id, lessons[0]!.id, body);
      expect(reply.statusCode, error).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, error });
    }
    expect((await putLesson(course.id, lessons[0]!.id, { releaseAfterDays: 3650 })).statusCode).toBe(200);
    expect((await putLesson(course.id, lessons[0]!.id, { releaseAfterDays: 0 })).statusCode).toBe(200);
  });

  it('a course prerequisite: saved, or 400 for itself, a draft, a cycle', async () => {
    const a = await createCourse([{ title: 'A' }], { title: 'Course A' });
    const b = await createCourse([{ title: 'B' }], { title: 'Course B' });
    const saved = await putCourse(b.course.id, { prerequisiteCourseId: a.course.id, sequential: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().course).toMatchObject({
      sequential: true,
      prerequisiteCourse: { id: a.course.id, title: 'Course A' },
    });
    const cases: [string, string, string][] = [
      [a.course.id, a.course.id, 'A course cannot require itself'],
      [a.course.id, b.course.id, 'That course already requires this one: prerequisites cannot go in a circle'],
    ];
    for (const [courseId, required, error] of cases) {
      const reply = await putCourse(courseId, { prerequisiteCourseId: required });
      expect(reply.statusCode, error).toBe(400);
      expect(reply.json()).toMatchObject({ success: false, error });
    }
    await t.database.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, a.course.id));
    const draft = await putCourse(b.course.id, { prerequisiteCourseId: null });
    expect(draft.statusCode).toBe(200);
    const refused = await putCourse(b.course.id, { prerequisiteCourseId: a.course.id });
    expect(refused.json()).toMatchObject({ error: 'Choose a published course to complete first' });
    expect((await putCourse(b.course.id, { prerequisiteCourseId: 'nope' })).statusCode).toBe(400);
    expect((await putCourse(b.course.id, { sequential: 'yes' })).statusCode).toBe(400);
  });

  it('a new course and a new lesson take their gating settings, checked the same way', async () => {
    const required = await createCourse([{ title: 'First steps' }], { title: 'Course Required' });
    const created = await call('POST', '/api/courses', owner.auth, {
      title: 'Course After',
      sequential: true,
      prerequisiteCourseId: required.course.id,
    });
    expect(created.statusCode).toBe(201);
    const course = created.json().course;
    expect(course).toMatchObject({ sequential: true, prerequisiteCourse: { id: required.course.id } });
    const drafted = await call('POST', '/api/courses', owner.auth, {
      title: 'Course After',
      prerequisiteCourseId: course._id,
    });
    expect(drafted.statusCode).toBe(400);
    expect(drafted.json()).toMatchObject({ error: 'Choose a published course to complete first' });

    const section = (await call('POST', `/api/courses/${course._id}/sections`, owner.auth, { title: 'One' })).json()
      .course.sections[0].id as string;
    const first = await call('POST', `/api/courses/${course._id}/sections/${section}/lessons`, owner.auth, {
      title: 'Opening',
    });
    const openingId = first.json().course.sections[0].lessons[0].id as string;
    const second = await call('POST', `/api/courses/${course._id}/sections/${section}/lessons`, owner.auth, {
      title: 'Later',
      releaseAfterDays: 7,
      prerequisiteLessonId: openingId,
    });
    expect(second.statusCode).toBe(201);
    expect(second.json().course.sections[0].lessons[1].gating).toEqual({
      releaseAfterDays: 7,
      releaseAt: null,
      prerequisiteLessonId: openingId,
      dueAfterDays: null,
    });
    const elsewhere = await call('POST', `/api/courses/${course._id}/sections/${section}/lessons`, owner.auth, {
      title: 'Stray',
      prerequisiteLessonId: required.lessons[0]!.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({
      error: 'Choose a lesson of this course to complete first',
      details: [{ path: 'prerequisiteLessonId', message: 'Choose a lesson of this course to complete first' }],
    });
  });

  it('401 signed out, 403 another instructor, 404 unknown lesson', async () => {
    const { course, lessons } = await createCourse([{ title: 'A' }]);
    expect((await putLesson(course.id, lessons[0]!.id, { releaseAfterDays: 1 }, {})).statusCode).toBe(401);
    expect((await putLesson(course.id, lessons[0]!.id, { releaseAfterDays: 1 }, otherInstructor.auth)).statusCode).toBe(
      403,
    );
    expect((await putCourse(course.id, { sequential: true }, otherInstructor.auth)).statusCode).toBe(403);
    expect((await putLesson(course.id, randomUUID(), { releaseAfterDays: 1 })).statusCode).toBe(404);
    expect((await putLesson(course.id, lessons[0]!.id, { releaseAfterDays: 1 }, admin.auth)).statusCode).toBe(200);
  });
});
