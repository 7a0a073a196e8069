import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@learnbuild/domain/schemas/dashboard';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseCertificates,
  courseEnrollments,
  courseLessonProgress,
  courseLessons,
  courseReviews,
  courseSections,
  courses,
  users,
} from '../../db/schema';
import { userTopic } from '../../lib/event-bus';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let instructor: User;
let otherInstructor: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  instructor = await createUser(t.app, t.database.db, 'Instructor', { name: 'Ada Teacher' });
  otherInstructor = await createUser(t.app, t.database.db, 'Instructor');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
});

// A course written straight into the tables, so these tests do not depend on the authoring routes.

interface QuizSpec {
  id: string;
  prompt: string;
  options: string[];
  answer: number;
  explanation: string;
}

/** `count` questions of three options each; the right answer of question i is option i % 3. */
const quizOf = (count: number): QuizSpec[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `q${index + 1}`,
    prompt: `Question ${index + 1}`,
    options: ['A', 'B', 'C'],
    answer: index % 3,
    explanation: `Because ${index % 3}`,
  }));

const rightAnswers = (quiz: QuizSpec[]) => quiz.map((question) => question.answer);
/** The first `correct` answers right, the rest wrong. */
const answersWith = (quiz: QuizSpec[], correct: number) =>
  quiz.map((question, index) => (index < correct ? question.answer : (question.answer + 1) % 3));

let courseCounter = 0;

async function createCourse(
  options: {
    status?: 'draft' | 'published' | 'archived';
    instructorId?: string;
    title?: string;
    lessons?: { kind: 'article' | 'video' | 'quiz'; quiz?: QuizSpec[] }[];
  } = {},
) {
  courseCounter += 1;
  const db = t.database.db;
  const lessonSpecs = options.lessons ?? [{ kind: 'article' }, { kind: 'article' }];
  const [course] = await db
    .insert(courses)
    .values({
      slug: `learning-course-${courseCounter}-${randomUUID().slice(0, 8)}`,
      title: options.title ?? `Learning course ${courseCounter}`,
      description: 'A course for the learner tests',
      category: 'Web Development',
      level: 'Beginner',
      status: options.status ?? 'published',
      instructorId: options.instructorId ?? instructor.user.id,
      lessonCount: lessonSpecs.length,
      publishedAt: new Date(),
    })
    .returning();
  const [section] = await db
    .insert(courseSections)
    .values({ courseId: course!.id, title: 'Section one', position: 0 })
    .returning();
  const lessons =
    lessonSpecs.length === 0
      ? []
      : await db
          .insert(courseLessons)
          .values(
            lessonSpecs.map((spec, position) => ({
              courseId: course!.id,
              sectionId: section!.id,
              title: `Lesson ${position + 1}`,
              kind: spec.kind,
              body: `Body of lesson ${position + 1}`,
              videoUrl: spec.kind === 'video' ? 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' : null,
              quiz: spec.kind === 'quiz' ? (spec.quiz ?? quizOf(10)) : null,
              durationMinutes: 5,
              position,
            })),
          )
          .returning();
  return { course: course!, lessons };
}

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const enroll = (courseId: string, auth: Headers) => call('POST', `/api/courses/${courseId}/enroll`, auth);
const unenroll = (courseId: string, auth: Headers) => call('DELETE', `/api/courses/${courseId}/enroll`, auth);
const markLesson = (courseId: string, lessonId: string, auth: Headers, body: object) =>
  call('PUT', `/api/courses/${courseId}/lessons/${lessonId}/progress`, auth, body);
const submitQuiz = (courseId: string, lessonId: string, auth: Headers, answers: number[]) =>
  call('POST', `/api/courses/${courseId}/lessons/${lessonId}/quiz`, auth, { answers });
const complete = (courseId: string, auth: Headers) => call('POST', `/api/courses/${courseId}/complete`, auth);
const putReview = (courseId: string, auth: Headers, body: object) =>
  call('PUT', `/api/courses/${courseId}/reviews/mine`, auth, body);

async function countersOf(courseId: string) {
  const [row] = await t.database.db
    .select({
      enrolledCount: courses.enrolledCount,
      completedCount: courses.completedCount,
      ratingCount: courses.ratingCount,
      ratingSum: courses.ratingSum,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

async function progressRowOf(userId: string, lessonId: string) {
  const [row] = await t.database.db
    .select()
    .from(courseLessonProgress)
    .where(and(eq(courseLessonProgress.userId, userId), eq(courseLessonProgress.lessonId, lessonId)));
  return row;
}

async function enrollmentOf(courseId: string, userId: string) {
  const [row] = await t.database.db
    .select()
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, userId)));
  return row;
}

