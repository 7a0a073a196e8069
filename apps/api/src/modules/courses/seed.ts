import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import {
  courseEnrollments,
  courseLessonProgress,
  courseLessons,
  courseSections,
  courses,
  seedRuns,
} from '../../db/schema';
import { findUserByEmail } from '../auth/queries';
import { type CourseContent, courseFolders, loadCourseFolder } from './content';
import * as queries from './queries';

export const DEMO_INSTRUCTOR_EMAIL = 'instructor@demo.local';
export const DEMO_STUDENT_EMAIL = 'student@demo.local';
const COURSE_SEED_PREFIX = 'demo-course:';
const ENROLMENT_SEED = 'demo-course-enrolments';

/** The demo student's courses, in this order of preference, and how many lessons of each are done. */
const DEMO_LEARNING = [
  { slug: 'modern-javascript-for-the-web', completedLessons: 3 },
  { slug: 'sql-and-relational-design', completedLessons: 1 },
  { slug: 'dsa-patterns-for-interviews', completedLessons: 2 },
  { slug: 'system-design-fundamentals', completedLessons: 1 },
];
const DAY_MS = 86_400_000;

type Log = Pick<FastifyBaseLogger, 'info'> & Partial<Pick<FastifyBaseLogger, 'warn'>>;
const quietLog: Log = { info() {} };

async function seedDone(db: Db, name: string): Promise<boolean> {
  const [row] = await db.select({ name: seedRuns.name }).from(seedRuns).where(eq(seedRuns.name, name)).limit(1);
  return row !== undefined;
}

/** The seed_runs names among `names` already recorded, in one query. */
async function seedsDone(db: Db, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ name: seedRuns.name }).from(seedRuns).where(inArray(seedRuns.name, names));
  return new Set(rows.map((row) => row.name));
}

/** Writes one course with its curriculum, published, in one transaction with its seed record. */
async function seedCourse(db: Db, instructorId: string, content: CourseContent, publishedAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const name = `${COURSE_SEED_PREFIX}${content.slug}`;
    const recorded = await tx.insert(seedRuns).values({ name, version: 1 }).onConflictDoNothing().returning();
    if (recorded.length === 0) return false;
    // A course someone made with the same slug is theirs: keep it, and never seed this one again.
    if (await queries.resolveCourse(tx, content.slug)) return false;
    const course = await queries.insertCourse(tx, {
      slug: content.slug,
      title: content.title,
      subtitle: content.subtitle,
      description: content.description,
      category: content.category,
      level: content.level,
      tags: content.tags,
      outcomes: content.outcomes,
      status: 'published',
      instructorId,
      createdAt: publishedAt,
      publishedAt,
    });
    for (const section of content.sections) {
      const { id: sectionId } = await queries.insertSection(tx, course.id, section.title);
      for (const lesson of section.lessons) {
        await queries.insertLesson(tx, {
          courseId: course.id,
          sectionId,
          title: lesson.title,
          kind: lesson.kind,
          body: lesson.body,
          quiz: lesson.quiz,
          exercise: lesson.exercise,
          durationMinutes: lesson.durationMinutes,
          freePreview: lesson.freePreview,
        });
      }
    }
    await queries.recountLessons(tx, course.id);
    await tx.update(courses).set({ updatedAt: publishedAt }).where(eq(courses.id, course.id));
    return true;
  });
}

/** The demo student in two demo courses, part of the way through each (rows written directly, counters recounted). */
async function seedDemoLearning(db: Db, instructorId: string): Promise<number> {
  if (await seedDone(db, ENROLMENT_SEED)) return 0;
  const student = await findUserByEmail(db, DEMO_STUDENT_EMAIL);
  if (!student) return 0;
  const found = await db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(
      and(
        inArray(
          courses.slug,
          DEMO_LEARNING.map((plan) => plan.slug),
        ),
        eq(courses.instructorId, instructorId),
        eq(courses.status, 'published'),
      ),
    );
  const plans = DEMO_LEARNING.flatMap((plan) => {
    const course = found.find((row) => row.slug === plan.slug);
    return course ? [{ ...plan, courseId: course.id }] : [];
  }).slice(0, 2);
  if (plans.length < 2) return 0;
  await db.transaction(async (tx) => {
    const recorded = await tx
      .insert(seedRuns)
      .values({ name: ENROLMENT_SEED, version: 1 })
      .onConflictDoNothing()
      .returning();
    if (recorded.length === 0) return;
    for (const [index, plan] of plans.entries()) {
      const lessons = await tx
        .select({ id: courseLessons.id, kind: courseLessons.kind })
        .from(courseLessons)
        .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
        .where(eq(courseLessons.courseId, plan.courseId))
        .orderBy(asc(courseSections.position), asc(courseLessons.position));
      // Quizzes and code exercises are completed by passing them, never by a seed.
      const done = lessons
        .filter((lesson) => lesson.kind !== 'quiz' && lesson.kind !== 'exercise')
        .slice(0, plan.completedLessons);
      const enrolledAt = new Date(Date.now() - (10 - index * 3) * DAY_MS);
      const next = lessons[done.length] ?? null;
      await tx
        .insert(courseEnrollments)
        .values({
          courseId: plan.courseId,
          userId: student.id,
          enrolledAt,
          lastLessonId: next?.id ?? null,
          updatedAt: enrolledAt,
        })
        .onConflictDoNothing();
      if (done.length > 0) {
        await tx
          .insert(courseLessonProgress)
          .values(
            done.map((lesson, position) => {
              const completedAt = new Date(enrolledAt.getTime() + (position + 1) * DAY_MS);
              // Dated when it happened, so the instructor's insight reads the demo history as it was.
              return {
                userId: student.id,
                lessonId: lesson.id,
                courseId: plan.courseId,
                completedAt,
                updatedAt: completedAt,
              };
            }),
          )
          .onConflictDoNothing();
      }
      await queries.recountLearners(tx, plan.courseId);
    }
  });
  return plans.length;
}

/**
 * The demo courses of apps/api/content/courses, owned by the demo instructor and published; each
 * seeded once (a seed_runs row per course), so a course an admin deleted does not come back and a
 * new content folder is picked up on the next start. A folder that does not load is skipped and tried
 * again next time. Needs the demo instructor (demo seeding on).
 */
export async function seedDemoCourses(db: Db, log: Log = quietLog, folders = courseFolders()): Promise<number> {
  const instructor = await findUserByEmail(db, DEMO_INSTRUCTOR_EMAIL);
  if (!instructor) return 0;
  // A course's slug is its folder's name, so what is already seeded is known before any file is read.
  const seedName = (folder: string) => `${COURSE_SEED_PREFIX}${path.basename(folder)}`;
  const done = await seedsDone(db, folders.map(seedName));
  let created = 0;
  for (const [index, folder] of folders.entries()) {
    if (done.has(seedName(folder))) continue;
    let content: CourseContent;
    try {
      content = loadCourseFolder(folder);
    } catch (error) {
      log.warn?.({ folder, err: error }, 'skipped a demo course that does not load');
      continue;
    }
    const publishedAt = new Date(Date.now() - (index + 1) * DAY_MS);
    if (await seedCourse(db, instructor.id, content, publishedAt)) created += 1;
  }
  await seedDemoLearning(db, instructor.id);
  return created;
}
