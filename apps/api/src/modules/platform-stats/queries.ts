import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courses, dsaProgress, instructorApplications, users } from '../../db/schema';

export interface TimeRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

/** Only accounts whose owner verified the address count: an unverified sign-up is nobody's yet. */
const verified = isNotNull(users.emailVerifiedAt);
/** SPEC 6: pending users show as Student, so they count as students. */
const STUDENT_ROLES = ['Student', 'pending_instructor'] as const;

export async function countPeople(db: DbOrTx) {
  const [row] = await db
    .select({
      students: sql<number>`(count(*) filter (where ${inArray(users.role, [...STUDENT_ROLES])}))::int`,
      instructors: sql<number>`(count(*) filter (where ${eq(users.role, 'Instructor')}))::int`,
    })
    .from(users)
    .where(verified);
  return { students: row?.students ?? 0, instructors: row?.instructors ?? 0 };
}

export async function countNewStudents(db: DbOrTx, range: TimeRange): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(
      and(
        verified,
        inArray(users.role, [...STUDENT_ROLES]),
        gte(users.createdAt, range.from),
        lt(users.createdAt, range.to),
      ),
    );
  return row?.n ?? 0;
}

export async function countPendingApplications(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(instructorApplications)
    .where(eq(instructorApplications.status, 'pending'));
  return row?.n ?? 0;
}

/** DSA users have solved at least one problem; active ones solved one in (since, until]. */
export async function countDsaUsers(db: DbOrTx, since: Date, until: Date) {
  const [all] = await db
    .select({ n: countDistinct(dsaProgress.userId) })
    .from(dsaProgress)
    .where(eq(dsaProgress.solved, true));
  const [active] = await db
    .select({ n: countDistinct(dsaProgress.userId) })
    .from(dsaProgress)
    .where(and(eq(dsaProgress.solved, true), gt(dsaProgress.solvedAt, since), lte(dsaProgress.solvedAt, until)));
  return { totalUsers: all?.n ?? 0, activeUsers: active?.n ?? 0 };
}

export interface CourseFigures {
  totalCourses: number;
  newCoursesThisMonth: number;
  totalEnrollments: number;
  topInstructors: { id: string; name: string; email: string; courseCount: number }[];
}

/**
 * Everything the statistics read from courses, in one place (docs/decisions.md "Instructor applications and
 * admin"): published courses only, from the counters on `courses` (no enrolment row is counted here).
 * New courses are those first published in the month that are still published; top instructors are ordered
 * by their published courses, then longest-standing first.
 */
export async function findCourseFigures(db: DbOrTx, month: TimeRange, topLimit: number): Promise<CourseFigures> {
  const published = eq(courses.status, 'published');
  const [[totals], instructors] = await Promise.all([
    db
      .select({
        totalCourses: sql<number>`count(*)::int`,
        totalEnrollments: sql<number>`coalesce(sum(${courses.enrolledCount}), 0)::int`,
        newCoursesThisMonth: sql<number>`(count(*) filter (where ${and(
          gte(courses.publishedAt, month.from),
          lt(courses.publishedAt, month.to),
        )}))::int`,
      })
      .from(courses)
      .where(published),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        courseCount: sql<number>`count(${courses.id})::int`,
      })
      .from(users)
      .leftJoin(courses, and(eq(courses.instructorId, users.id), published))
      .where(and(verified, eq(users.role, 'Instructor')))
      .groupBy(users.id)
      .orderBy(desc(sql`count(${courses.id})`), asc(users.createdAt), asc(users.id))
      .limit(topLimit),
  ]);
  return {
    totalCourses: totals?.totalCourses ?? 0,
    newCoursesThisMonth: totals?.newCoursesThisMonth ?? 0,
    totalEnrollments: totals?.totalEnrollments ?? 0,
    topInstructors: instructors,
  };
}

export async function listRecentUsers(db: DbOrTx, limit: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(verified)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}
