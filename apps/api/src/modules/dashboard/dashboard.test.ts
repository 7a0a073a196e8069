import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, courseLessonProgress, dsaProgress, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createDsaProblems, createUser, TEST_PASSWORD } from '../../test/factories';
import { applyToTeach, completeJoinsLesson, pendingApplicationIdOf, solveProblem } from '../../test/learner-requests';
import { seedSubjects } from '../subjects/seed';
import { adminCharts, weekStartUtc } from './service';

let t: TestApp;
let problems: { id: string; title: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  await seedSubjects(t.database.db);
  problems = await createDsaProblems(t.database.db, 'Dashboard', ['alpha', 'beta', 'gamma']);
});
afterAll(async () => {
  await t.close();
});

const solve = (auth: Record<string, string>, problemId: string, solved = true) =>
  solveProblem(t.app, auth, problemId, solved);

const feed = (auth: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/dashboard/activity${query}`, headers: auth });

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

describe('GET /api/dashboard/activity (DESIGN decision 3)', () => {
  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/activity' })).statusCode).toBe(401);
  });

  it('gives a new account an empty list', async () => {
    const fresh = await createUser(t.app, t.database.db, 'Student');
    const reply = await feed(fresh.auth);
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ success: true, activity: [], total: 0, page: 1, pageSize: 20 });
  });

  it("lists the user's own solves, lessons and application, newest first, and nobody else's", async () => {
    const learner = await createUser(t.app, t.database.db, 'Student');
    const neighbour = await createUser(t.app, t.database.db, 'Student');
    const admin = await createUser(t.app, t.database.db, 'Admin');

    expect((await solve(learner.auth, problems[0]!.id)).statusCode).toBe(200);
    await pause();
    expect((await completeJoinsLesson(t.app, learner.auth)).statusCode).toBe(200);
    await pause();
    expect((await applyToTeach(t.app, learner.auth)).statusCode).toBe(200);
    await pause();
    const applicationId = await pendingApplicationIdOf(t.app, admin.auth, learner.user.id);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/instructor-applications/${applicationId}/reject`,
      headers: admin.auth,
      payload: { reason: 'Not yet', resubmissionAllowed: true },
    });
    expect(rejected.statusCode).toBe(200);
    // The neighbour's actions must never show in the learner's feed.
    await solve(neighbour.auth, problems[1]!.id);
    await solve(neighbour.auth, problems[2]!.id);

    const reply = await feed(learner.auth);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.total).toBe(4);
    expect(body.activity.map((entry: { kind: string; title: string }) => [entry.kind, entry.title])).toEqual([
      ['application.rejected', 'Instructor application not approved'],
      ['application.submitted', 'Applied to become an instructor'],
      ['subtopic.completed', 'Joins'],
      ['dsa.solved', 'Dashboard alpha'],
    ]);
    expect(body.activity[2]).toMatchObject({ detail: 'DBMS', href: '/subject/dbms/topic/sql/subtopic/joins' });
    expect(body.activity[3]).toMatchObject({ detail: 'Easy', href: '/dsa-sheet' });
    expect(JSON.stringify(body)).not.toContain('Dashboard beta');
    expect(JSON.stringify(body)).not.toContain('Not yet');

    const neighbourFeed = (await feed(neighbour.auth)).json();
    expect(neighbourFeed.activity.map((entry: { title: string }) => entry.title)).toEqual([
      'Dashboard gamma',
      'Dashboard beta',
    ]);

    // Paged: the second page of two holds the two oldest.
    const second = (await feed(learner.auth, '?page=2&pageSize=2')).json();
    expect(second.activity.map((entry: { kind: string }) => entry.kind)).toEqual(['subtopic.completed', 'dsa.solved']);
    expect(second.total).toBe(4);

    // An undone solve leaves the feed.
    await solve(learner.auth, problems[0]!.id, false);
    expect((await feed(learner.auth)).json().total).toBe(3);
  });

  it('refuses a page size over 50', async () => {
    const user = await createUser(t.app, t.database.db, 'Student');
    expect((await feed(user.auth, '?pageSize=51')).statusCode).toBe(400);
  });
});

