import { DAY_MS } from '@learnbuild/domain/rules/course-insight';
import { type CourseInsight, courseInsightReplySchema } from '@learnbuild/domain/schemas/course-insight';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseCohortMembers,
  courseCohorts,
  courseEnrollments,
  courseInsightSnapshots,
  courseLessonProgress,
  courseLessons,
  courseNudges,
  courseQuestions,
  courseQuizAnswers,
  courseQuizAttempts,
  exerciseSubmissions,
  notifications,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';
import { computeInsight } from './service';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;
let student: User;
let admin: User;
let made: Awaited<ReturnType<typeof createCourseRows>>;
let exerciseLessonId: string;
let bankQuestionId: string;
const learners: Record<string, User> = {};
/** The moment the hand-made data is dated from. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

const db = () => t.database.db;

async function enrol(user: User, enrolledAt: Date, completedAt: Date | null = null) {
  await db().insert(courseEnrollments).values({
    courseId: made.course.id,
    userId: user.user.id,
    enrolledAt,
    updatedAt: enrolledAt,
    completedAt,
  });
}

/** Completes lessons for a learner at `at`, each started `minutes` before (null: never seen opening it). */
async function complete(user: User, lessonIndexes: number[], at: Date, minutes: (number | null)[] = []) {
  await db()
    .insert(courseLessonProgress)
    .values(
      lessonIndexes.map((index, i) => ({
        userId: user.user.id,
        courseId: made.course.id,
        lessonId: made.lessons[index]!.id,
        completedAt: at,
        startedAt: minutes[i] == null ? null : new Date(at.getTime() - minutes[i]! * MINUTE),
        updatedAt: at,
      })),
    );
}

