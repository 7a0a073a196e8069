import { isAdmin, isInstructor, type Role } from '@learnbuild/domain/roles';
import { lessonLocks } from '@learnbuild/domain/rules/course-gating';
import { seesAllLearners, visibleLearnerIds } from '@learnbuild/domain/rules/course-learners';
import type { CourseDetail, CourseSummary } from '@learnbuild/domain/schemas/courses';
import { courseProgressPercent } from '@learnbuild/domain/schemas/courses';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  courseEnrollments,
  courseLessonProgress,
  courseLessons,
  courseSections,
  courses,
  users,
} from '../../db/schema';
import { containsPattern } from '../../lib/search-pattern';
import { isUuid } from '../../lib/uuid';
import { type LessonRow, NO_VIEWER_DATA, type StudentLists, toCourseSummary, toLesson } from './replies';

/** Who is asking: a signed-in user (any role), or null for an anonymous visitor. */
export interface CourseViewer {
  id: string;
  role: Role;
}

export type CourseRow = typeof courses.$inferSelect;

/**
 * `studentsEnrolled` and `completedStudents` list at most this many ids, the most recent first: a course
 * page the last 100, each course of a list the last 10. The counts (`enrolledCount`) stay exact
 * (docs/decisions.md "Course learner lists").
 */
export const STUDENT_LIST_LIMITS = { course: 100, list: 10 } as const;

const NO_USER = '00000000-0000-0000-0000-000000000000';
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The condition naming a course by id or slug; undefined when the text can be neither (a 404, never a query). */
function courseKey(idOrSlug: string): SQL | undefined {
  const key = idOrSlug.trim();
  if (isUuid(key)) return eq(courses.id, key.toLowerCase());
  if (key.length <= 200 && SLUG.test(key)) return eq(courses.slug, key);
  return undefined;
}

/** The course row by uuid or slug, whatever its status; undefined when there is none (or the text is malformed). */
export async function resolveCourse(db: DbOrTx, idOrSlug: string): Promise<CourseRow | undefined> {
  const where = courseKey(idOrSlug);
  if (!where) return undefined;
  const [row] = await db.select().from(courses).where(where).limit(1);
  return row;
}

/** Owner (still teaching) or Admin: may edit the course and read everything in it. */
export function canEditCourse(course: { instructorId: string }, viewer: CourseViewer | null): boolean {
  if (!viewer) return false;
  return isAdmin(viewer.role) || (isInstructor(viewer.role) && viewer.id === course.instructorId);
}

/** Drafts are the owner's and admins'; archived courses also stay open to their enrolled learners. */
export function canSeeCourse(
  course: { instructorId: string; status: CourseRow['status'] },
  viewer: CourseViewer | null,
  enrolled: boolean,
): boolean {
  if (course.status === 'published') return true;
  if (viewer && (viewer.id === course.instructorId || isAdmin(viewer.role))) return true;
  return course.status === 'archived' && enrolled;
}

const summaryColumns = {
  id: courses.id,
  slug: courses.slug,
  title: courses.title,
  subtitle: courses.subtitle,
  thumbnailMediaId: courses.thumbnailMediaId,
  level: courses.level,
  category: courses.category,
  tags: courses.tags,
  status: courses.status,
  instructorId: courses.instructorId,
  instructorName: users.name,
  instructorProfilePic: users.profilePic,
  enrolledCount: courses.enrolledCount,
  completedCount: courses.completedCount,
  lessonCount: courses.lessonCount,
  totalMinutes: courses.totalMinutes,
  ratingCount: courses.ratingCount,
  ratingSum: courses.ratingSum,
  publishedAt: courses.publishedAt,
  updatedAt: courses.updatedAt,
};

// Learner ids straight from the enrolment rows, newest first, capped (index course_enrollments_course_recent_idx).
const recentLearnerIds = (limit: number) => sql<string[]>`array(select e.user_id::text from course_enrollments e
  where e.course_id = ${courses.id} order by e.enrolled_at desc, e.user_id desc limit ${sql.raw(String(limit))})`;
