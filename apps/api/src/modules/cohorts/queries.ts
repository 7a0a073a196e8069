import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  calendarFeeds,
  courseAnnouncements,
  courseCohortMembers,
  courseCohorts,
  courseEnrollments,
  courseLessonProgress,
  courseLessons,
  courseSections,
  courses,
  userPreferences,
  users,
} from '../../db/schema';
import { inUserWindow, storedZoneOf } from '../notifications/mail-queries';

export type CohortRow = typeof courseCohorts.$inferSelect;
export type NewCohort = typeof courseCohorts.$inferInsert;

// Cohorts

export function listCohorts(db: DbOrTx, courseId: string): Promise<CohortRow[]> {
  return db
    .select()
    .from(courseCohorts)
    .where(eq(courseCohorts.courseId, courseId))
    .orderBy(asc(courseCohorts.startsAt), asc(courseCohorts.id));
}

export async function findCohort(db: DbOrTx, courseId: string, cohortId: string): Promise<CohortRow | undefined> {
  const [row] = await db
    .select()
    .from(courseCohorts)
    .where(and(eq(courseCohorts.courseId, courseId), eq(courseCohorts.id, cohortId)))
    .limit(1);
  return row;
}

export async function lockCohort(tx: DbOrTx, courseId: string, cohortId: string): Promise<CohortRow | undefined> {
  const [row] = await tx
    .select()
    .from(courseCohorts)
    .where(and(eq(courseCohorts.courseId, courseId), eq(courseCohorts.id, cohortId)))
    .for('update');
  return row;
}

export async function insertCohort(db: DbOrTx, values: NewCohort): Promise<CohortRow> {
  const [row] = await db.insert(courseCohorts).values(values).returning();
  return row!;
}

export async function updateCohortRow(db: DbOrTx, cohortId: string, set: Partial<NewCohort>): Promise<CohortRow> {
  const [row] = await db.update(courseCohorts).set(set).where(eq(courseCohorts.id, cohortId)).returning();
  return row!;
}

export async function deleteCohort(db: DbOrTx, courseId: string, cohortId: string): Promise<boolean> {
  const rows = await db
    .delete(courseCohorts)
    .where(and(eq(courseCohorts.courseId, courseId), eq(courseCohorts.id, cohortId)))
    .returning({ id: courseCohorts.id });
  return rows.length > 0;
}

/** The user's cohort of a course, if any. */
export async function findMembership(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .select({ cohortId: courseCohortMembers.cohortId, joinedAt: courseCohortMembers.joinedAt })
    .from(courseCohortMembers)
    .where(and(eq(courseCohortMembers.courseId, courseId), eq(courseCohortMembers.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Takes a seat in one statement: the row changes only while a seat is free, so simultaneous joins never pass
 * the capacity (each waits for the row lock and re-reads `member_count`). Undefined when the cohort is full.
 */
export async function takeSeat(tx: DbOrTx, cohortId: string): Promise<CohortRow | undefined> {
  const [row] = await tx
    .update(courseCohorts)
    .set({ memberCount: sql`${courseCohorts.memberCount} + 1` })
    .where(
      and(
        eq(courseCohorts.id, cohortId),
        or(isNull(courseCohorts.capacity), sql`${courseCohorts.memberCount} < ${courseCohorts.capacity}`),
      ),
    )
    .returning();
  return row;
}

export async function releaseSeat(tx: DbOrTx, cohortId: string): Promise<CohortRow | undefined> {
  const [row] = await tx
    .update(courseCohorts)
    .set({ memberCount: sql`greatest(${courseCohorts.memberCount} - 1, 0)` })
    .where(eq(courseCohorts.id, cohortId))
    .returning();
  return row;
}

/** False when the user already is in a cohort of this course (one per course, by the unique key). */
export async function insertMember(tx: DbOrTx, values: { cohortId: string; courseId: string; userId: string }) {
  const rows = await tx
    .insert(courseCohortMembers)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: courseCohortMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(tx: DbOrTx, cohortId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(courseCohortMembers)
    .where(and(eq(courseCohortMembers.cohortId, cohortId), eq(courseCohortMembers.userId, userId)))
    .returning({ userId: courseCohortMembers.userId });
  return rows.length > 0;
}

export async function cohortMemberIds(db: DbOrTx, cohortId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: courseCohortMembers.userId })
    .from(courseCohortMembers)
    .where(eq(courseCohortMembers.cohortId, cohortId));
  return rows.map((row) => row.userId);
}

export async function enrolledLearnerIds(db: DbOrTx, courseId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.courseId, courseId));
  return rows.map((row) => row.userId);
}

// The schedule

/** The lessons of a course that have a due date, in course order, with whether the user completed each. */
export function dueLessons(db: DbOrTx, courseId: string, userId: string) {
  return db
    .select({
      lessonId: courseLessons.id,
      title: courseLessons.title,
      kind: courseLessons.kind,
      dueAfterDays: sql<number>`${courseLessons.dueAfterDays}`,
      completedAt: courseLessonProgress.completedAt,
    })
    .from(courseLessons)
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .leftJoin(
      courseLessonProgress,
      and(eq(courseLessonProgress.lessonId, courseLessons.id), eq(courseLessonProgress.userId, userId)),
    )
    .where(and(eq(courseLessons.courseId, courseId), isNotNull(courseLessons.dueAfterDays)))
    .orderBy(asc(courseSections.position), asc(courseLessons.position), asc(courseLessons.id));
}

export async function storedTimeZone(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: userPreferences.timeZone })
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row?.timeZone ?? null;
}