/** One submitted attempt per entry, each answering `key` with `choice` (right when it equals `answer`). */
async function answers(key: string, answer: number, choices: number[]) {
  const quizLesson = made.lessons[2]!;
  const learnerIds = Object.values(learners).map((user) => user.user.id);
  for (const [index, choice] of choices.entries()) {
    const [attempt] = await db()
      .insert(courseQuizAttempts)
      .values({
        userId: learnerIds[index % learnerIds.length]!,
        lessonId: quizLesson.id,
        courseId: made.course.id,
        seed: index,
        questions: [],
        total: 1,
        correct: choice === answer ? 1 : 0,
        startedAt: ago(30 * DAY_MS),
        submittedAt: ago(30 * DAY_MS),
      })
      .returning({ id: courseQuizAttempts.id });
    await db()
      .insert(courseQuizAnswers)
      .values({
        attemptId: attempt!.id,
        courseId: made.course.id,
        lessonId: quizLesson.id,
        questionKey: key,
        correct: choice === answer,
        choice,
      });
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, db(), 'Instructor', { name: 'Olga Owner' });
  other = await createUser(t.app, db(), 'Instructor');
  student = await createUser(t.app, db(), 'Student');
  admin = await createUser(t.app, db(), 'Admin');
  // Lessons in course order: 1.1 article, 1.2 article, 2.1 quiz (q1: yes/no, right 0; q2: a/b/c, right 1), 2.2 exercise.
  made = await createCourseRows(db(), owner.user.id, { title: 'Insight course' });
  const [exercise] = await db()
    .insert(courseLessons)
    .values({
      courseId: made.course.id,
      sectionId: made.sections[1]!.id,
      title: 'Lesson 2.2',
      kind: 'exercise',
      position: 1,
    })
    .returning();
  exerciseLessonId = exercise!.id;
  made.lessons.push(exercise!);
  await db().update(courseLessons).set({ dueAfterDays: 2 }).where(eq(courseLessons.id, made.lessons[0]!.id));
  await db().update(courseLessons).set({ dueAfterDays: 5 }).where(eq(courseLessons.id, made.lessons[1]!.id));
  // Due on the cohort's 10th day, today (UTC, the learners' zone): overdue from the next midnight on.
  await db().update(courseLessons).set({ dueAfterDays: 10 }).where(eq(courseLessons.id, made.lessons[2]!.id));
  const [cohort] = await db()
    .insert(courseCohorts)
    .values({ courseId: made.course.id, title: 'Autumn cohort', startsAt: ago(10 * DAY_MS), endsAt: ago(-30 * DAY_MS) })
    .returning();

  for (const name of ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn']) {
    learners[name] = await createUser(t.app, db(), 'Student', { name: `${name} Learner` });
  }
  const { Ana, Ben, Cleo, Dan, Eve, Finn } = learners as Record<string, User>;
  // Ana (cohort): both due lessons done, idle exactly 7 days: on schedule, so not stalled.
  await enrol(Ana!, ago(10 * DAY_MS));
  await complete(Ana!, [0], ago(8 * DAY_MS), [10]);
  await complete(Ana!, [1], ago(7 * DAY_MS), [4]);
  // Ben (cohort): lesson 1.2 overdue, idle exactly 7 days: stalled (the boundary counts).
  await enrol(Ben!, ago(10 * DAY_MS));
  await complete(Ben!, [0], ago(7 * DAY_MS), [20]);
  // Cleo (cohort): lesson 1.2 overdue, idle a minute less than 7 days: not stalled yet.
  await enrol(Cleo!, ago(10 * DAY_MS));
  await complete(Cleo!, [0], ago(7 * DAY_MS - MINUTE), [30]);
  // Dan (no cohort, so no schedule): enrolled 20 days ago, nothing since: stalled on inactivity alone.
  await enrol(Dan!, ago(20 * DAY_MS));
  // Eve: completed the course long ago.
  await enrol(Eve!, ago(40 * DAY_MS), ago(35 * DAY_MS));
  await complete(Eve!, [0, 1, 2, 3], ago(35 * DAY_MS));
  // Finn (no cohort): active yesterday.
  await enrol(Finn!, ago(3 * DAY_MS));
  await complete(Finn!, [0], ago(DAY_MS), [50]);
  await db()
    .insert(courseCohortMembers)
    .values(
      [Ana!, Ben!, Cleo!].map((user) => ({ cohortId: cohort!.id, courseId: made.course.id, userId: user.user.id })),
    );

  // Quiz answers: q1 19 right of 20 (one "no"); q2 3 right of 10, "a" chosen 4 times, "c" 3 times.
  await answers('q1', 0, [...new Array(19).fill(0), 1]);
  await answers('q2', 1, [1, 1, 1, 0, 0, 0, 0, 2, 2, 2]);
  const [bank] = await db()
    .insert(courseQuestions)
    .values({
      courseId: made.course.id,
      kind: 'single',
      prompt: 'Which is prime?',
      options: ['4', '6', '7'],
      answer: { option: 2 },
    })
    .returning();
  bankQuestionId = bank!.id;
  await answers(bankQuestionId, 2, [0, 0, 0, 0, 0]);

  // Exercise: Eve WA then Accepted; Ana WA then TLE; Ben a compilation error.
  const submission = (user: User, verdict: string) => ({
    userId: user.user.id,
    lessonId: exerciseLessonId,
    courseId: made.course.id,
    language: 'python',
    code: 'pass',
    verdict,
    createdAt: ago(30 * DAY_MS),
  });
  await db()
    .insert(exerciseSubmissions)
    .values([
      submission(Eve!, 'Wrong Answer'),
      submission(Eve!, 'Accepted'),
      submission(Ana!, 'Wrong Answer'),
      submission(Ana!, 'Time Limit Exceeded'),
      submission(Ben!, 'Compilation Error'),
    ]);
});
afterAll(async () => {
  await t?.close();
});

const url = () => `/api/courses/${made.course.id}/insight`;
const as = (who: User | null) => (who ? who.auth : {});