const recentCompleterIds = (limit: number) => sql<string[]>`array(select e.user_id::text from course_enrollments e
  where e.course_id = ${courses.id} and e.completed_at is not null
  order by e.completed_at desc, e.user_id desc limit ${sql.raw(String(limit))})`;

const prerequisiteCourses = alias(courses, 'prerequisite_courses');

/**
 * Whether the user completed the course, as SQL: the enrolment says so, or the certificate (kept after leaving
 * the course). One definition for the course page's prerequisite and the enrolment's check.
 */
function completedCourseSql(courseId: SQLWrapper | string, userId: string) {
  return sql<boolean>`(exists(select 1 from course_enrollments ce
      where ce.course_id = ${courseId} and ce.user_id = ${userId} and ce.completed_at is not null)
    or exists(select 1 from course_certificates cc where cc.course_id = ${courseId} and cc.user_id = ${userId}))`;
}

/** The course, its instructor, its learner lists and what the viewer has of it, in one statement. */
async function findCourseWithViewer(db: DbOrTx, where: SQL, viewerId: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      sequential: courses.sequential,
      prerequisiteCourseId: prerequisiteCourses.id,
      prerequisiteCourseSlug: prerequisiteCourses.slug,
      prerequisiteCourseTitle: prerequisiteCourses.title,
      // Completed: the enrolment says so, or the certificate (kept after leaving the course).
      prerequisiteCompleted: completedCourseSql(courses.prerequisiteCourseId, viewerId),
      enrolledAt: courseEnrollments.enrolledAt,
      description: courses.description,
      outcomes: courses.outcomes,
      createdAt: courses.createdAt,
      studentsEnrolled: recentLearnerIds(STUDENT_LIST_LIMITS.course),
      completedStudents: recentCompleterIds(STUDENT_LIST_LIMITS.course),
      enrolled: sql<boolean>`(${courseEnrollments.userId} is not null)`,
      completedAt: courseEnrollments.completedAt,
      lastLessonId: courseEnrollments.lastLessonId,
      lastPositionSeconds: courseEnrollments.lastPositionSeconds,
      completedLessonIds: sql<string[]>`array(select p.lesson_id::text from course_lesson_progress p
        where p.user_id = ${viewerId} and p.course_id = ${courses.id} and p.completed_at is not null)`,
      certificateId: sql<string | null>`(select c.id::text from course_certificates c
        where c.course_id = ${courses.id} and c.user_id = ${viewerId})`,
      reviewRating: sql<number | null>`(select r.rating from course_reviews r
        where r.course_id = ${courses.id} and r.user_id = ${viewerId})`,
      reviewBody: sql<string | null>`(select r.body from course_reviews r
        where r.course_id = ${courses.id} and r.user_id = ${viewerId})`,
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.instructorId))
    .leftJoin(prerequisiteCourses, eq(prerequisiteCourses.id, courses.prerequisiteCourseId))
    .leftJoin(
      courseEnrollments,
      and(eq(courseEnrollments.courseId, courses.id), eq(courseEnrollments.userId, viewerId)),
    )
    .where(where)
    .limit(1);
  return row;
}

/** Sections in order with their lessons in order; bodies are only read where the caller may see them. */
async function findOutline(db: DbOrTx, courseId: string, canReadAll: boolean) {
  const open = canReadAll ? sql`true` : sql`${courseLessons.freePreview}`;
  return db
    .select({
      sectionId: courseSections.id,
      sectionTitle: courseSections.title,
      sectionPosition: courseSections.position,
      lessonId: courseLessons.id,
      title: courseLessons.title,
      kind: courseLessons.kind,
      body: sql<string | null>`case when ${open} then ${courseLessons.body} end`,
      videoMediaId: courseLessons.videoMediaId,
      videoUrl: courseLessons.videoUrl,
      quiz: sql<unknown>`case when ${open} then ${courseLessons.quiz} end`,
      quizSettings: courseLessons.quizSettings,
      exercise: sql<unknown>`case when ${open} then ${courseLessons.exercise} end`,
      durationMinutes: courseLessons.durationMinutes,
      freePreview: courseLessons.freePreview,
      releaseAfterDays: courseLessons.releaseAfterDays,
      releaseAt: courseLessons.releaseAt,
      prerequisiteLessonId: courseLessons.prerequisiteLessonId,
      dueAfterDays: courseLessons.dueAfterDays,
      position: courseLessons.position,
    })
    .from(courseSections)
    .leftJoin(courseLessons, eq(courseLessons.sectionId, courseSections.id))
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.id), asc(courseLessons.position));
}