describe('the last login date', () => {
  it('is stored at each login', async () => {
    const user = await createUser(t.app, t.database.db, 'Student');
    const first = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.auth })).json().user;
    expect(Date.now() - Date.parse(first.lastLoginAt)).toBeLessThan(10_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(Date.parse(again.json().user.lastLoginAt)).toBeGreaterThan(Date.parse(first.lastLoginAt));
  });
});

describe('GET /api/dashboard/courses', () => {
  const summary = async (auth: Record<string, string>) => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/dashboard/courses', headers: auth });
    expect(reply.statusCode).toBe(200);
    return reply.json().courses;
  };

  it('answers zeros and an empty list to a new learner; 401 without a session', async () => {
    const student = await createUser(t.app, t.database.db, 'Student');
    expect(await summary(student.auth)).toEqual({
      totalCourses: expect.any(Number),
      enrolledCourses: 0,
      totalStudents: 0,
      completionPercent: 0,
      myCourses: [],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/courses' })).statusCode).toBe(401);
  });

  it("counts published courses, enrolments, progress and an instructor's distinct students from course rows", async () => {
    const db = t.database.db;
    const teacher = await createUser(t.app, db, 'Instructor');
    const student = await createUser(t.app, db, 'Student');
    const classmate = await createUser(t.app, db, 'Student');
    const before = (await summary(student.auth)).totalCourses as number;

    const halfway = await createCourseRows(db, teacher.user.id, {
      title: 'Halfway course',
      sections: [['article', 'article', 'article', 'quiz']],
    });
    const finished = await createCourseRows(db, teacher.user.id, { title: 'Finished course' });
    const hidden = await createCourseRows(db, teacher.user.id, { title: 'Back to draft', status: 'draft' });
    await createCourseRows(db, teacher.user.id, { title: 'Archived course', status: 'archived' });
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await db.insert(courseEnrollments).values([
      { courseId: halfway.course.id, userId: student.user.id, enrolledAt: at(30) },
      { courseId: finished.course.id, userId: student.user.id, enrolledAt: at(20), completedAt: at(5) },
      { courseId: hidden.course.id, userId: student.user.id, enrolledAt: at(10) },
      { courseId: halfway.course.id, userId: classmate.user.id, enrolledAt: at(10) },
      { courseId: finished.course.id, userId: classmate.user.id, enrolledAt: at(10) },
    ]);
    await db.insert(courseLessonProgress).values(
      [...halfway.lessons.slice(0, 2), finished.lessons[0]!].map((lesson) => ({
        userId: student.user.id,
        courseId: lesson.courseId,
        lessonId: lesson.id,
        completedAt: at(1),
      })),
    );

    const mine = await summary(student.auth);
    // Halfway and Finished are published; the draft and the archived course are not counted.
    expect(mine.totalCourses).toBe(before + 2);
    expect(mine).toMatchObject({ enrolledCourses: 2, totalStudents: 0 });
    // Finished counts 100 (completed), Halfway 2 of 4 lessons: (100 + 50) / 2.
    expect(mine.myCourses).toEqual([
      { id: finished.course.id, title: 'Finished course', progress: 100, href: `/courses/${finished.course.slug}` },
      { id: halfway.course.id, title: 'Halfway course', progress: 50, href: `/courses/${halfway.course.slug}` },
    ]);
    expect(mine.completionPercent).toBe(75);

    // The instructor's students: student and classmate, each counted once across three courses.
    expect((await summary(teacher.auth)).totalStudents).toBe(2);
    const admin = await createUser(t.app, db, 'Admin');
    expect((await summary(admin.auth)).totalStudents).toBe(0);
  });
});

describe('the admin charts on hand-made data', () => {
  it('starts weeks on Monday, UTC', () => {
    expect(weekStartUtc(new Date('2026-03-18T10:00:00Z')).toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-03-16T00:00:00Z')).toISOString()).toBe('2026-03-16T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-03-15T23:59:59Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
  });

  it('counts verified sign-ups per week and solves per day over the last 12 weeks', async () => {
    const db = t.database.db;
    const person = async (key: string, createdAt: string, verified = true) => {
      const [row] = await db
        .insert(users)
        .values({
          name: `Chart ${key}`,
          email: `${key}@charts.test`,
          createdAt: new Date(createdAt),
          emailVerifiedAt: verified ? new Date(createdAt) : null,
        })
        .returning();
      return row!;
    };
    // Wednesday 18 March 2026: the window is Monday 29 December 2025 to Sunday 22 March 2026.
    const before = await person('before', '2025-12-28T23:59:59.999Z');
    const first = await person('first', '2025-12-29T00:00:00.000Z');
    await person('monday', '2026-03-16T00:00:00.000Z');
    await person('sunday', '2026-03-22T23:59:59.999Z');
    await person('after', '2026-03-23T00:00:00.000Z');
    await person('unverified', '2026-03-17T00:00:00.000Z', false);
    await person('february', '2026-02-11T12:00:00.000Z');

    const row = (userId: string, problemId: string, solvedAt: string, solved = true) => ({
      userId,
      problemId,
      solved,
      solvedAt: new Date(solvedAt),
      solvedOn: solvedAt.slice(0, 10),
    });
    await db.insert(dsaProgress).values([
      row(first.id, problems[0]!.id, '2025-12-29T00:00:00.000Z'),
      row(first.id, problems[1]!.id, '2026-02-10T08:00:00.000Z'),
      row(before.id, problems[1]!.id, '2026-02-10T23:59:59.999Z'),
      row(before.id, problems[0]!.id, '2025-12-28T23:59:59.999Z'),
      row(first.id, problems[2]!.id, '2026-03-22T23:59:59.999Z'),
      // an undone solve keeps its time but no longer counts
      row(before.id, problems[2]!.id, '2026-03-01T10:00:00.000Z', false),
    ]);

    const charts = await adminCharts(db, new Date('2026-03-18T10:00:00Z'));
    expect(charts.signupsPerWeek).toHaveLength(12);
    expect(charts.signupsPerWeek[0]).toEqual({ weekStart: '2025-12-29', count: 1 });
    expect(charts.signupsPerWeek[11]).toEqual({ weekStart: '2026-03-16', count: 2 });
    expect(charts.signupsPerWeek.find((week) => week.weekStart === '2026-02-09')).toEqual({
      weekStart: '2026-02-09',
      count: 1,
    });
    expect(charts.signupsPerWeek.reduce((sum, week) => sum + week.count, 0)).toBe(4);

    expect(charts.dsaSolvesPerDay).toHaveLength(84);
    expect(charts.dsaSolvesPerDay[0]).toEqual({ date: '2025-12-29', count: 1 });
    expect(charts.dsaSolvesPerDay[83]).toEqual({ date: '2026-03-22', count: 1 });
    expect(charts.dsaSolvesPerDay.find((day) => day.date === '2026-02-10')).toEqual({ date: '2026-02-10', count: 2 });
    expect(charts.dsaSolvesPerDay.find((day) => day.date === '2026-03-01')).toEqual({ date: '2026-03-01', count: 0 });
    expect(charts.dsaSolvesPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(4);
  });

  it('GET /api/admin/dashboard-charts is for admins only', async () => {
    const student = await createUser(t.app, t.database.db, 'Student');
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const url = '/api/admin/dashboard-charts';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: student.auth })).statusCode).toBe(403);
    const reply = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().charts.signupsPerWeek).toHaveLength(12);
    expect(reply.json().charts.dsaSolvesPerDay).toHaveLength(84);
  });
});