/** Waits for `done()` (events may travel through Redis), failing after two seconds. */
async function until(done: () => boolean) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > 2_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('every learner route', () => {
  it('answers 401 to an anonymous caller', async () => {
    const { course, lessons } = await createCourse();
    const lessonId = lessons[0]!.id;
    const routes: [Parameters<typeof call>[0], string, object?][] = [
      ['POST', `/api/courses/${course.id}/enroll`],
      ['DELETE', `/api/courses/${course.id}/enroll`],
      ['PUT', `/api/courses/${course.id}/lessons/${lessonId}/progress`, { completed: true }],
      ['POST', `/api/courses/${course.id}/lessons/${lessonId}/quiz`, { answers: [0] }],
      ['PUT', `/api/courses/${course.id}/resume`, { lessonId, positionSeconds: 3 }],
      ['POST', `/api/courses/${course.id}/complete`],
      ['PUT', `/api/courses/${course.id}/reviews/mine`, { rating: 5 }],
      ['DELETE', `/api/courses/${course.id}/reviews/mine`],
    ];
    for (const [method, url, body] of routes) {
      const reply = await call(method, url, {}, body);
      expect(reply.statusCode, `${method} ${url}`).toBe(401);
      expect(reply.json()).toEqual({ success: false, error: 'Please log in to continue' });
    }
  });

  it('answers 404, never 500, to unknown and malformed course and lesson ids', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse();
    expect((await enroll(course.id, student.auth)).statusCode).toBe(200);
    const lessonId = lessons[0]!.id;
    for (const id of [randomUUID(), 'no-such-course', 'Not a slug!', "x'; drop table courses; --", '%E2%9C%93']) {
      for (const [method, url, body] of [
        ['POST', `/api/courses/${id}/enroll`],
        ['DELETE', `/api/courses/${id}/enroll`],
        ['PUT', `/api/courses/${id}/lessons/${lessonId}/progress`, { completed: true }],
        ['POST', `/api/courses/${id}/lessons/${lessonId}/quiz`, { answers: [0] }],
        ['PUT', `/api/courses/${id}/resume`, { lessonId, positionSeconds: 0 }],
        ['POST', `/api/courses/${id}/complete`],
        ['GET', `/api/courses/${id}/reviews`],
        ['PUT', `/api/courses/${id}/reviews/mine`, { rating: 4 }],
        ['DELETE', `/api/courses/${id}/reviews/mine`],
      ] as const) {
        const reply = await call(method, url.replace(id, encodeURIComponent(id)), student.auth, body);
        expect(reply.statusCode, `${method} ${url}`).toBe(404);
        expect(reply.json()).toEqual({ success: false, error: 'Course not found' });
      }
    }
    for (const badLesson of [randomUUID(), 'not-a-uuid', lessons[0]!.id.toUpperCase().replace(/-/g, '')]) {
      const progress = await markLesson(course.id, badLesson, student.auth, { completed: true });
      expect(progress.statusCode).toBe(404);
      expect(progress.json().error).toBe('Lesson not found');
      expect((await submitQuiz(course.id, badLesson, student.auth, [0])).statusCode).toBe(404);
    }
  });
});