/**
 * The course as `viewer` may see it (courseReplySchema's `course`), or undefined when it is unknown or
 * hidden from them (a draft to anyone but its owner and admins; an archived course to the non-enrolled).
 * Lesson content is filled for the owner, admins, enrolled learners and free previews; quiz answers
 * only for the owner and admins. `viewer` carries the caller's enrolment, progress, certificate and review.
 */
export async function findCourseForViewer(
  db: DbOrTx,
  idOrSlug: string,
  viewer: CourseViewer | null,
): Promise<CourseDetail | undefined> {
  const where = courseKey(idOrSlug);
  if (!where) return undefined;
  const row = await findCourseWithViewer(db, where, viewer?.id ?? NO_USER);
  if (!row || !canSeeCourse(row, viewer, row.enrolled)) return undefined;
  const canEdit = canEditCourse(row, viewer);
  const canReadAll = canEdit || row.enrolled || (viewer !== null && isAdmin(viewer.role));
  const completed = new Set(row.enrolled ? row.completedLessonIds : []);
  const outline = await findOutline(db, row.id, canReadAll);
  // Gating (issue 30) holds enrolled learners; the owner and admins see everything.
  const locks =
    row.enrolled && !canEdit && row.enrolledAt
      ? lessonLocks({
          lessons: outline.flatMap((line) =>
            line.lessonId === null
              ? []
              : [
                  {
                    id: line.lessonId,
                    title: line.title!,
                    freePreview: line.freePreview!,
                    releaseAfterDays: line.releaseAfterDays,
                    releaseAt: line.releaseAt,
                    prerequisiteLessonId: line.prerequisiteLessonId,
                  },
                ],
          ),
          sequential: row.sequential,
          enrolledAt: row.enrolledAt,
          now: new Date(),
          completedLessonIds: completed,
        })
      : undefined;

  const sections: CourseDetail['sections'] = [];
  for (const line of outline) {
    let section = sections.at(-1);
    if (!section || section.id !== line.sectionId) {
      section = { id: line.sectionId, title: line.sectionTitle, position: line.sectionPosition, lessons: [] };
      sections.push(section);
    }
    if (line.lessonId === null) continue;
    const lesson: LessonRow = {
      id: line.lessonId,
      sectionId: line.sectionId,
      title: line.title!,
      kind: line.kind!,
      body: line.body,
      videoMediaId: line.videoMediaId,
      videoUrl: line.videoUrl,
      quiz: line.quiz,
      quizSettings: line.quizSettings,
      exercise: line.exercise,
      durationMinutes: line.durationMinutes!,
      freePreview: line.freePreview!,
      position: line.position!,
      releaseAfterDays: line.releaseAfterDays,
      releaseAt: line.releaseAt,
      prerequisiteLessonId: line.prerequisiteLessonId,
      dueAfterDays: line.dueAfterDays,
    };
    section.lessons.push(
      toLesson(lesson, {
        canReadAll,
        canEdit,
        completed: completed.has(line.lessonId),
        lock: locks?.get(line.lessonId) ?? null,
      }),
    );
  }

  return {
    // Issue 26: the ids are the instructor's and admins'; anyone else finds at most their own there.
    ...toCourseSummary(row, {
      studentsEnrolled: visibleLearnerIds(viewer, row.instructorId, row.studentsEnrolled, row.enrolled),
      completedStudents: visibleLearnerIds(
        viewer,
        row.instructorId,
        row.completedStudents,
        row.enrolled && row.completedAt !== null,
      ),
    }),
    description: row.description,
    outcomes: row.outcomes,
    thumbnailMediaId: row.thumbnailMediaId,
    createdAt: row.createdAt.toISOString(),
    sections,
    sequential: row.sequential,
    prerequisiteCourse: row.prerequisiteCourseId
      ? {
          id: row.prerequisiteCourseId,
          slug: row.prerequisiteCourseSlug!,
          title: row.prerequisiteCourseTitle!,
          completed: viewer !== null && row.prerequisiteCompleted,
        }
      : null,
    viewer: viewer
      ? {
          enrolled: row.enrolled,
          canEdit,
          completedLessonIds: [...completed],
          completedAt: row.enrolled ? (row.completedAt?.toISOString() ?? null) : null,
          certificateId: row.certificateId,
          lastLessonId: row.enrolled ? row.lastLessonId : null,
          lastPositionSeconds: row.enrolled ? (row.lastPositionSeconds ?? 0) : 0,
          myReview: row.reviewRating === null ? null : { rating: row.reviewRating, body: row.reviewBody ?? '' },
        }
      : NO_VIEWER_DATA,
  };
}

