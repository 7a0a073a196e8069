import { todayIn } from '@learnbuild/domain/rules/streaks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, courseLessonProgress, dsaProgress, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createDsaProblems, createUser, TEST_PASSWORD } from '../../test/factories';
import { applyToTeach, completeJoinsLesson, pendingApplicationIdOf, solveProblem } from '../../test/learner-requests';
import { seedSubjects } from '../subjects/seed';
import { adminCharts } from './service';

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
    // Finished was completed without a certificate row (one is made by the completion route): no link.
    expect(mine.myCourses).toEqual([
      {
        id: finished.course.id,
        title: 'Finished course',
        progress: 100,
        href: `/courses/${finished.course.slug}`,
        completed: true,
        certificateHref: null,
      },
      {
        id: halfway.course.id,
        title: 'Halfway course',
        progress: 50,
        href: `/courses/${halfway.course.slug}`,
        completed: false,
        certificateHref: null,
      },
    ]);
    expect(mine.completionPercent).toBe(75);

    // The instructor's students: student and classmate, each counted once across three courses.
    expect((await summary(teacher.auth)).totalStudents).toBe(2);
    const admin = await createUser(t.app, db, 'Admin');
    expect((await summary(admin.auth)).totalStudents).toBe(0);
  });
});

describe('the admin charts on hand-made data', () => {
  it('counts verified sign-ups per week and solves per day over the last 12 weeks, ending today', async () => {
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
    // Wednesday 18 March 2026, 10:00 UTC: the weeks run from Monday 29 December 2025, the days from
    // Thursday 25 December 2025, both through today; Thursday 19 March has not come yet.
    const before = await person('before', '2025-12-28T23:59:59.999Z');
    const first = await person('first', '2025-12-29T00:00:00.000Z');
    await person('monday', '2026-03-16T00:00:00.000Z');
    await person('today', '2026-03-18T09:59:59.999Z');
    await person('tomorrow', '2026-03-19T00:00:00.000Z');
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
      row(first.id, problems[0]!.id, '2025-12-25T00:00:00.000Z'),
      row(first.id, problems[1]!.id, '2026-02-10T08:00:00.000Z'),
      row(before.id, problems[1]!.id, '2026-02-10T23:59:59.999Z'),
      row(before.id, problems[0]!.id, '2025-12-24T23:59:59.999Z'),
      row(first.id, problems[2]!.id, '2026-03-18T09:00:00.000Z'),
      // an undone solve keeps its time but no longer counts
      row(before.id, problems[2]!.id, '2026-03-01T10:00:00.000Z', false),
    ]);

    const charts = await adminCharts(db, 'UTC', new Date('2026-03-18T10:00:00Z'));
    expect(charts.signupsPerWeek).toHaveLength(12);
    expect(charts.signupsPerWeek[0]).toEqual({ weekStart: '2025-12-29', count: 1 });
    expect(charts.signupsPerWeek[11]).toEqual({ weekStart: '2026-03-16', count: 2 });
    expect(charts.signupsPerWeek.find((week) => week.weekStart === '2026-02-09')).toEqual({
      weekStart: '2026-02-09',
      count: 1,
    });
    expect(charts.signupsPerWeek.reduce((sum, week) => sum + week.count, 0)).toBe(4);

    expect(charts.dsaSolvesPerDay).toHaveLength(84);
    expect(charts.dsaSolvesPerDay[0]).toEqual({ date: '2025-12-25', count: 1 });
    expect(charts.dsaSolvesPerDay[83]).toEqual({ date: '2026-03-18', count: 1 });
    expect(charts.dsaSolvesPerDay.some((day) => day.date > '2026-03-18')).toBe(false);
    expect(charts.dsaSolvesPerDay.find((day) => day.date === '2026-02-10')).toEqual({ date: '2026-02-10', count: 2 });
    expect(charts.dsaSolvesPerDay.find((day) => day.date === '2026-03-01')).toEqual({ date: '2026-03-01', count: 0 });
    expect(charts.dsaSolvesPerDay.reduce((sum, day) => sum + day.count, 0)).toBe(4);

    // In Tokyo (UTC+9) it is already 19:00 that Wednesday: the 23:59 UTC solve of 10 February is the 11th there.
    const tokyo = await adminCharts(db, 'Asia/Tokyo', new Date('2026-03-18T10:00:00Z'));
    expect(tokyo.dsaSolvesPerDay.at(-1)!.date).toBe('2026-03-18');
    expect(tokyo.dsaSolvesPerDay.find((day) => day.date === '2026-02-11')).toEqual({ date: '2026-02-11', count: 1 });
    // In Honolulu (UTC-10) it is still Wednesday midnight: the chart ends on the 18th, not the UTC day.
    const honolulu = await adminCharts(db, 'Pacific/Honolulu', new Date('2026-03-19T09:00:00Z'));
    expect(honolulu.dsaSolvesPerDay.at(-1)!.date).toBe('2026-03-18');
    expect(honolulu.signupsPerWeek.at(-1)!.weekStart).toBe('2026-03-16');
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
    expect(reply.json().charts.dsaSolvesPerDay.at(-1).date).toBe(todayIn('UTC'));
  });

  it("ends on the admin's own today and refuses an unknown time zone with 400", async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin');
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/dashboard-charts${query}`, headers: admin.auth });
    const kiritimati = await get('?timeZone=Pacific/Kiritimati');
    expect(kiritimati.statusCode).toBe(200);
    expect(kiritimati.json().charts.dsaSolvesPerDay.at(-1).date).toBe(todayIn('Pacific/Kiritimati'));
    const bad = await get('?timeZone=Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      error: 'Time zone must be a valid IANA name such as Europe/Berlin',
    });
  });
});

describe('one count of learners for the Instructor Panel and the dashboard', () => {
  it('counts a learner of two of the instructor’s courses once in both, and never the instructor', async () => {
    const db = t.database.db;
    const teacher = await createUser(t.app, db, 'Instructor');
    const shared = await createUser(t.app, db, 'Student');
    const onlyFirst = await createUser(t.app, db, 'Student');
    const elsewhere = await createUser(t.app, db, 'Student');
    const first = await createCourseRows(db, teacher.user.id, { title: 'Shared one' });
    const second = await createCourseRows(db, teacher.user.id, { title: 'Shared two', status: 'archived' });
    const someoneElses = await createCourseRows(db, (await createUser(t.app, db, 'Instructor')).user.id);
    await db.insert(courseEnrollments).values([
      { courseId: first.course.id, userId: shared.user.id },
      { courseId: second.course.id, userId: shared.user.id },
      { courseId: first.course.id, userId: onlyFirst.user.id },
      { courseId: someoneElses.course.id, userId: elsewhere.user.id },
      // A row no route writes (an instructor cannot enrol in their own course), kept out of the count all the same.
      { courseId: second.course.id, userId: teacher.user.id },
    ]);

    const panel = await t.app.inject({ method: 'GET', url: '/api/instructor/courses', headers: teacher.auth });
    expect(panel.statusCode).toBe(200);
    expect(panel.json().totals.learners).toBe(2);
    const dashboard = await t.app.inject({ method: 'GET', url: '/api/dashboard/courses', headers: teacher.auth });
    expect(dashboard.json().courses.totalStudents).toBe(2);
  });
});

describe('GET /api/dashboard/resume (continue where you left off)', () => {
  const resume = async (auth: Record<string, string>) => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/dashboard/resume', headers: auth });
    expect(reply.statusCode).toBe(200);
    return reply.json();
  };

  it('needs a session, and answers nothing to continue to a new account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/resume' })).statusCode).toBe(401);
    const fresh = await createUser(t.app, t.database.db, 'Student');
    expect(await resume(fresh.auth)).toEqual({ success: true, resume: { lesson: null, problem: null } });
  });

  it('gives the latest of the course lesson opened and the subject lesson completed, and the last problem touched', async () => {
    const db = t.database.db;
    const teacher = await createUser(t.app, db, 'Instructor');
    const learner = await createUser(t.app, db, 'Student');
    const neighbour = await createUser(t.app, db, 'Student');
    const made = await createCourseRows(db, teacher.user.id, {
      title: 'Resume course',
      sections: [['article', 'article']],
    });
    const call = (auth: Record<string, string>, method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: auth, payload });

    expect((await call(learner.auth, 'POST', `/api/courses/${made.course.id}/enroll`, {})).statusCode).toBeLessThan(
      300,
    );
    await pause();
    expect((await completeJoinsLesson(t.app, learner.auth)).statusCode).toBe(200);
    await pause();
    const opened = await call(learner.auth, 'PUT', `/api/courses/${made.course.id}/resume`, {
      lessonId: made.lessons[1]!.id,
      positionSeconds: 0,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await solve(learner.auth, problems[1]!.id);
    await pause();
    const bookmarked = await t.app.inject({
      method: 'PUT',
      url: `/api/dsa/progress/${problems[2]!.id}`,
      headers: learner.auth,
      payload: { bookmarked: true },
    });
    expect(bookmarked.statusCode).toBe(200);
    // The neighbour's later moves never show.
    await solve(neighbour.auth, problems[0]!.id);

    const first = (await resume(learner.auth)).resume;
    expect(first.lesson).toMatchObject({
      kind: 'course',
      title: made.lessons[1]!.title,
      context: 'Resume course',
      href: `/courses/${made.course.slug}?lesson=${made.lessons[1]!.id}`,
    });
    expect(first.problem).toMatchObject({
      title: problems[2]!.title,
      difficulty: 'Easy',
      solved: false,
      href: `/dsa-sheet?q=${encodeURIComponent(problems[2]!.title)}`,
    });
    expect(Number.isNaN(Date.parse(first.lesson.at))).toBe(false);

    // A subject lesson completed after it takes its place.
    await pause();
    const later = await t.app.inject({
      method: 'PUT',
      url: '/api/subjects/dbms/topics/sql/subtopics/subqueries-views/progress',
      headers: learner.auth,
      payload: { completed: true },
    });
    expect(later.statusCode, later.body).toBe(200);
    expect((await resume(learner.auth)).resume.lesson).toMatchObject({
      kind: 'subject',
      context: 'DBMS',
      href: '/subject/dbms/topic/sql/subtopic/subqueries-views',
    });
  });
});

describe('My Courses: a completed course offers its certificate', () => {
  it('links the certificate of a course finished through the API', async () => {
    const db = t.database.db;
    const teacher = await createUser(t.app, db, 'Instructor');
    const learner = await createUser(t.app, db, 'Student');
    const made = await createCourseRows(db, teacher.user.id, { title: 'Done course', sections: [['article']] });
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: learner.auth, payload });
    await call('POST', `/api/courses/${made.course.id}/enroll`, {});
    await call('PUT', `/api/courses/${made.course.id}/lessons/${made.lessons[0]!.id}/progress`, { completed: true });
    const done = await call('POST', `/api/courses/${made.course.id}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/dashboard/courses', headers: learner.auth })).json();
    const course = mine.courses.myCourses[0];
    expect(course).toMatchObject({ title: 'Done course', progress: 100, completed: true });
    expect(course.certificateHref).toMatch(/^\/certificates\/[0-9a-f-]{36}$/);
  });
});