describe('POST /api/courses/:id/enroll', () => {
  it('enrols in a published course by id or slug; a second call is 200 and counts once', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse({ title: 'Idempotent enrolment' });
    const first = await enroll(course.slug, student.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: 'You are enrolled in Idempotent enrolment',
      enrolled: true,
    });
    const second = await enroll(course.id, student.auth);
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('You are already enrolled in Idempotent enrolment');
    expect((await countersOf(course.id)).enrolledCount).toBe(1);
  });

  it('counts simultaneous enrolments of one user once', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    const replies = await Promise.all(Array.from({ length: 6 }, () => enroll(course.id, student.auth)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await countersOf(course.id)).enrolledCount).toBe(1);
  });

  it('counts simultaneous enrolments of different users each once', async () => {
    const learners = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app, t.database.db)));
    const { course } = await createCourse();
    await Promise.all(learners.map((learner) => enroll(course.id, learner.auth)));
    expect((await countersOf(course.id)).enrolledCount).toBe(4);
  });

  it('hides a draft (404) from students and other instructors, and refuses its owner and admins (409)', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse({ status: 'draft' });
    for (const who of [student, otherInstructor]) {
      const reply = await enroll(course.id, who.auth);
      expect(reply.statusCode).toBe(404);
      expect(reply.json().error).toBe('Course not found');
    }
    for (const who of [instructor, admin]) {
      const reply = await enroll(course.id, who.auth);
      expect(reply.statusCode).toBe(409);
      expect(reply.json().error).toBe('This course is not published yet');
    }
    expect((await countersOf(course.id)).enrolledCount).toBe(0);
  });

  it('refuses new learners on an archived course with 409, while an enrolled learner stays enrolled', async () => {
    const enrolled = await createUser(t.app, t.database.db);
    const newcomer = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    await enroll(course.id, enrolled.auth);
    await t.database.db.update(courses).set({ status: 'archived' }).where(eq(courses.id, course.id));
    for (const who of [newcomer, admin]) {
      const refused = await enroll(course.id, who.auth);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('This course is archived and takes no new learners');
    }
    expect((await enroll(course.id, enrolled.auth)).statusCode).toBe(200);
    expect((await countersOf(course.id)).enrolledCount).toBe(1);
  });

  it("refuses an instructor's enrolment in their own course, and lets an admin enrol in someone else's", async () => {
    const { course } = await createCourse();
    const own = await enroll(course.id, instructor.auth);
    expect(own.statusCode).toBe(409);
    expect(own.json().error).toBe('You teach this course: open any lesson to preview it');
    expect((await enroll(course.id, admin.auth)).statusCode).toBe(200);
    expect((await enroll(course.id, otherInstructor.auth)).statusCode).toBe(200);
    expect((await countersOf(course.id)).enrolledCount).toBe(2);
  });

  it("tells the learner's and the instructor's open dashboards, and the admins'", async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse();
    const seen: string[] = [];
    const listen = (topic: Parameters<typeof t.app.events.subscribe>[0], who: string) =>
      t.app.events.subscribe(topic, (event: LiveEvent) => seen.push(`${who}:${event.type}`));
    const stops = [
      listen(userTopic(student.user.id), 'learner'),
      listen(userTopic(instructor.user.id), 'instructor'),
      listen('admins', 'admins'),
    ];
    try {
      await enroll(course.id, student.auth);
      await until(() => seen.length >= 3);
      expect(seen.sort()).toEqual([
        'admins:platform.changed',
        'instructor:courses.progress',
        'learner:courses.progress',
      ]);
      seen.length = 0;
      await enroll(course.id, student.auth);
      await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
      await until(() => seen.length >= 1);
      // With Redis the events travel through a channel: give a stray one from the second enrol time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual(['learner:courses.progress']);
    } finally {
      for (const stop of stops) stop();
    }
  });
});

describe('DELETE /api/courses/:id/enroll', () => {
  it('leaves the course and keeps lesson progress, so re-enrolling restores it', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'article' }, { kind: 'article' }] });
    await enroll(course.id, student.auth);
    expect((await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true })).json().percent).toBe(50);

    const left = await unenroll(course.id, student.auth);
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toMatch(/your progress is kept/);
    expect((await countersOf(course.id)).enrolledCount).toBe(0);
    expect(await enrollmentOf(course.id, student.user.id)).toBeUndefined();
    expect((await progressRowOf(student.user.id, lessons[0]!.id))?.completedAt).not.toBeNull();
    // Not enrolled: progress is refused until they come back.
    expect((await markLesson(course.id, lessons[1]!.id, student.auth, { completed: true })).statusCode).toBe(403);

    const again = await unenroll(course.id, student.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatch(/not enrolled/);
    expect((await countersOf(course.id)).enrolledCount).toBe(0);

    await enroll(course.id, student.auth);
    const restored = await markLesson(course.id, lessons[1]!.id, student.auth, { completed: false });
    expect(restored.json().completedLessonIds).toEqual([lessons[0]!.id]);
    expect((await countersOf(course.id)).enrolledCount).toBe(1);
  });

  it('takes a completion off the counter on leaving and gives the same certificate back on return', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'article' }] });
    await enroll(course.id, student.auth);
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    const completed = (await complete(course.id, student.auth)).json();
    const certificateId = completed.certificateId;
    expect(completed.badgesAwarded).toEqual([{ id: 'first-course-complete', name: 'First course completed' }]);
    // Completing again answers the same completion and earns nothing more.
    expect((await complete(course.id, student.auth)).json().badgesAwarded).toBeUndefined();
    expect(await countersOf(course.id)).toMatchObject({ enrolledCount: 1, completedCount: 1 });

    await unenroll(course.id, student.auth);
    expect(await countersOf(course.id)).toMatchObject({ enrolledCount: 0, completedCount: 0 });
    await enroll(course.id, student.auth);
    expect(await countersOf(course.id)).toMatchObject({ enrolledCount: 1, completedCount: 1 });
    const after = await complete(course.id, student.auth);
    expect(after.statusCode).toBe(200);
    expect(after.json().certificateId).toBe(certificateId);
    expect(await countersOf(course.id)).toMatchObject({ enrolledCount: 1, completedCount: 1 });
  });
});