// Catalogue

export interface CourseListFilter {
  q?: string;
  category?: string;
  level?: string;
  sort: 'newest' | 'popular';
  limit: number;
  offset: number;
}

function catalogueConditions(filter: CourseListFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.category) conditions.push(eq(courses.category, filter.category));
  if (filter.level) conditions.push(eq(courses.level, filter.level as CourseRow['level']));
  if (filter.q) conditions.push(searchMatch(filter.q));
  return conditions;
}

/**
 * The search text anywhere in the title, the subtitle or a tag. The first test is the trigram index's
 * (courses_search_trgm_idx, on all three joined): it finds the candidates, and the exact test of each field
 * then keeps only real matches (the joined text could also match across two fields).
 */
function searchMatch(text: string): SQL {
  const pattern = containsPattern(text);
  return and(
    sql`course_search_text(${courses.title}, ${courses.subtitle}, ${courses.tags}) ilike ${pattern}`,
    or(
      ilike(courses.title, pattern),
      ilike(courses.subtitle, pattern),
      sql`array_to_string(${courses.tags}, ' ') ilike ${pattern}`,
    ),
  )!;
}

/** Both lists of one page's courses in one statement. */
export async function findStudentLists(db: DbOrTx, courseIds: string[]): Promise<Map<string, StudentLists>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: courses.id,
      studentsEnrolled: recentLearnerIds(STUDENT_LIST_LIMITS.list),
      completedStudents: recentCompleterIds(STUDENT_LIST_LIMITS.list),
    })
    .from(courses)
    .where(inArray(courses.id, courseIds));
  return new Map(rows.map((row) => [row.id, row]));
}

const NO_IDS = sql<string[]>`array[]::text[]`;

/** Which of `courseIds` `userId` is enrolled in, and whether they completed each: their enrolment rows. */
export async function findOwnEnrolments(
  db: DbOrTx,
  userId: string,
  courseIds: string[],
): Promise<Map<string, { completed: boolean }>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseEnrollments.courseId, completedAt: courseEnrollments.completedAt })
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.userId, userId), inArray(courseEnrollments.courseId, courseIds)));
  return new Map(rows.map((row) => [row.courseId, { completed: row.completedAt !== null }]));
}