/** Every due lesson of every cohort the user is in, for the calendar feed. */
export function dueLessonsOfUser(db: DbOrTx, userId: string) {
  return db
    .select({
      cohortId: courseCohorts.id,
      cohortTitle: courseCohorts.title,
      startsAt: courseCohorts.startsAt,
      courseId: courses.id,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      lessonId: courseLessons.id,
      lessonTitle: courseLessons.title,
      dueAfterDays: sql<number>`${courseLessons.dueAfterDays}`,
    })
    .from(courseCohortMembers)
    .innerJoin(courseCohorts, eq(courseCohorts.id, courseCohortMembers.cohortId))
    .innerJoin(courses, eq(courses.id, courseCohorts.courseId))
    .innerJoin(courseLessons, and(eq(courseLessons.courseId, courses.id), isNotNull(courseLessons.dueAfterDays)))
    .where(eq(courseCohortMembers.userId, userId))
    .orderBy(asc(courseCohorts.startsAt), asc(courseLessons.dueAfterDays), asc(courseLessons.id));
}

// The reminders

export interface DueCandidate {
  userId: string;
  timeZone: string;
  cohortId: string;
  startsAt: Date;
  courseSlug: string;
  courseTitle: string;
  lessonTitle: string;
  dueAfterDays: number;
}

/**
 * The not yet completed due lessons of running or upcoming cohorts for the members of the window after `after` up
 * to `end` whose stored zone is one of `zones`; the caller keeps those due tomorrow in each zone.
 */