describe('PUT /api/courses/:id/lessons/:lessonId/progress', () => {
  it('refuses a learner who is not enrolled with 403', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse();
    const reply = await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    expect(reply.statusCode).toBe(403);
    expect(reply.json()).toEqual({ success: false, error: 'Enroll in this course first' });
    // The owner previews without enrolling: nothing of theirs is stored either.
    expect((await markLesson(course.id, lessons[0]!.id, instructor.auth, { completed: true })).statusCode).toBe(403);
  });

  it('completes and reopens lessons and answers the progress of the whole course', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({
      lessons: [{ kind: 'article' }, { kind: 'video' }, { kind: 'article' }, { kind: 'quiz' }],
    });
    await enroll(course.id, student.auth);
    const first = await markLesson(course.id, lessons[1]!.id, student.auth, { completed: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      completedLessonIds: [lessons[1]!.id],
      percent: 25,
      completedAt: null,
      certificateId: null,
    });
    const twice = await markLesson(course.id, lessons[1]!.id, student.auth, { completed: true });
    expect(twice.json().percent).toBe(25);
    const reopened = await markLesson(course.id, lessons[1]!.id, student.auth, { completed: false });
    expect(reopened.json()).toMatchObject({ completedLessonIds: [], percent: 0 });
  });

  it('refuses to mark a quiz lesson complete (409): the quiz must be passed', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'quiz' }] });
    await enroll(course.id, student.auth);
    const reply = await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error).toBe('Pass the quiz to complete this lesson');
  });

  it('answers 404 for a lesson of another course', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    const other = await createCourse();
    await enroll(course.id, student.auth);
    const reply = await markLesson(course.id, other.lessons[0]!.id, student.auth, { completed: true });
    expect(reply.statusCode).toBe(404);
  });

  it('saves the resume point when a position is sent, and refuses a bad body with 400', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'video' }] });
    await enroll(course.id, student.auth);
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: false, positionSeconds: 93 });
    expect(await enrollmentOf(course.id, student.user.id)).toMatchObject({
      lastLessonId: lessons[0]!.id,
      lastPositionSeconds: 93,
    });
    for (const body of [{}, { completed: 'yes' }, { completed: true, positionSeconds: -1 }]) {
      expect((await markLesson(course.id, lessons[0]!.id, student.auth, body)).statusCode).toBe(400);
    }
  });

  it('keeps the completion and certificate when a lesson of a completed course is reopened', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'article' }] });
    await enroll(course.id, student.auth);
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    const done = (await complete(course.id, student.auth)).json();
    const reopened = await markLesson(course.id, lessons[0]!.id, student.auth, { completed: false });
    expect(reopened.json()).toMatchObject({
      completedLessonIds: [],
      percent: 0,
      completedAt: done.completedAt,
      certificateId: done.certificateId,
    });
    expect((await countersOf(course.id)).completedCount).toBe(1);
  });
});