/** Published courses (the public catalogue), or, with `instructorId`, that instructor's own in every status. */
export async function listCourses(
  db: DbOrTx,
  filter: CourseListFilter & { instructorId?: string },
): Promise<{ courses: CourseSummary[]; total: number }> {
  const conditions = catalogueConditions(filter);
  conditions.push(
    filter.instructorId ? eq(courses.instructorId, filter.instructorId) : eq(courses.status, 'published'),
  );
  const where = and(...conditions);
  const order = filter.instructorId
    ? filter.sort === 'popular'
      ? [desc(courses.enrolledCount), desc(courses.updatedAt), desc(courses.id)]
      : [desc(courses.createdAt), desc(courses.id)]
    : filter.sort === 'popular'
      ? [desc(courses.enrolledCount), desc(courses.id)]
      : [desc(courses.publishedAt), desc(courses.id)];
  // The page's ids first, from the index of the order alone (an index-only range, however deep the page);
  // only those rows are then read and joined, with their learner lists. A search counts its matches in the
  // same pass.
  const page = db
    .select({
      id: sql<string>`${courses.id}`.as('page_id'),
      position: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('page_position'),
      total: (filter.q ? sql<number | null>`count(*) over ()` : sql<number | null>`null::bigint`).as('page_total'),
    })
    .from(courses)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const countAll = async () => (await db.select({ n: count() }).from(courses).where(where))[0]?.n ?? 0;
  // The public catalogue is one reply for every reader (and cached): it carries no learner id (issue 26), and a
  // signed-in reader's share is added after the cache (service.ts). An instructor's own list carries them all.
  const ownList = filter.instructorId !== undefined;
  const readPage = () =>
    db
      .select({
        ...summaryColumns,
        studentsEnrolled: ownList ? recentLearnerIds(STUDENT_LIST_LIMITS.list) : NO_IDS,
        completedStudents: ownList ? recentCompleterIds(STUDENT_LIST_LIMITS.list) : NO_IDS,
        total: page.total,
      })
      .from(page)
      .innerJoin(courses, eq(courses.id, page.id))
      .innerJoin(users, eq(users.id, courses.instructorId))
      .orderBy(asc(page.position));
  const [found, counted] = await Promise.all([readPage(), filter.q ? undefined : countAll()]);
  const total = counted ?? (found.length > 0 ? Number(found[0]!.total) : filter.offset > 0 ? await countAll() : 0);
  return { courses: found.map(({ total: _total, ...row }) => toCourseSummary(row, row)), total };
}

/**
 * The courses `viewer` is enrolled in (published or archived), with their progress in each. The learner lists
 * hold every listed id where the viewer teaches the course (or is an admin), and only their own elsewhere.
 */
export async function listEnrolledCourses(
  db: DbOrTx,
  viewer: CourseViewer,
  filter: CourseListFilter,
): Promise<{ courses: CourseSummary[]; total: number }> {
  const userId = viewer.id;
  const conditions = catalogueConditions(filter);
  conditions.push(eq(courseEnrollments.userId, userId), inArray(courses.status, ['published', 'archived']));
  const where = and(...conditions);
  const order =
    filter.sort === 'popular'
      ? [desc(courses.enrolledCount), desc(courses.id)]
      : [desc(courseEnrollments.enrolledAt), desc(courses.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...summaryColumns, completedAt: courseEnrollments.completedAt })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .innerJoin(users, eq(users.id, courses.instructorId))
      .where(where)
      .orderBy(...order)
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(courseEnrollments)
      .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
      .where(where),
  ]);
  const ids = rows.map((row) => row.id);
  const taught = rows.filter((row) => seesAllLearners(viewer, row.instructorId)).map((row) => row.id);
  const [students, done] = await Promise.all([findStudentLists(db, taught), completedLessonCounts(db, userId, ids)]);
  return {
    courses: rows.map((row) => {
      const completedLessons = done.get(row.id) ?? 0;
      return {
        ...toCourseSummary(
          row,
          students.get(row.id) ?? {
            studentsEnrolled: [userId],
            completedStudents: row.completedAt === null ? [] : [userId],
          },
        ),
        progress: {
          completedLessons,
          percent: courseProgressPercent(completedLessons, row.lessonCount),
          completedAt: row.completedAt?.toISOString() ?? null,
        },
      };
    }),
    total: total?.n ?? 0,
  };
}

/** How many lessons of each course `userId` completed, in one grouped statement. */
export async function completedLessonCounts(db: DbOrTx, userId: string, courseIds: string[]) {
  if (courseIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ courseId: courseLessonProgress.courseId, n: count() })
    .from(courseLessonProgress)
    .where(
      and(
        eq(courseLessonProgress.userId, userId),
        inArray(courseLessonProgress.courseId, courseIds),
        isNotNull(courseLessonProgress.completedAt),
      ),
    )
    .groupBy(courseLessonProgress.courseId);
  return new Map(rows.map((row) => [row.courseId, row.n]));
}

// Writing a course. Every curriculum write runs in one transaction that first locks the course row
// (lockCourse), so positions stay dense and the counters match the rows under concurrent edits.

export async function lockCourse(tx: DbOrTx, courseId: string): Promise<CourseRow | undefined> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update').limit(1);
  return row;
}

