import type { CourseLearnersReply, TeachingStatsReply } from '@learnbuild/domain/schemas/courses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrollments, courseLessonProgress, courses } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createCourseRows, createUser } from '../../test/factories';

let t: TestApp;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let other: User;
let student: User;
let admin: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.app, t.database.db, 'Instructor');
  other = await createUser(t.app, t.database.db, 'Instructor');
  student = await createUser(t.app, t.database.db, 'Student');
  admin = await createUser(t.app, t.database.db, 'Admin');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: User | null) => t.app.inject({ method: 'GET', url, headers: who ? who.auth : {} });

/** Enrols a new learner and marks the first `done` lessons complete; `completed` also completes the course. */
async function learner(
  made: Awaited<ReturnType<typeof createCourseRows>>,
  done: number,
  options: { name?: string; completed?: boolean; enrolledAt?: Date } = {},
) {
  const user = await createUser(t.app, t.database.db, 'Student', { name: options.name });
  await t.database.db.insert(courseEnrollments).values({
    courseId: made.course.id,
    userId: user.user.id,
    enrolledAt: options.enrolledAt ?? new Date(),
    completedAt: options.completed ? new Date() : null,
  });
  if (done > 0) {
    await t.database.db.insert(courseLessonProgress).values(
      made.lessons.slice(0, done).map((lesson) => ({
        userId: user.user.id,
        courseId: made.course.id,
        lessonId: lesson.id,
        completedAt: new Date(),
      })),
    );
  }
  return user;
}

async function recount(courseId: string, enrolled: number, completed: number) {
  await t.database.db
    .update(courses)
    .set({ enrolledCount: enrolled, completedCount: completed })
    .where(eq(courses.id, courseId));
}

describe('GET /api/courses/:id/learners', () => {
  it('lists learners with their progress, newest first, 20 per page, searchable by name or email', async () => {
    const made = await createCourseRows(t.database.db, owner.user.id, {
      sections: [['article', 'article', 'article', 'quiz']],
    });
    const base = Date.now() - 1_000_000;
    await learner(made, 4, { name: 'Finished Fay', completed: true, enrolledAt: new Date(base) });
    await learner(made, 1, { name: 'Started Sid', enrolledAt: new Date(base + 1000) });
    for (let i = 0; i < 20; i++) await learner(made, 0, { name: `Filler ${i}`, enrolledAt: new Date(base + 2000 + i) });
    await recount(made.course.id, 22, 1);

    const first = (await get(`/api/courses/${made.course.id}/learners`, owner)).json() as CourseLearnersReply;
    expect(first.total).toBe(22);
    expect(first.learners).toHaveLength(20);
    expect(first.learners[0]!.name).toBe('Filler 19');
    const second = (await get(`/api/courses/${made.course.slug}/learners?page=2`, admin)).json() as CourseLearnersReply;
    expect(second.learners.map((l) => [l.name, l.completedLessons, l.percent, l.completedAt !== null])).toEqual([
      ['Started Sid', 1, 25, false],
      ['Finished Fay', 4, 100, true],
    ]);
    const found = (await get(`/api/courses/${made.course.id}/learners?q=fay`, owner)).json() as CourseLearnersReply;
    expect(found.learners.map((l) => l.name)).toEqual(['Finished Fay']);
    expect(found.learners[0]!.email).toContain('@example.com');
  });

  it('is for the owner and admins: 401 anonymous, 403 Student and another instructor, 404 unknown', async () => {
    const made = await createCourseRows(t.database.db, owner.user.id);
    expect((await get(`/api/courses/${made.course.id}/learners`, null)).statusCode).toBe(401);
    expect((await get(`/api/courses/${made.course.id}/learners`, student)).statusCode).toBe(403);
    expect((await get(`/api/courses/${made.course.id}/learners`, other)).statusCode).toBe(403);
    expect((await get('/api/courses/no-such-course/learners', owner)).statusCode).toBe(404);
  });
});

describe('GET /api/instructor/courses', () => {
  it("lists the caller's courses in every status with learners, completions and average progress", async () => {
    const teacher = await createUser(t.app, t.database.db, 'Instructor');
    const live = await createCourseRows(t.database.db, teacher.user.id, {
      title: 'Live one',
      sections: [
        ['article', 'article'],
        ['article', 'quiz'],
      ],
    });
    const draft = await createCourseRows(t.database.db, teacher.user.id, { title: 'Draft one', status: 'draft' });
    await createCourseRows(t.database.db, owner.user.id, { title: 'Someone else' });
    await learner(live, 4, { completed: true });
    await learner(live, 2);
    await learner(live, 0);
    // A learner who left keeps progress rows; they no longer count towards the average.
    const left = await learner(live, 3);
    await t.database.db.delete(courseEnrollments).where(eq(courseEnrollments.userId, left.user.id));
    await recount(live.course.id, 3, 1);

    const reply = await get('/api/instructor/courses', teacher);
    expect(reply.statusCode).toBe(200);
    const body = reply.json() as TeachingStatsReply;
    expect(body.courses.map((c) => c.title).sort()).toEqual(['Draft one', 'Live one']);
    const liveRow = body.courses.find((c) => c._id === live.course.id)!;
    // (4 + 2 + 0) of 3 learners x 4 lessons = 50%.
    expect(liveRow).toMatchObject({
      status: 'published',
      learners: 3,
      completions: 1,
      averageProgress: 50,
      lessonCount: 4,
    });
    expect(body.courses.find((c) => c._id === draft.course.id)).toMatchObject({
      status: 'draft',
      learners: 0,
      averageProgress: 0,
    });
    expect(body.totals).toEqual({ courses: 2, learners: 3, completions: 1 });
  });

  it('is for instructors and admins: 401 anonymous, 403 Student; an admin sees their own courses', async () => {
    expect((await get('/api/instructor/courses', null)).statusCode).toBe(401);
    expect((await get('/api/instructor/courses', student)).statusCode).toBe(403);
    const reply = await get('/api/instructor/courses', admin);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().totals.courses).toBe(0);
  });
});