describe('POST /api/courses/:id/lessons/:lessonId/quiz', () => {
  it('passes at exactly 70% and fails just below, grading on the server', async () => {
    const student = await createUser(t.app, t.database.db);
    const quiz = quizOf(10);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'quiz', quiz }] });
    await enroll(course.id, student.auth);

    const six = await submitQuiz(course.id, lessons[0]!.id, student.auth, answersWith(quiz, 6));
    expect(six.statusCode).toBe(200);
    expect(six.json()).toMatchObject({ success: true, correct: 6, total: 10, passed: false });
    expect((await progressRowOf(student.user.id, lessons[0]!.id))?.completedAt).toBeNull();

    const seven = await submitQuiz(course.id, lessons[0]!.id, student.auth, answersWith(quiz, 7));
    expect(seven.json()).toMatchObject({ correct: 7, total: 10, passed: true });
    expect(seven.json().results[0]).toEqual({ questionId: 'q1', correct: true, answer: 0, explanation: 'Because 0' });
    expect(seven.json().results[9]).toEqual({ questionId: 'q10', correct: false, answer: 0, explanation: 'Because 0' });
    const row = await progressRowOf(student.user.id, lessons[0]!.id);
    expect(row).toMatchObject({ quizCorrect: 7, quizTotal: 10 });
    expect(row?.completedAt).not.toBeNull();
  });

  it('keeps the best score and the completion after a worse attempt', async () => {
    const student = await createUser(t.app, t.database.db);
    const quiz = quizOf(4);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'quiz', quiz }] });
    await enroll(course.id, student.auth);
    const best = await submitQuiz(course.id, lessons[0]!.id, student.auth, rightAnswers(quiz));
    expect(best.json()).toMatchObject({ correct: 4, passed: true });
    const worse = await submitQuiz(course.id, lessons[0]!.id, student.auth, answersWith(quiz, 1));
    expect(worse.json()).toMatchObject({ correct: 1, passed: false });
    const row = await progressRowOf(student.user.id, lessons[0]!.id);
    expect(row).toMatchObject({ quizCorrect: 4, quizTotal: 4 });
    expect(row?.completedAt).not.toBeNull();
    // And the course can be completed: the passed quiz counts as a completed lesson.
    expect((await complete(course.id, student.auth)).statusCode).toBe(200);
  });

  it('refuses the wrong number of answers and options that do not exist with 400', async () => {
    const student = await createUser(t.app, t.database.db);
    const quiz = quizOf(3);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'quiz', quiz }] });
    await enroll(course.id, student.auth);
    for (const answers of [[], [0, 1], [0, 1, 2, 0]]) {
      const reply = await submitQuiz(course.id, lessons[0]!.id, student.auth, answers);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().error).toBe('This quiz has 3 questions: send one answer for each');
    }
    const outOfRange = await submitQuiz(course.id, lessons[0]!.id, student.auth, [0, 3, 0]);
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().error).toBe("Answer 2 is not one of the question's options");
    for (const body of [{}, { answers: [-1, 0, 0] }, { answers: [0.5, 0, 0] }, { answers: 'abc' }]) {
      const reply = await call('POST', `/api/courses/${course.id}/lessons/${lessons[0]!.id}/quiz`, student.auth, body);
      expect(reply.statusCode).toBe(400);
    }
    expect(await progressRowOf(student.user.id, lessons[0]!.id)).toBeUndefined();
  });

  it('grades the owner and admins without storing anything, and refuses anyone else not enrolled', async () => {
    const student = await createUser(t.app, t.database.db);
    const quiz = quizOf(3);
    const { course, lessons } = await createCourse({ status: 'draft', lessons: [{ kind: 'quiz', quiz }] });
    for (const who of [instructor, admin]) {
      const reply = await submitQuiz(course.id, lessons[0]!.id, who.auth, rightAnswers(quiz));
      expect(reply.statusCode).toBe(200);
      expect(reply.json()).toMatchObject({ correct: 3, total: 3, passed: true });
      expect(await progressRowOf(who.user.id, lessons[0]!.id)).toBeUndefined();
    }
    expect((await submitQuiz(course.id, lessons[0]!.id, student.auth, [0, 1, 2])).statusCode).toBe(404);
    await t.database.db.update(courses).set({ status: 'published' }).where(eq(courses.id, course.id));
    const refused = await submitQuiz(course.id, lessons[0]!.id, student.auth, [0, 1, 2]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Enroll in this course first');
  });

  it('answers 404 for a lesson that is not a quiz', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'article' }] });
    await enroll(course.id, student.auth);
    const reply = await submitQuiz(course.id, lessons[0]!.id, student.auth, [0]);
    expect(reply.statusCode).toBe(404);
    expect(reply.json().error).toBe('This lesson has no quiz');
  });

  it('never sends the correct answers in the course page before a submission', async () => {
    const student = await createUser(t.app, t.database.db);
    const quiz = quizOf(3).map((question) => ({ ...question, explanation: 'SECRET-EXPLANATION' }));
    const { course } = await createCourse({ lessons: [{ kind: 'quiz', quiz }] });
    await enroll(course.id, student.auth);
    const page = await call('GET', `/api/courses/${course.id}`, student.auth);
    expect(page.statusCode).toBe(200);
    const text = page.body;
    expect(text).not.toContain('SECRET-EXPLANATION');
    expect(text).not.toContain('"answer"');
    expect(text).not.toContain('quizAnswers":[');
    const lesson = page.json().course.sections[0].lessons[0];
    expect(lesson.quiz).toEqual(quiz.map(({ id, prompt, options }) => ({ id, prompt, options })));
    // Also not to a visitor, nor in the catalogue.
    for (const url of [`/api/courses/${course.id}`, '/api/courses?sort=newest']) {
      const reply = await call('GET', url);
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain('SECRET-EXPLANATION');
      expect(reply.body).not.toContain('"answer"');
    }
  });
});