/** Slugs already taken by `base` and its numbered variants (`base-2`, `base-3`...). */
export async function findSlugsLike(db: DbOrTx, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(or(eq(courses.slug, base), sql`${courses.slug} like ${`${base}-%`}`));
  return new Set(rows.map((row) => row.slug));
}

export type NewCourse = typeof courses.$inferInsert;

export async function insertCourse(db: DbOrTx, values: NewCourse): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  return row!;
}

export async function updateCourseRow(db: DbOrTx, courseId: string, set: Partial<NewCourse>) {
  await db
    .update(courses)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(courses.id, courseId));
}

export async function eraseCourse(db: DbOrTx, courseId: string) {
  await db.delete(courses).where(eq(courses.id, courseId));
}

/** Whether anyone learns or learned here: an enrolment, kept progress or a certificate. */
export async function courseHasLearners(db: DbOrTx, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({
      any: sql<boolean>`exists(select 1 from course_enrollments e where e.course_id = ${courseId})
        or exists(select 1 from course_lesson_progress p where p.course_id = ${courseId})
        or exists(select 1 from course_certificates c where c.course_id = ${courseId})`,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row?.any === true;
}

/** lessonCount and totalMinutes recounted from the lessons, inside the caller's transaction. */
export async function recountLessons(tx: DbOrTx, courseId: string) {
  const [row] = await tx
    .update(courses)
    .set({
      lessonCount: sql`(select count(*)::int from course_lessons l where l.course_id = ${courseId})`,
      totalMinutes: sql`(select coalesce(sum(l.duration_minutes), 0)::int from course_lessons l where l.course_id = ${courseId})`,
      updatedAt: new Date(),
    })
    .where(eq(courses.id, courseId))
    .returning({ lessonCount: courses.lessonCount, status: courses.status });
  return row!;
}

/** enrolledCount and completedCount recounted from the enrolment rows (the seed writes those rows directly). */
export async function recountLearners(tx: DbOrTx, courseId: string) {
  await tx
    .update(courses)
    .set({
      enrolledCount: sql`(select count(*)::int from course_enrollments e where e.course_id = ${courseId})`,
      completedCount: sql`(select count(*)::int from course_enrollments e
        where e.course_id = ${courseId} and e.completed_at is not null)`,
    })
    .where(eq(courses.id, courseId));
}

// Sections

export async function listSectionIds(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseSections.createdAt), asc(courseSections.id));
  return rows.map((row) => row.id);
}

export async function findSection(db: DbOrTx, courseId: string, sectionId: string) {
  const [row] = await db
    .select({ id: courseSections.id, title: courseSections.title })
    .from(courseSections)
    .where(and(eq(courseSections.courseId, courseId), eq(courseSections.id, sectionId)))
    .limit(1);
  return row;
}

/** A new section at the end of the course. */
export async function insertSection(tx: DbOrTx, courseId: string, title: string) {
  const [row] = await tx
    .insert(courseSections)
    .values({
      courseId,
      title,
      position: sql`(select count(*)::int from course_sections s where s.course_id = ${courseId})`,
    })
    .returning({ id: courseSections.id });
  return row!;
}

export async function renameSection(tx: DbOrTx, sectionId: string, title: string) {
  await tx.update(courseSections).set({ title }).where(eq(courseSections.id, sectionId));
}

export async function deleteSection(tx: DbOrTx, sectionId: string) {
  await tx.delete(courseSections).where(eq(courseSections.id, sectionId));
}

/** Sets each row's position to its index in `ids` (ids already checked to be exactly the list). */
function positionsFrom(idColumn: typeof courseSections.id | typeof courseLessons.id, ids: string[]) {
  const cases = ids.map((id, index) => sql`when ${idColumn} = ${id} then ${index}::int`);
  return sql`case ${sql.join(cases, sql` `)} end`;
}

export async function setSectionOrder(tx: DbOrTx, courseId: string, ids: string[]) {
  await tx
    .update(courseSections)
    .set({ position: positionsFrom(courseSections.id, ids) })
    .where(and(eq(courseSections.courseId, courseId), inArray(courseSections.id, ids)));
}

// Lessons

export type LessonFullRow = typeof courseLessons.$inferSelect;