export async function dueCandidates(
  db: DbOrTx,
  zones: string[],
  now: Date,
  after: string | null,
  end: string | null,
): Promise<DueCandidate[]> {
  if (zones.length === 0) return [];
  const zone = storedZoneOf(sql`${courseCohortMembers.userId}`);
  const rows = await db
    .select({
      userId: courseCohortMembers.userId,
      timeZone: zone,
      cohortId: courseCohorts.id,
      startsAt: courseCohorts.startsAt,
      courseSlug: courses.slug,
      courseTitle: courses.title,
      lessonTitle: courseLessons.title,
      dueAfterDays: sql<number>`${courseLessons.dueAfterDays}`,
    })
    .from(courseCohortMembers)
    .innerJoin(courseCohorts, eq(courseCohorts.id, courseCohortMembers.cohortId))
    .innerJoin(courses, eq(courses.id, courseCohorts.courseId))
    .innerJoin(courseLessons, and(eq(courseLessons.courseId, courses.id), isNotNull(courseLessons.dueAfterDays)))
    .leftJoin(
      courseLessonProgress,
      and(
        eq(courseLessonProgress.lessonId, courseLessons.id),
        eq(courseLessonProgress.userId, courseCohortMembers.userId),
      ),
    )
    .where(
      and(
        sql`${inUserWindow(sql`${courseCohortMembers.userId}`, after, end)}`,
        isNull(courseLessonProgress.completedAt),
        // A due day is at most a day and a half from any instant; older cohorts' dates are past.
        sql`${courseCohorts.startsAt} + make_interval(days => ${courseLessons.dueAfterDays}) > ${now}::timestamptz - interval '2 days'`,
        sql`${courseCohorts.startsAt} + make_interval(days => ${courseLessons.dueAfterDays}) < ${now}::timestamptz + interval '3 days'`,
        inArray(zone, zones),
      ),
    )
    .orderBy(asc(courseCohortMembers.userId), asc(courseCohorts.id), asc(courseLessons.dueAfterDays));
  return rows.map((row) => ({ ...row, dueAfterDays: Number(row.dueAfterDays) }));
}

// The calendar feed

export async function findFeedOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return row;
}

/** Keeps the new token's hash in place of the old one: the old address stops working in the same statement. */
export async function replaceFeed(db: DbOrTx, userId: string, tokenHash: string) {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt });
  return row!;
}

export async function deleteFeed(db: DbOrTx, userId: string): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return rows.length > 0;
}

export async function findFeedOwner(db: DbOrTx, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .limit(1);
  return row?.userId;
}

// Announcements

const announcementColumns = {
  id: courseAnnouncements.id,
  title: courseAnnouncements.title,
  body: courseAnnouncements.body,
  cohortId: courseAnnouncements.cohortId,
  cohortTitle: courseCohorts.title,
  authorName: users.name,
  createdAt: courseAnnouncements.createdAt,
};

/**
 * A course's announcements, newest first: all of them (`cohortId` undefined, for the owner and admins), or those
 * to the whole course and to one cohort (`cohortId`, a learner's, or null for a learner in none).
 */
export function listAnnouncements(db: DbOrTx, courseId: string, cohortId?: string | null) {
  const audience =
    cohortId === undefined
      ? undefined
      : cohortId === null
        ? isNull(courseAnnouncements.cohortId)
        : or(isNull(courseAnnouncements.cohortId), eq(courseAnnouncements.cohortId, cohortId));
  return db
    .select(announcementColumns)
    .from(courseAnnouncements)
    .leftJoin(courseCohorts, eq(courseCohorts.id, courseAnnouncements.cohortId))
    .leftJoin(users, eq(users.id, courseAnnouncements.authorId))
    .where(and(eq(courseAnnouncements.courseId, courseId), audience))
    .orderBy(desc(courseAnnouncements.createdAt), desc(courseAnnouncements.id))
    .limit(100);
}

export async function insertAnnouncement(db: DbOrTx, values: typeof courseAnnouncements.$inferInsert) {
  const [row] = await db.insert(courseAnnouncements).values(values).returning({ id: courseAnnouncements.id });
  return row!.id;
}

export async function findAnnouncement(db: DbOrTx, courseId: string, announcementId: string) {
  const [row] = await db
    .select(announcementColumns)
    .from(courseAnnouncements)
    .leftJoin(courseCohorts, eq(courseCohorts.id, courseAnnouncements.cohortId))
    .leftJoin(users, eq(users.id, courseAnnouncements.authorId))
    .where(and(eq(courseAnnouncements.courseId, courseId), eq(courseAnnouncements.id, announcementId)))
    .limit(1);
  return row;
}

export async function deleteAnnouncement(db: DbOrTx, courseId: string, announcementId: string): Promise<boolean> {
  const rows = await db
    .delete(courseAnnouncements)
    .where(and(eq(courseAnnouncements.courseId, courseId), eq(courseAnnouncements.id, announcementId)))
    .returning({ id: courseAnnouncements.id });
  return rows.length > 0;
}