describe('the course page after learning', () => {
  it("shows the learner's enrolment, progress, resume point, completion, certificate and review", async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'article' }, { kind: 'video' }] });
    const viewerOf = async () => (await call('GET', `/api/courses/${course.slug}`, student.auth)).json().course;
    expect((await viewerOf()).viewer).toMatchObject({ enrolled: false, completedLessonIds: [] });

    await enroll(course.id, student.auth);
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    await call('PUT', `/api/courses/${course.id}/resume`, student.auth, {
      lessonId: lessons[1]!.id,
      positionSeconds: 7,
    });
    const midway = await viewerOf();
    expect(midway.viewer).toMatchObject({
      enrolled: true,
      completedLessonIds: [lessons[0]!.id],
      lastLessonId: lessons[1]!.id,
      lastPositionSeconds: 7,
      completedAt: null,
      certificateId: null,
    });
    expect(midway.enrolledCount).toBe(1);
    expect(midway.studentsEnrolled).toContain(student.user.id);

    await markLesson(course.id, lessons[1]!.id, student.auth, { completed: true });
    const { certificateId } = (await complete(course.id, student.auth)).json();
    await putReview(course.id, student.auth, { rating: 4, body: 'Solid' });
    const done = await viewerOf();
    expect(done.viewer).toMatchObject({ certificateId, myReview: { rating: 4, body: 'Solid' } });
    expect(done.viewer.completedAt).toEqual(expect.any(String));
    expect(done.completedStudents).toContain(student.user.id);
    expect(done.rating).toEqual({ average: 4, count: 1 });
  });
});

