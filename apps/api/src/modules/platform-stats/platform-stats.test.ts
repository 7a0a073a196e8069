import type { Role } from '@learnbuild/domain/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, courses, dsaProgress, instructorApplications, users } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createDsaProblems, createUser } from '../../test/factories';
import { recountLearners } from '../courses/queries';
import { adminDashboardStats, averagePerCourse, growthRate, monthBoundsUtc, percentOf, roundToTenth } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the arithmetic (docs/decisions.md "Instructor applications and admin")', () => {
  it('splits time into UTC calendar months, across a year boundary too', () => {
    expect(monthBoundsUtc(new Date('2026-03-15T12:00:00Z'))).toEqual({
      lastMonthStart: new Date('2026-02-01T00:00:00.000Z'),
      thisMonthStart: new Date('2026-03-01T00:00:00.000Z'),
      nextMonthStart: new Date('2026-04-01T00:00:00.000Z'),
    });
    expect(monthBoundsUtc(new Date('2026-01-01T00:00:00.000Z'))).toEqual({
      lastMonthStart: new Date('2025-12-01T00:00:00.000Z'),
      thisMonthStart: new Date('2026-01-01T00:00:00.000Z'),
      nextMonthStart: new Date('2026-02-01T00:00:00.000Z'),
    });
    expect(monthBoundsUtc(new Date('2025-12-31T23:59:59.999Z')).nextMonthStart).toEqual(
      new Date('2026-01-01T00:00:00.000Z'),
    );
    // 23:30 on 31 January in New York is already February in UTC: months are UTC's.
    expect(monthBoundsUtc(new Date('2026-01-31T23:30:00-05:00')).thisMonthStart).toEqual(
      new Date('2026-02-01T00:00:00.000Z'),
    );
  });

  it.each([
    [4, 3, 33.3],
    [1, 3, -66.7],
    [3, 1, 200],
    [5, 5, 0],
    [0, 4, -100],
    [2, 3, -33.3],
    [0, 0, 0],
    [7, 0, 100],
  ])('growth: this month %i, last month %i → %d percent', (thisMonth, lastMonth, expected) => {
    expect(growthRate(thisMonth, lastMonth)).toBe(expected);
  });

  it('engagement is active / total as a percentage with one decimal, 0 with nobody', () => {
    expect(percentOf(2, 6)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('the enrolment average is 0 with no courses and one decimal otherwise', () => {
    expect(averagePerCourse(0, 0)).toBe(0);
    expect(averagePerCourse(10, 3)).toBe(3.3);
    expect(roundToTenth(2.25)).toBe(2.3);
  });
});

describe('an empty platform', () => {
  it('answers zeros everywhere, with no division by zero', async () => {
    expect(await adminDashboardStats(t.database.db, new Date('2026-03-15T12:00:00Z'))).toEqual({
      overview: {
        totalStudents: 0,
        totalInstructors: 0,
        totalCourses: 0,
        pendingInstructorApps: 0,
        totalEnrollments: 0,
        avgEnrollmentsPerCourse: 0,
      },
      growth: { newStudentsThisMonth: 0, newCoursesThisMonth: 0, studentGrowthRate: 0 },
      dsa: { totalUsers: 0, activeUsers: 0, engagementRate: 0 },
      topInstructors: [],
      recentUsers: [],
    });
  });
});

describe('statistics on hand-made data', () => {
  const people: Record<string, { id: string; name: string; email: string; role: Role; createdAt: Date }> = {};

  async function person(key: string, role: Role, createdAt: string, verified = true) {
    const [row] = await t.database.db
      .insert(users)
      .values({
        name: `Person ${key}`,
        email: `${key}@stats.test`,
        passwordHash: null,
        role,
        createdAt: new Date(createdAt),
        emailVerifiedAt: verified ? new Date(createdAt) : null,
      })
      .returning();
    people[key] = row!;
    return row!;
  }

  beforeAll(async () => {
    await person('a', 'Student', '2026-01-31T23:59:59.999Z');
    await person('b', 'Student', '2026-02-01T00:00:00.000Z');
    await person('c', 'pending_instructor', '2026-02-14T10:00:00.000Z');
    await person('d', 'Student', '2026-02-28T23:59:59.999Z');
    await person('e', 'Student', '2026-03-01T00:00:00.000Z');
    await person('f', 'Student', '2026-03-10T00:00:00.000Z', false);
    await person('g', 'Instructor', '2026-03-05T00:00:00.000Z');
    await person('h', 'Instructor', '2025-12-31T23:59:59.000Z');
    await person('i', 'Admin', '2026-03-02T00:00:00.000Z');
    await person('j', 'Student', '2025-12-15T00:00:00.000Z');
    await person('k', 'Student', '2024-05-01T00:00:00.000Z');

    await t.database.db.insert(instructorApplications).values([
      { userId: people.c!.id, status: 'pending' },
      { userId: people.g!.id, status: 'approved', reviewedAt: new Date('2026-03-05T00:00:00Z') },
      { userId: people.b!.id, status: 'rejected', reviewedAt: new Date('2026-02-20T00:00:00Z') },
    ]);

    const [one, two] = await createDsaProblems(t.database.db, 'Stats');
    const solve = (key: string, problemId: string, at: string) => ({
      userId: people[key]!.id,
      problemId,
      solved: true,
      solvedAt: new Date(at),
      solvedOn: at.slice(0, 10),
    });
    await t.database.db.insert(dsaProgress).values([
      // a: two solves inside the window, counted once
      solve('a', one!.id, '2026-03-14T12:00:00.000Z'),
      solve('a', two!.id, '2026-03-10T08:00:00.000Z'),
      // b: exactly 30 days before 2026-03-15T12:00Z: outside the window
      solve('b', one!.id, '2026-02-13T12:00:00.000Z'),
      // c: one millisecond later: inside
      solve('c', one!.id, '2026-02-13T12:00:00.001Z'),
      // d: a bookmark is no solve
      { userId: people.d!.id, problemId: one!.id, bookmarked: true },
      // e and k: solved long ago
      solve('e', one!.id, '2025-06-01T00:00:00.000Z'),
      solve('k', one!.id, '2026-01-01T00:00:00.000Z'),
      // j: after the moment asked about
      solve('j', one!.id, '2026-03-16T00:00:00.000Z'),
    ]);

    // Courses: h has one published in February (3 learners); g two published in March (1 and 0 learners),
    // plus a draft and an archived course that count nowhere.
    const course = async (key: string, status: 'published' | 'draft' | 'archived', publishedAt: string | null) => {
      const { course } = await createCourseRows(t.database.db, people[key]!.id, { status });
      await t.database.db
        .update(courses)
        .set({ publishedAt: publishedAt ? new Date(publishedAt) : null })
        .where(eq(courses.id, course.id));
      return course;
    };
    const february = await course('h', 'published', '2026-02-10T09:00:00.000Z');
    const marchFirst = await course('g', 'published', '2026-03-01T00:00:00.000Z');
    await course('g', 'published', '2026-03-14T12:00:00.000Z');
    await course('g', 'draft', null);
    const archived = await course('g', 'archived', '2026-03-03T00:00:00.000Z');
    const enrol = (courseId: string, key: string) => ({ courseId, userId: people[key]!.id });
    await t.database.db
      .insert(courseEnrollments)
      .values([
        enrol(february.id, 'a'),
        enrol(february.id, 'b'),
        enrol(february.id, 'c'),
        enrol(marchFirst.id, 'a'),
        enrol(archived.id, 'd'),
      ]);
    for (const { id } of [february, marchFirst, archived]) await recountLearners(t.database.db, id);
  });

  it('counts everything on 15 March 2026, 12:00 UTC', async () => {
    const stats = await adminDashboardStats(t.database.db, new Date('2026-03-15T12:00:00Z'));
    expect(stats.overview).toEqual({
      // a b c d e j k (f never verified its address; pending_instructor counts as a student)
      totalStudents: 7,
      totalInstructors: 2,
      // h's one and g's two published courses (the draft and the archived one do not count)
      totalCourses: 3,
      pendingInstructorApps: 1,
      // 3 + 1 + 0 learners of the published courses (d's enrolment is in the archived course)
      totalEnrollments: 4,
      avgEnrollmentsPerCourse: 1.3,
    });
    // March: e (at 00:00:00.000 on the 1st); February: b c d → (1 − 3) / 3 = −66.7 %
    // New courses: g's two first published in March (the archived one is not on the platform any more)
    expect(stats.growth).toEqual({ newStudentsThisMonth: 1, newCoursesThisMonth: 2, studentGrowthRate: -66.7 });
    // solvers: a b c e j k; active in (14 Feb 12:00, 15 Mar 12:00]: a c → 2 / 6 = 33.3 %
    expect(stats.dsa).toEqual({ totalUsers: 6, activeUsers: 2, engagementRate: 33.3 });
    // By published courses: g (2) before the longer-standing h (1).
    expect(stats.topInstructors).toEqual([
      { _id: people.g!.id, name: 'Person g', email: 'g@stats.test', courseCount: 2 },
      { _id: people.h!.id, name: 'Person h', email: 'h@stats.test', courseCount: 1 },
    ]);
    expect(stats.recentUsers.map((user) => user.email)).toEqual([
      'g@stats.test',
      'i@stats.test',
      'e@stats.test',
      'd@stats.test',
      'c@stats.test',
    ]);
    expect(stats.recentUsers[0]).toEqual({
      id: people.g!.id,
      name: 'Person g',
      email: 'g@stats.test',
      role: 'Instructor',
      joinedAt: '2026-03-05T00:00:00.000Z',
    });
  });

  it.each([
    // the last millisecond of February: February b c d against January a
    // (and h's course published on 10 February is February's new course)
    ['2026-02-28T23:59:59.999Z', 3, 200, 1],
    // the first millisecond of March: e already counts for March, and so does g's course published that instant
    ['2026-03-01T00:00:00.000Z', 1, -66.7, 2],
    // across the year boundary: January a against December j
    ['2026-01-20T00:00:00.000Z', 1, 0, 0],
    // December j against an empty November: growth from nothing is 100 %
    ['2025-12-20T00:00:00.000Z', 1, 100, 0],
    // April: nobody new against March's e
    ['2026-04-10T00:00:00.000Z', 0, -100, 0],
    // nothing in either month
    ['2025-11-10T00:00:00.000Z', 0, 0, 0],
  ])('on %s: %i new students, growth %d percent, %i new courses', async (now, newStudents, rate, newCourses) => {
    const stats = await adminDashboardStats(t.database.db, new Date(now));
    expect(stats.growth).toEqual({
      newStudentsThisMonth: newStudents,
      newCoursesThisMonth: newCourses,
      studentGrowthRate: rate,
    });
  });

  it.each([
    // j's solve at midnight on 16 March is inside, b's and c's have left: a j active of 6
    ['2026-03-16T00:00:00.000Z', 2, 33.3],
    // 30 days after b's solve to the millisecond: b is still in, and so are a c (k's 1 January solve is not)
    ['2026-03-15T11:59:59.999Z', 3, 50],
    // a year later nobody is active
    ['2027-03-15T00:00:00.000Z', 0, 0],
  ])('DSA engagement on %s: %i active, %d percent', async (now, active, rate) => {
    const stats = await adminDashboardStats(t.database.db, new Date(now));
    expect(stats.dsa).toEqual({ totalUsers: 6, activeUsers: active, engagementRate: rate });
  });

  it('GET /api/auth/admin-dashboard-stats answers the same figures to an Admin', async () => {
    const admin = await createUser(t.app, t.database.db, 'Admin', { name: 'Stats Admin' });
    const reply = await t.app.inject({ method: 'GET', url: '/api/auth/admin-dashboard-stats', headers: admin.auth });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.success).toBe(true);
    expect(body.stats.overview).toMatchObject({ totalStudents: 7, totalInstructors: 2, pendingInstructorApps: 1 });
    expect(body.stats.recentUsers[0]).toMatchObject({ name: 'Stats Admin', role: 'Admin' });
    expect(Object.keys(body.stats).sort()).toEqual(['dsa', 'growth', 'overview', 'recentUsers', 'topInstructors']);
  });
});