describe('the insight numbers on hand-made data', () => {
  let insight: CourseInsight;
  beforeAll(async () => {
    insight = await computeInsight(db(), made.course, NOW);
  });

  it('counts learners, completions and where learners stop, lesson by lesson in course order', () => {
    expect(insight).toMatchObject({ learners: 6, completedLearners: 1, notStarted: 1, computedAt: NOW.toISOString() });
    expect(
      insight.lessons.map(({ title, position, completed, stoppedHere }) => ({
        title,
        position,
        completed,
        stoppedHere,
      })),
    ).toEqual([
      { title: 'Lesson 1.1', position: 1, completed: 5, stoppedHere: 3 },
      { title: 'Lesson 1.2', position: 2, completed: 2, stoppedHere: 1 },
      { title: 'Lesson 2.1', position: 3, completed: 1, stoppedHere: 0 },
      { title: 'Lesson 2.2', position: 4, completed: 1, stoppedHere: 0 },
    ]);
  });

  it('takes the median minutes from first opening to completion', () => {
    expect(insight.lessons.map((lesson) => [lesson.medianMinutes, lesson.timedCompletions])).toEqual([
      [25, 4], // 10, 20, 30, 50 minutes
      [4, 1],
      [null, 0],
      [null, 0],
    ]);
  });

  it('analyses each question: share correct, the distractor chosen most, and the flags', () => {
    expect(insight.quizAttempts).toBe(35);
    expect(insight.questions).toEqual([
      {
        lessonId: made.lessons[2]!.id,
        lessonTitle: 'Lesson 2.1',
        questionKey: 'q1',
        prompt: 'First?',
        answers: 20,
        correctShare: 0.95,
        topDistractor: { choice: 1, label: 'no', share: 0.05 },
        flag: 'everyone_right',
      },
      {
        lessonId: made.lessons[2]!.id,
        lessonTitle: 'Lesson 2.1',
        questionKey: 'q2',
        prompt: 'Second?',
        answers: 10,
        correctShare: 0.3,
        topDistractor: { choice: 0, label: 'a', share: 0.4 },
        flag: null,
      },
      {
        lessonId: made.lessons[2]!.id,
        lessonTitle: 'Lesson 2.1',
        questionKey: bankQuestionId,
        prompt: 'Which is prime?',
        answers: 5,
        correctShare: 0,
        topDistractor: { choice: 0, label: '4', share: 1 },
        flag: 'everyone_wrong',
      },
    ]);
  });

  it('gives each exercise its pass rate and most common verdicts', () => {
    expect(insight.exercises).toEqual([
      {
        lessonId: exerciseLessonId,
        title: 'Lesson 2.2',
        submissions: 5,
        learners: 3,
        passedLearners: 1,
        passRate: 0.333,
        verdicts: [
          { verdict: 'Wrong Answer', count: 2, share: 0.4 },
          { verdict: 'Accepted', count: 1, share: 0.2 },
          { verdict: 'Compilation Error', count: 1, share: 0.2 },
        ],
      },
    ]);
  });

  it('lists stalled learners: behind the cohort schedule for 7 days exactly, or idle with no schedule', () => {
    expect(insight.stalledAfterDays).toBe(7);
    expect(insight.stalledTotal).toBe(2);
    expect(insight.stalled).toEqual([
      {
        id: learners.Dan!.user.id,
        name: 'Dan Learner',
        lastActivityAt: ago(20 * DAY_MS).toISOString(),
        daysInactive: 20,
        completedLessons: 0,
        overdueLessons: null,
        cohortTitle: null,
      },
      {
        id: learners.Ben!.user.id,
        name: 'Ben Learner',
        lastActivityAt: ago(7 * DAY_MS).toISOString(),
        daysInactive: 7,
        completedLessons: 1,
        overdueLessons: 1,
        cohortTitle: 'Autumn cohort',
      },
    ]);
  });

  it('lists Cleo a minute later, once her 7 days are up', async () => {
    const later = await computeInsight(db(), made.course, new Date(NOW.getTime() + MINUTE));
    expect(later.stalled.map((learner) => learner.name)).toEqual(['Dan Learner', 'Ben Learner', 'Cleo Learner']);
  });

  it("counts a lesson overdue from the end of its due day, by the cohorts' rule", async () => {
    const midnight = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate() + 1));
    // Cleo left out: whether her 7 days are up by midnight depends on the hour the test runs.
    const overdue = (insight: CourseInsight) =>
      insight.stalled
        .filter((learner) => learner.name !== 'Cleo Learner')
        .map((learner) => [learner.name, learner.overdueLessons]);
    expect(overdue(await computeInsight(db(), made.course, new Date(midnight.getTime() - 1)))).toEqual([
      ['Dan Learner', null],
      ['Ben Learner', 1],
    ]);
    // At midnight the quiz is overdue too: Ana, idle for a week but on schedule until now, is behind.
    expect(overdue(await computeInsight(db(), made.course, midnight))).toEqual([
      ['Dan Learner', null],
      ['Ana Learner', 1],
      ['Ben Learner', 2],
    ]);
  });

  it('answers an empty course with zeros and empty lists', async () => {
    const empty = await createCourseRows(db(), owner.user.id, { sections: [['article']] });
    const reply = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${empty.course.id}/insight`,
      headers: as(owner),
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().insight).toMatchObject({
      learners: 0,
      completedLearners: 0,
      notStarted: 0,
      quizAttempts: 0,
      questions: [],
      exercises: [],
      stalledTotal: 0,
      stalled: [],
      lessons: [{ title: 'Lesson 1.1', completed: 0, stoppedHere: 0, medianMinutes: null, timedCompletions: 0 }],
    });
  });
});

describe('who may read the insight', () => {
  it.each([
    ['anonymous', (): User | null => null, 401, 'Please log in to continue'],
    ['a student', (): User | null => student, 403, 'You do not have permission to do that'],
    ['another instructor', (): User | null => other, 403, 'Only the course instructor or an admin can see its insight'],
  ] as const)('refuses %s', async (_name, who, status, error) => {
    for (const request of [
      { method: 'GET' as const, url: url() },
      { method: 'POST' as const, url: `${url()}/refresh` },
      {
        method: 'POST' as const,
        url: `/api/courses/${made.course.id}/learners/${learners.Dan!.user.id}/nudge`,
        payload: { message: 'Hello' },
      },
    ]) {
      const reply = await t.app.inject({ ...request, headers: as(who()) });
      expect(reply.statusCode, `${request.method} ${request.url}`).toBe(status);
      expect(reply.json()).toEqual({ success: false, error });
    }
    expect(await db().select().from(courseNudges).where(eq(courseNudges.courseId, made.course.id))).toEqual([]);
  });

  it('answers the owner and an admin from the stored snapshot, saying when it was computed', async () => {
    const first = await t.app.inject({ method: 'GET', url: url(), headers: as(owner) });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // The stored text is sent as it is: it still reads as the published contract.
    expect(courseInsightReplySchema.parse(body)).toEqual(body);
    expect(body.lastNudges).toEqual({});
    expect(body.insight).toMatchObject({ courseTitle: 'Insight course', learners: 6, stalledTotal: 2 });
    const computedAt = Date.parse(body.insight.computedAt);
    expect(Date.parse(body.refreshableAt) - computedAt).toBe(60_000);
    const [stored] = await db()
      .select()
      .from(courseInsightSnapshots)
      .where(eq(courseInsightSnapshots.courseId, made.course.id));
    expect(stored!.computedAt.getTime()).toBe(computedAt);
    const byAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${made.course.slug}/insight`,
      headers: as(admin),
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().insight.computedAt).toBe(body.insight.computedAt);
  });

  it('answers 404 for an unknown course', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/courses/no-such-course/insight', headers: as(admin) });
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ success: false, error: 'Course not found' });
  });
});