export async function findLesson(db: DbOrTx, courseId: string, lessonId: string): Promise<LessonFullRow | undefined> {
  const [row] = await db
    .select()
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.id, lessonId)))
    .limit(1);
  return row;
}

export async function listLessonIds(db: DbOrTx, sectionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: courseLessons.id })
    .from(courseLessons)
    .where(eq(courseLessons.sectionId, sectionId))
    .orderBy(asc(courseLessons.position), asc(courseLessons.createdAt), asc(courseLessons.id));
  return rows.map((row) => row.id);
}

export type NewLesson = Omit<typeof courseLessons.$inferInsert, 'position'>;

/** A new lesson at the end of its section. */
export async function insertLesson(tx: DbOrTx, values: NewLesson) {
  const [row] = await tx
    .insert(courseLessons)
    .values({
      ...values,
      position: sql`(select count(*)::int from course_lessons l where l.section_id = ${values.sectionId})`,
    })
    .returning({ id: courseLessons.id });
  return row!;
}

export async function updateLessonRow(tx: DbOrTx, lessonId: string, set: Partial<typeof courseLessons.$inferInsert>) {
  await tx
    .update(courseLessons)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(courseLessons.id, lessonId));
}

/** Moves a lesson to the end of another section of the same course. */
export async function moveLesson(tx: DbOrTx, lessonId: string, sectionId: string) {
  await tx
    .update(courseLessons)
    .set({
      sectionId,
      position: sql`(select count(*)::int from course_lessons l where l.section_id = ${sectionId})`,
      updatedAt: new Date(),
    })
    .where(eq(courseLessons.id, lessonId));
}

export async function deleteLesson(tx: DbOrTx, lessonId: string) {
  await tx.delete(courseLessons).where(eq(courseLessons.id, lessonId));
}

export async function setLessonOrder(tx: DbOrTx, sectionId: string, ids: string[]) {
  await tx
    .update(courseLessons)
    .set({ position: positionsFrom(courseLessons.id, ids) })
    .where(and(eq(courseLessons.sectionId, sectionId), inArray(courseLessons.id, ids)));
}

/** Closes the gaps a delete or a move left: positions 0..n-1 in their current order. */
export async function renumberSections(tx: DbOrTx, courseId: string) {
  await tx.execute(sql`update course_sections s set position = o.rn - 1
    from (select id, row_number() over (order by position, created_at, id) as rn
          from course_sections where course_id = ${courseId}) o
    where s.id = o.id and s.position <> o.rn - 1`);
}

export async function renumberLessons(tx: DbOrTx, sectionId: string) {
  await tx.execute(sql`update course_lessons l set position = o.rn - 1
    from (select id, row_number() over (order by position, created_at, id) as rn
          from course_lessons where section_id = ${sectionId}) o
    where l.id = o.id and l.position <> o.rn - 1`);
}

// Instructor Panel

/** One page of a course's learners with their progress, newest enrolment first. */
export async function listCourseLearners(
  db: DbOrTx,
  courseId: string,
  filter: { q?: string; limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(courseEnrollments.courseId, courseId)];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(users.name, pattern), ilike(users.email, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        enrolledAt: courseEnrollments.enrolledAt,
        completedAt: courseEnrollments.completedAt,
        completedLessons: sql<number>`(select count(*)::int from course_lesson_progress p
          where p.course_id = ${courseEnrollments.courseId} and p.user_id = ${courseEnrollments.userId}
            and p.completed_at is not null)`,
      })
      .from(courseEnrollments)
      .innerJoin(users, eq(users.id, courseEnrollments.userId))
      .where(where)
      .orderBy(desc(courseEnrollments.enrolledAt), asc(users.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(courseEnrollments)
      .innerJoin(users, eq(users.id, courseEnrollments.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every course of `instructorId` in every status, most recently edited first. */
export async function listTeachingCourses(db: DbOrTx, instructorId: string) {
  return db
    .select({
      id: courses.id,
      title: courses.title,
      slug: courses.slug,
      status: courses.status,
      enrolledCount: courses.enrolledCount,
      completedCount: courses.completedCount,
      lessonCount: courses.lessonCount,
      ratingCount: courses.ratingCount,
      ratingSum: courses.ratingSum,
      updatedAt: courses.updatedAt,
    })
    .from(courses)
    .where(eq(courses.instructorId, instructorId))
    .orderBy(desc(courses.updatedAt), desc(courses.id));
}

/**
 * The one count of an instructor's learners, read by the Instructor Panel's totals and the dashboard's Total
 * Students alike: distinct people enrolled in any course they teach (every status), each counted once however
 * many of those courses they take, and never the instructor themself.
 */
export async function countLearnersOfInstructor(db: DbOrTx, instructorId: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(courseEnrollments.userId) })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(and(eq(courses.instructorId, instructorId), ne(courseEnrollments.userId, instructorId)));
  return row?.n ?? 0;
}

/** Lessons completed by the enrolled learners of each of `courseIds`, in one grouped statement. */
export async function completedLessonsByCourse(db: DbOrTx, courseIds: string[]): Promise<Map<string, number>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseLessonProgress.courseId, n: count() })
    .from(courseLessonProgress)
    .innerJoin(
      courseEnrollments,
      and(
        eq(courseEnrollments.courseId, courseLessonProgress.courseId),
        eq(courseEnrollments.userId, courseLessonProgress.userId),
      ),
    )
    .where(and(inArray(courseLessonProgress.courseId, courseIds), isNotNull(courseLessonProgress.completedAt)))
    .groupBy(courseLessonProgress.courseId);
  return new Map(rows.map((row) => [row.courseId, row.n]));
}