describe('PUT /api/courses/:id/resume', () => {
  it('remembers the last lesson and position of an enrolled learner', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse();
    const body = { lessonId: lessons[1]!.id, positionSeconds: 42 };
    const refused = await call('PUT', `/api/courses/${course.id}/resume`, student.auth, body);
    expect(refused.statusCode).toBe(403);
    await enroll(course.id, student.auth);
    const reply = await call('PUT', `/api/courses/${course.slug}/resume`, student.auth, body);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true });
    expect(await enrollmentOf(course.id, student.user.id)).toMatchObject({
      lastLessonId: lessons[1]!.id,
      lastPositionSeconds: 42,
    });
  });

  it('answers 404 for a lesson not in the course and 400 for a malformed body', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    await enroll(course.id, student.auth);
    const unknown = await call('PUT', `/api/courses/${course.id}/resume`, student.auth, {
      lessonId: randomUUID(),
      positionSeconds: 1,
    });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { lessonId: 'x' }, { lessonId: randomUUID(), positionSeconds: -5 }]) {
      expect((await call('PUT', `/api/courses/${course.id}/resume`, student.auth, body)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/courses/:id/complete and GET /api/certificates/:id', () => {
  it('refuses completion (409) until every lesson is done, then issues one certificate', async () => {
    const student = await createUser(t.app, t.database.db, 'Student', { name: 'Grace Learner' });
    const quiz = quizOf(2);
    const { course, lessons } = await createCourse({
      title: 'Certified course',
      lessons: [{ kind: 'article' }, { kind: 'video' }, { kind: 'quiz', quiz }],
    });
    expect((await complete(course.id, student.auth)).statusCode).toBe(403);
    await enroll(course.id, student.auth);
    const early = await complete(course.id, student.auth);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ success: false, error: 'Complete every lesson first' });
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    await markLesson(course.id, lessons[1]!.id, student.auth, { completed: true });
    expect((await complete(course.id, student.auth)).statusCode).toBe(409);
    await submitQuiz(course.id, lessons[2]!.id, student.auth, rightAnswers(quiz));

    const done = await complete(course.id, student.auth);
    expect(done.statusCode).toBe(200);
    const { badgesAwarded, ...body } = done.json();
    // The learner's first completed course earns its badge with this reply (issue 29), and only this one.
    expect(badgesAwarded).toEqual([{ id: 'first-course-complete', name: 'First course completed' }]);
    expect(body).toMatchObject({ success: true, percent: 100, completedAt: expect.any(String) });
    expect(body.completedLessonIds).toEqual(lessons.map((lesson) => lesson.id));
    expect(body.certificateId).toEqual(expect.any(String));
    expect((await countersOf(course.id)).completedCount).toBe(1);

    const again = await complete(course.id, student.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect((await countersOf(course.id)).completedCount).toBe(1);
    const certificates = await t.database.db
      .select()
      .from(courseCertificates)
      .where(eq(courseCertificates.courseId, course.id));
    expect(certificates).toHaveLength(1);

    // Public, and a snapshot: renaming the course or the learner later does not change it.
    await t.database.db.update(courses).set({ title: 'Renamed course' }).where(eq(courses.id, course.id));
    await t.database.db.update(users).set({ name: 'Someone Else' }).where(eq(users.id, student.user.id));
    const certificate = await call('GET', `/api/certificates/${body.certificateId}`);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.json()).toEqual({
      success: true,
      certificate: {
        id: body.certificateId,
        learnerName: 'Grace Learner',
        courseTitle: 'Certified course',
        instructorName: 'Ada Teacher',
        courseId: course.id,
        courseSlug: course.slug,
        issuedAt: expect.any(String),
        code: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/),
        revokedAt: null,
        revokedReason: null,
      },
    });
  });

  it('counts simultaneous completions once', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ lessons: [{ kind: 'article' }] });
    await enroll(course.id, student.auth);
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    const replies = await Promise.all(Array.from({ length: 4 }, () => complete(course.id, student.auth)));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(replies.map((reply) => reply.json().certificateId)).size).toBe(1);
    expect((await countersOf(course.id)).completedCount).toBe(1);
  });

  it('refuses to complete a course without lessons', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse({ lessons: [] });
    await enroll(course.id, student.auth);
    expect((await complete(course.id, student.auth)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown or malformed certificate id', async () => {
    for (const id of [randomUUID(), 'nope', '1', "'; select 1; --"]) {
      const reply = await call('GET', `/api/certificates/${encodeURIComponent(id)}`);
      expect(reply.statusCode, id).toBe(404);
      expect(reply.json()).toEqual({ success: false, error: 'Certificate not found' });
    }
  });
});