describe('refreshing the snapshot', () => {
  it('refuses a refresh within a minute with 429, then recomputes once the minute is over', async () => {
    await t.app.inject({ method: 'GET', url: url(), headers: as(owner) });
    const early = await t.app.inject({ method: 'POST', url: `${url()}/refresh`, headers: as(owner) });
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toMatch(
      /^This insight was computed less than 60 seconds ago: refresh again in \d+ seconds$/,
    );
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);

    const past = new Date(Date.now() - 2 * MINUTE);
    await db()
      .update(courseInsightSnapshots)
      .set({ computedAt: past })
      .where(eq(courseInsightSnapshots.courseId, made.course.id));
    const late = await t.app.inject({ method: 'POST', url: `${url()}/refresh`, headers: as(admin) });
    expect(late.statusCode).toBe(200);
    expect(Date.parse(late.json().insight.computedAt)).toBeGreaterThan(past.getTime());
  });

  it('is refreshed by the scheduled job after new activity, and left alone without any', async () => {
    await t.app.jobs.runNow('courses.insight-refresh', new Date());
    expect(await t.app.jobs.runNow('courses.insight-refresh', new Date())).toMatchObject({
      ok: true,
      detail: '0 course insights refreshed',
    });
    const before = (await t.app.inject({ method: 'GET', url: url(), headers: as(owner) })).json().insight;
    expect(before.learners).toBe(6);

    const newcomer = await createUser(t.app, db(), 'Student', { name: 'Gil Newcomer' });
    await t.app.inject({ method: 'POST', url: `/api/courses/${made.course.id}/enroll`, headers: newcomer.auth });
    const run = await t.app.jobs.runNow('courses.insight-refresh', new Date());
    expect(run).toMatchObject({ ok: true, detail: '1 course insight refreshed' });
    const after = (await t.app.inject({ method: 'GET', url: url(), headers: as(owner) })).json().insight;
    expect(after.learners).toBe(7);
    expect(after.notStarted).toBe(2);
    expect(Date.parse(after.computedAt)).toBeGreaterThan(Date.parse(before.computedAt));
    expect(await t.app.jobs.runNow('courses.insight-refresh', new Date())).toMatchObject({
      detail: '0 course insights refreshed',
    });
    // A day later every snapshot is recomputed: learners become stalled with time alone.
    expect((await t.app.jobs.runNow('courses.insight-refresh', new Date(Date.now() + DAY_MS + MINUTE))).detail).toMatch(
      /^[1-9]\d* course insights? refreshed$/,
    );
  });
});