// Gating (issue 30)

/**
 * What the gating rule needs of one learner in one course: the lessons in course order with their settings,
 * the lessons they completed, and when they enrolled (undefined when they are not enrolled).
 */
export async function findLessonGates(db: DbOrTx, courseId: string, userId: string) {
  const [lessons, enrollment] = await Promise.all([
    db
      .select({
        id: courseLessons.id,
        title: courseLessons.title,
        freePreview: courseLessons.freePreview,
        releaseAfterDays: courseLessons.releaseAfterDays,
        releaseAt: courseLessons.releaseAt,
        prerequisiteLessonId: courseLessons.prerequisiteLessonId,
        completed: sql<boolean>`(${courseLessonProgress.completedAt} is not null)`,
      })
      .from(courseLessons)
      .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
      .leftJoin(
        courseLessonProgress,
        and(eq(courseLessonProgress.lessonId, courseLessons.id), eq(courseLessonProgress.userId, userId)),
      )
      .where(eq(courseLessons.courseId, courseId))
      .orderBy(asc(courseSections.position), asc(courseSections.id), asc(courseLessons.position)),
    db
      .select({ enrolledAt: courseEnrollments.enrolledAt })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, userId)))
      .limit(1),
  ]);
  return { lessons, enrolledAt: enrollment[0]?.enrolledAt };
}

/** Whether the user completed the course: the enrolment says so, or the certificate (kept after leaving it). */
export async function hasCompletedCourse(db: DbOrTx, courseId: string, userId: string): Promise<boolean> {
  const result = await db.execute<{ done: boolean }>(sql`select ${completedCourseSql(courseId, userId)} as done`);
  return result.rows[0]?.done === true;
}

/** Each lesson of the course with the lesson it requires (for the cycle check). */
export async function listLessonPrerequisites(db: DbOrTx, courseId: string) {
  return db
    .select({ id: courseLessons.id, prerequisiteLessonId: courseLessons.prerequisiteLessonId })
    .from(courseLessons)
    .where(eq(courseLessons.courseId, courseId));
}

/** The chain of course prerequisites starting at `courseId` (for the cycle check), as id → required id. */
export async function findCoursePrerequisiteChain(db: DbOrTx, courseId: string) {
  // One statement walks the chain; `union` (not `union all`) ends it should it ever close a loop.
  const result = await db.execute<{ id: string; prerequisite_course_id: string | null }>(sql`
    with recursive chain(id, prerequisite_course_id) as (
      select id, prerequisite_course_id from courses where id = ${courseId}
      union
      select c.id, c.prerequisite_course_id from courses c join chain on c.id = chain.prerequisite_course_id
    )
    select id, prerequisite_course_id from chain`);
  return new Map(result.rows.map((row) => [row.id, row.prerequisite_course_id] as const));
}