describe('course reviews', () => {
  it('lets only enrolled learners review (403 otherwise, the owner included)', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    const refused = await putReview(course.id, student.auth, { rating: 5, body: 'Great' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Only learners enrolled in this course can review it');
    const owner = await putReview(course.id, instructor.auth, { rating: 5 });
    expect(owner.statusCode).toBe(403);
    expect(owner.json().error).toBe('You cannot review your own course');
    expect((await putReview(course.id, admin.auth, { rating: 5 })).statusCode).toBe(403);
    expect(await countersOf(course.id)).toMatchObject({ ratingCount: 0, ratingSum: 0 });
  });

  it('refuses ratings outside 1 to 5 whole stars with 400', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    await enroll(course.id, student.auth);
    for (const rating of [0, 6, 2.5, -1, '4', null]) {
      const reply = await putReview(course.id, student.auth, { rating, body: 'x' });
      expect(reply.statusCode, String(rating)).toBe(400);
    }
    expect((await putReview(course.id, student.auth, { rating: 3, body: 'x'.repeat(2001) })).statusCode).toBe(400);
  });

  it('keeps one review per learner: writing again replaces it, and the counters follow', async () => {
    const first = await createUser(t.app, t.database.db, 'Student', { name: 'First Reviewer' });
    const second = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    await enroll(course.id, first.auth);
    await enroll(course.id, second.auth);

    const written = await putReview(course.id, first.auth, { rating: 4, body: '  Clear and useful  ' });
    expect(written.statusCode).toBe(200);
    expect(written.json()).toEqual({
      success: true,
      review: {
        id: expect.any(String),
        rating: 4,
        body: 'Clear and useful',
        author: { id: first.user.id, name: 'First Reviewer' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const edited = await putReview(course.id, first.auth, { rating: 2, body: 'Changed my mind' });
    expect(edited.json().review.id).toBe(written.json().review.id);
    await putReview(course.id, second.auth, { rating: 5 });
    expect(await countersOf(course.id)).toMatchObject({ ratingCount: 2, ratingSum: 7 });

    const list = await call('GET', `/api/courses/${course.slug}/reviews`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ success: true, total: 2, average: 3.5 });
    expect(list.json().reviews.map((review: { rating: number }) => review.rating)).toEqual([5, 2]);

    const removed = await call('DELETE', `/api/courses/${course.id}/reviews/mine`, second.auth);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Your review was removed' });
    expect(await countersOf(course.id)).toMatchObject({ ratingCount: 1, ratingSum: 2 });
    const none = await call('DELETE', `/api/courses/${course.id}/reviews/mine`, second.auth);
    expect(none.json().message).toBe('You have no review of this course');
    expect(await countersOf(course.id)).toMatchObject({ ratingCount: 1, ratingSum: 2 });
    const after = (await call('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(after).toMatchObject({ total: 1, average: 2 });
  });

  it('counts simultaneous first reviews of one learner once', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse();
    await enroll(course.id, student.auth);
    const replies = await Promise.all([1, 2, 3, 4].map((rating) => putReview(course.id, student.auth, { rating })));
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    const [stored] = await t.database.db.select().from(courseReviews).where(eq(courseReviews.courseId, course.id));
    expect(await countersOf(course.id)).toEqual(expect.objectContaining({ ratingCount: 1, ratingSum: stored!.rating }));
  });

  it('pages the reviews 10 at a time, latest first, publicly, with an average rounded to one decimal', async () => {
    const { course } = await createCourse();
    const learners = await Promise.all(Array.from({ length: 12 }, () => createUser(t.app, t.database.db)));
    for (const [index, learner] of learners.entries()) {
      await enroll(course.id, learner.auth);
      await putReview(course.id, learner.auth, { rating: index % 2 === 0 ? 5 : 4, body: `Review ${index}` });
    }
    const first = (await call('GET', `/api/courses/${course.id}/reviews`)).json();
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].body).toBe('Review 11');
    expect(first).toMatchObject({ total: 12, average: 4.5 });
    const second = (await call('GET', `/api/courses/${course.id}/reviews?page=2`)).json();
    expect(second.reviews.map((review: { body: string }) => review.body)).toEqual(['Review 1', 'Review 0']);
    expect((await call('GET', `/api/courses/${course.id}/reviews?page=0`)).statusCode).toBe(400);
    expect((await call('GET', `/api/courses/${course.id}/reviews?page=x`)).statusCode).toBe(400);
  });

  it("hides a draft's reviews from everyone but its owner and admins", async () => {
    const student = await createUser(t.app, t.database.db);
    const { course } = await createCourse({ status: 'draft' });
    expect((await call('GET', `/api/courses/${course.id}/reviews`)).statusCode).toBe(404);
    expect((await call('GET', `/api/courses/${course.id}/reviews`, student.auth)).statusCode).toBe(404);
    const owner = await call('GET', `/api/courses/${course.id}/reviews`, instructor.auth);
    expect(owner.json()).toEqual({ success: true, reviews: [], total: 0, average: null });
  });
});

describe('the dashboard activity feed', () => {
  it('lists the enrolment, the completion and its badge with links to the course and the certificate', async () => {
    const student = await createUser(t.app, t.database.db);
    const { course, lessons } = await createCourse({ title: 'Feed course', lessons: [{ kind: 'article' }] });
    await enroll(course.id, student.auth);
    await new Promise((resolve) => setTimeout(resolve, 15));
    await markLesson(course.id, lessons[0]!.id, student.auth, { completed: true });
    const certificateId = (await complete(course.id, student.auth)).json().certificateId;
    const feed = (await call('GET', '/api/dashboard/activity', student.auth)).json();
    expect(
      feed.activity.map((entry: { kind: string; title: string; href: string }) => [
        entry.kind,
        entry.title,
        entry.href,
      ]),
    ).toEqual([
      // Awarded in the completion's transaction, so at the same instant (issue 29).
      ['badge.earned', 'Earned the badge First course completed', '/dashboard#badges'],
      ['course.completed', 'Feed course', `/certificates/${certificateId}`],
      ['course.enrolled', 'Feed course', `/courses/${course.id}`],
    ]);
    await unenroll(course.id, student.auth);
    // A badge, once earned, stays.
    const after = (await call('GET', '/api/dashboard/activity', student.auth)).json();
    expect(after.activity.map((entry: { kind: string }) => entry.kind)).toEqual(['badge.earned']);
  });
});