describe('nudging a stalled learner', () => {
  const nudge = (who: User | null, learnerId: string, message: unknown = 'Come back to the course!') =>
    t.app.inject({
      method: 'POST',
      url: `/api/courses/${made.course.id}/learners/${learnerId}/nudge`,
      headers: as(who),
      payload: { message },
    });

  it('sends the message as a notification, logs it, and refuses a second nudge within 24 hours', async () => {
    const ben = learners.Ben!.user.id;
    const reply = await nudge(owner, ben, '  Ben, lesson 1.2 is waiting for you.  ');
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toMatchObject({
      success: true,
      message: 'Nudge sent',
      delivered: true,
      nudge: { learnerId: ben },
    });
    const logged = await db().select().from(courseNudges).where(eq(courseNudges.learnerId, ben));
    expect(logged).toMatchObject([
      { courseId: made.course.id, senderId: owner.user.id, message: 'Ben, lesson 1.2 is waiting for you.' },
    ]);
    const sent = await db()
      .select({ kind: notifications.kind, title: notifications.title, url: notifications.url })
      .from(notifications)
      .where(eq(notifications.userId, ben));
    expect(sent).toEqual([
      {
        kind: 'course_update',
        title: 'Ben, lesson 1.2 is waiting for you.',
        url: `/courses/${made.course.slug}?resume=1`,
      },
    ]);

    const again = await nudge(admin, ben);
    expect(again.statusCode).toBe(429);
    expect(again.json().error).toMatch(
      /^This learner was nudged in this course in the last 24 hours: nudge them again after \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
    );
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(23 * 60 * 60);
    expect(await db().select().from(courseNudges).where(eq(courseNudges.learnerId, ben))).toHaveLength(1);

    // The insight shows the nudge at once, without waiting for a new snapshot.
    const read = (await t.app.inject({ method: 'GET', url: url(), headers: as(owner) })).json();
    expect(read.insight.stalled.map((learner: { id: string }) => learner.id)).toContain(ben);
    expect(read.lastNudges).toEqual({ [ben]: logged[0]!.createdAt.toISOString() });
  });

  it('caps a sender at 50 nudges in 24 hours; older ones do not count', async () => {
    await db().delete(courseNudges).where(eq(courseNudges.senderId, admin.user.id));
    const eve = learners.Eve!.user.id;
    // 49 sent in the last day (to Eve, so no other learner's 24-hour rule is touched) and 10 more two days ago.
    await db()
      .insert(courseNudges)
      .values([
        ...new Array(49).fill(0).map(() => ({
          courseId: made.course.id,
          learnerId: eve,
          senderId: admin.user.id,
          message: 'Earlier',
          createdAt: ago(MINUTE),
        })),
        ...new Array(10).fill(0).map(() => ({
          courseId: made.course.id,
          learnerId: eve,
          senderId: admin.user.id,
          message: 'Old',
          createdAt: ago(2 * DAY_MS),
        })),
      ]);
    const fiftieth = await nudge(admin, learners.Dan!.user.id);
    expect(fiftieth.statusCode).toBe(200);
    const fiftyFirst = await nudge(admin, learners.Cleo!.user.id);
    expect(fiftyFirst.statusCode).toBe(429);
    expect(fiftyFirst.json().error).toMatch(
      /^You have sent 50 nudges in the last 24 hours, the most allowed: send more after \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/,
    );
    expect(
      await db()
        .select()
        .from(courseNudges)
        .where(and(eq(courseNudges.learnerId, learners.Cleo!.user.id), eq(courseNudges.courseId, made.course.id))),
    ).toEqual([]);
    // Another sender is not held by the admin's cap.
    expect((await nudge(owner, learners.Cleo!.user.id)).statusCode).toBe(200);
  });

  it('refuses bad input and learners not in the course', async () => {
    const empty = await nudge(owner, learners.Finn!.user.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Write a message to send');
    const long = await nudge(owner, learners.Finn!.user.id, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toContain('Message must be at most 500 characters');
    const notText = await nudge(owner, learners.Finn!.user.id, 42);
    expect(notText.statusCode).toBe(400);
    const badId = await nudge(owner, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
    const stranger = await nudge(owner, student.user.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ success: false, error: 'This learner is not enrolled in this course' });
    expect(await db().select().from(courseNudges).where(eq(courseNudges.learnerId, learners.Finn!.user.id))).toEqual(
      [],
    );
  });
});

describe('when a learner first opens a lesson', () => {
  it('records the start on the lesson read and on the resume point, and never moves it', async () => {
    const course = await createCourseRows(db(), owner.user.id, { sections: [['article', 'article']] });
    const [first, second] = course.lessons;
    const learner = await createUser(t.app, db(), 'Student');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/courses/${course.course.id}/enroll`, headers: learner.auth }))
        .statusCode,
    ).toBe(200);
    const startOf = async (lessonId: string) =>
      (
        await db()
          .select({ startedAt: courseLessonProgress.startedAt })
          .from(courseLessonProgress)
          .where(and(eq(courseLessonProgress.userId, learner.user.id), eq(courseLessonProgress.lessonId, lessonId)))
      )[0]?.startedAt;

    const read = (who: User) =>
      t.app.inject({ method: 'GET', url: `/api/courses/${course.course.id}/lessons/${first!.id}`, headers: who.auth });
    expect((await read(learner)).statusCode).toBe(200);
    const started = await startOf(first!.id);
    expect(started).toBeInstanceOf(Date);
    const earlier = ago(3 * DAY_MS);
    await db()
      .update(courseLessonProgress)
      .set({ startedAt: earlier })
      .where(and(eq(courseLessonProgress.userId, learner.user.id), eq(courseLessonProgress.lessonId, first!.id)));
    expect((await read(learner)).statusCode).toBe(200);
    expect(await startOf(first!.id)).toEqual(earlier);
    // A later read neither writes the row nor locks it: its xmax (set by an update or a row lock) stays 0.
    const xmax = await db().execute<{ xmax: string }>(
      sql`select xmax::text as xmax from course_lesson_progress where user_id = ${learner.user.id} and lesson_id = ${first!.id}`,
    );
    expect(xmax.rows).toEqual([{ xmax: '0' }]);

    const resume = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.course.id}/resume`,
      headers: learner.auth,
      payload: { lessonId: second!.id, positionSeconds: 0 },
    });
    expect(resume.statusCode).toBe(200);
    expect(await startOf(second!.id)).toBeInstanceOf(Date);

    // The owner previewing a lesson starts nothing.
    expect((await read(owner)).statusCode).toBe(200);
    expect(
      await db()
        .select()
        .from(courseLessonProgress)
        .where(
          and(eq(courseLessonProgress.userId, owner.user.id), eq(courseLessonProgress.courseId, course.course.id)),
        ),
    ).toEqual([]);
  });
});
