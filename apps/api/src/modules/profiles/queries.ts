import { and, count, countDistinct, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  communityReplies,
  communityThreads,
  courseCertificates,
  courseEnrollments,
  courses,
  dsaProblems,
  dsaProgress,
  users,
} from '../../db/schema';
import { judgeSubmissions } from '../../db/schema/judge';

/** How many completed courses and certificates the profile lists at most. */
const COURSES_MAX = 50;

/** The learner holding `handle` (kept lower-case; compared lower-case, so the unique index serves it). */
export async function findProfileOwner(db: DbOrTx, handle: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      handle: users.handle,
      profilePic: users.profilePic,
      publicProfile: users.publicProfile,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(sql`lower(${users.handle}) = ${handle.toLowerCase()}`, isNotNull(users.handle)))
    .limit(1);
  return row;
}

/** Problems solved through the judge (an Accepted submission), on live problems. */
export async function countVerifiedSolves(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ verified: count() })
    .from(dsaProgress)
    .innerJoin(dsaProblems, eq(dsaProblems.id, dsaProgress.problemId))
    .where(
      and(
        eq(dsaProgress.userId, userId),
        eq(dsaProgress.solved, true),
        eq(dsaProgress.verified, true),
        isNull(dsaProblems.deletedAt),
      ),
    );
  return Number(row?.verified ?? 0);
}

/** The languages of the learner's accepted submissions, with how many problems each solved, most first. */
export async function acceptedLanguages(db: DbOrTx, userId: string) {
  const solved = countDistinct(judgeSubmissions.problemId);
  const rows = await db
    .select({ language: judgeSubmissions.language, solved })
    .from(judgeSubmissions)
    .where(and(eq(judgeSubmissions.userId, userId), eq(judgeSubmissions.verdict, 'Accepted')))
    .groupBy(judgeSubmissions.language)
    .orderBy(desc(solved), judgeSubmissions.language);
  return rows.map((row) => ({ language: row.language, solved: Number(row.solved) }));
}

/** Published courses the learner completed, latest first. */
export async function completedCourses(db: DbOrTx, userId: string) {
  return db
    .select({
      id: courses.id,
      slug: courses.slug,
      title: courses.title,
      completedAt: sql<Date>`${courseEnrollments.completedAt}`,
    })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(
      and(
        eq(courseEnrollments.userId, userId),
        isNotNull(courseEnrollments.completedAt),
        eq(courses.status, 'published'),
      ),
    )
    .orderBy(desc(courseEnrollments.completedAt))
    .limit(COURSES_MAX);
}

export async function certificatesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: courseCertificates.id,
      courseId: courseCertificates.courseId,
      courseTitle: courseCertificates.courseTitle,
      issuedAt: courseCertificates.issuedAt,
    })
    .from(courseCertificates)
    .where(eq(courseCertificates.userId, userId))
    .orderBy(desc(courseCertificates.issuedAt))
    .limit(COURSES_MAX);
}

/** The learner's latest visible replies in visible threads, with the thread's title and whether it was accepted. */
export async function recentAnswers(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: communityReplies.id,
      threadId: communityThreads.id,
      threadTitle: communityThreads.title,
      body: sql<string>`left(${communityReplies.body}, 400)`,
      accepted: sql<boolean>`${communityThreads.acceptedReplyId} is not distinct from ${communityReplies.id}`,
      votes: communityReplies.votes,
      createdAt: communityReplies.createdAt,
    })
    .from(communityReplies)
    .innerJoin(communityThreads, eq(communityThreads.id, communityReplies.threadId))
    .where(
      and(
        eq(communityReplies.authorId, userId),
        eq(communityReplies.hidden, false),
        eq(communityThreads.hidden, false),
      ),
    )
    .orderBy(desc(communityReplies.createdAt))
    .limit(limit);
}
