import { newCertificateCode } from '@learnbuild/domain/certificate-code';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  courseCertificates,
  courseEnrollments,
  courseLessonProgress,
  courseLessons,
  courseReviews,
  courseSections,
  courses,
  users,
} from '../../db/schema';
import { isUuid } from '../../lib/uuid';

// Enrolments

const enrollmentIs = (courseId: string, userId: string) =>
  and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, userId));

export async function findEnrollment(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .select({
      completedAt: courseEnrollments.completedAt,
      lastLessonId: courseEnrollments.lastLessonId,
      lastPositionSeconds: courseEnrollments.lastPositionSeconds,
    })
    .from(courseEnrollments)
    .where(enrollmentIs(courseId, userId))
    .limit(1);
  return row;
}

/**
 * Enrols once: a second (or simultaneous) call inserts nothing and returns false, so the caller bumps
 * the counters only for the row it really made. `completedAt` restores an earlier completion.
 */
export async function insertEnrollment(
  db: DbOrTx,
  values: { courseId: string; userId: string; completedAt: Date | null },
): Promise<boolean> {
  const inserted = await db
    .insert(courseEnrollments)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: courseEnrollments.userId });
  return inserted.length > 0;
}

/** Removes the enrolment only (lesson progress, quiz scores, the certificate and the review stay). */
export async function deleteEnrollment(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .delete(courseEnrollments)
    .where(enrollmentIs(courseId, userId))
    .returning({ completedAt: courseEnrollments.completedAt });
  return row;
}

/** Marks the enrolment complete once; returns undefined when it already was (or is gone). */
export async function markEnrollmentCompleted(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .update(courseEnrollments)
    .set({ completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(enrollmentIs(courseId, userId), isNull(courseEnrollments.completedAt)))
    .returning({ completedAt: courseEnrollments.completedAt });
  return row;
}

export async function setResumePoint(
  db: DbOrTx,
  courseId: string,
  userId: string,
  point: { lessonId: string; positionSeconds: number },
): Promise<boolean> {
  const updated = await db
    .update(courseEnrollments)
    .set({ lastLessonId: point.lessonId, lastPositionSeconds: point.positionSeconds, updatedAt: sql`now()` })
    .where(enrollmentIs(courseId, userId))
    .returning({ userId: courseEnrollments.userId });
  return updated.length > 0;
}

/** Moves the course's counters by the given amounts, in the caller's transaction. */
export async function adjustCourseCounters(
  db: DbOrTx,
  courseId: string,
  by: { enrolled?: number; completed?: number; ratings?: number; ratingSum?: number },
) {
  await db
    .update(courses)
    .set({
      enrolledCount: sql`${courses.enrolledCount} + ${by.enrolled ?? 0}`,
      completedCount: sql`${courses.completedCount} + ${by.completed ?? 0}`,
      ratingCount: sql`${courses.ratingCount} + ${by.ratings ?? 0}`,
      ratingSum: sql`${courses.ratingSum} + ${by.ratingSum ?? 0}`,
    })
    .where(eq(courses.id, courseId));
}

// Lessons and progress

export async function findLessonOfCourse(db: DbOrTx, courseId: string, lessonId: string) {
  if (!isUuid(lessonId)) return undefined;
  const [row] = await db
    .select({
      id: courseLessons.id,
      kind: courseLessons.kind,
      quiz: courseLessons.quiz,
      quizSettings: courseLessons.quizSettings,
    })
    .from(courseLessons)
    .where(and(eq(courseLessons.courseId, courseId), eq(courseLessons.id, lessonId)))
    .limit(1);
  return row;
}

/** Every lesson of the course in outline order, with whether the user has completed it. */
export async function lessonCompletion(db: DbOrTx, courseId: string, userId: string) {
  return db
    .select({ lessonId: courseLessons.id, completedAt: courseLessonProgress.completedAt })
    .from(courseLessons)
    .leftJoin(
      courseLessonProgress,
      and(eq(courseLessonProgress.lessonId, courseLessons.id), eq(courseLessonProgress.userId, userId)),
    )
    .innerJoin(courseSections, eq(courseSections.id, courseLessons.sectionId))
    .where(eq(courseLessons.courseId, courseId))
    .orderBy(asc(courseSections.position), asc(courseLessons.position), asc(courseLessons.id));
}

const progressKey = [courseLessonProgress.userId, courseLessonProgress.lessonId];

/** Completes a lesson (keeping the first completion time) or reopens it; a quiz score is kept either way. */
export async function setLessonCompleted(
  db: DbOrTx,
  key: { userId: string; courseId: string; lessonId: string },
  completed: boolean,
) {
  await db
    .insert(courseLessonProgress)
    .values({ ...key, completedAt: completed ? sql`now()` : null })
    .onConflictDoUpdate({
      target: progressKey,
      set: {
        completedAt: completed ? sql`coalesce(${courseLessonProgress.completedAt}, now())` : null,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Records a graded attempt: the best score is kept (compared as a share, since the quiz may have
 * changed size), and a pass completes the lesson; a later failed attempt does not undo that.
 */
export async function recordQuizAttempt(
  db: DbOrTx,
  key: { userId: string; courseId: string; lessonId: string },
  score: { correct: number; total: number; passed: boolean },
) {
  const better = sql`(${courseLessonProgress.quizCorrect} is null or ${courseLessonProgress.quizTotal} is null
    or ${courseLessonProgress.quizTotal} = 0
    or excluded.quiz_correct * ${courseLessonProgress.quizTotal} > ${courseLessonProgress.quizCorrect} * excluded.quiz_total)`;
  await db
    .insert(courseLessonProgress)
    .values({
      ...key,
      quizCorrect: score.correct,
      quizTotal: score.total,
      completedAt: score.passed ? sql`now()` : null,
    })
    .onConflictDoUpdate({
      target: progressKey,
      set: {
        quizCorrect: sql`case when ${better} then excluded.quiz_correct else ${courseLessonProgress.quizCorrect} end`,
        quizTotal: sql`case when ${better} then excluded.quiz_total else ${courseLessonProgress.quizTotal} end`,
        completedAt: score.passed
          ? sql`coalesce(${courseLessonProgress.completedAt}, now())`
          : sql`${courseLessonProgress.completedAt}`,
        updatedAt: sql`now()`,
      },
    });
}

// Certificates

export async function findCertificateOf(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .select({ id: courseCertificates.id, issuedAt: courseCertificates.issuedAt })
    .from(courseCertificates)
    .where(and(eq(courseCertificates.courseId, courseId), eq(courseCertificates.userId, userId)))
    .limit(1);
  return row;
}

const instructors = alias(users, 'instructors');

/** Issues the learner's one certificate of the course, with the names as they are today; never a second. */
export async function issueCertificate(db: DbOrTx, courseId: string, userId: string) {
  const [names] = await db
    .select({ learnerName: users.name, courseTitle: courses.title, instructorName: instructors.name })
    .from(courses)
    .innerJoin(users, eq(users.id, userId))
    .innerJoin(instructors, eq(instructors.id, courses.instructorId))
    .where(eq(courses.id, courseId))
    .limit(1);
  if (names)
    await db
      .insert(courseCertificates)
      .values({ courseId, userId, ...names, verificationCode: newCertificateCode() })
      .onConflictDoNothing();
  return findCertificateOf(db, courseId, userId);
}

export async function findCertificate(db: DbOrTx, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: courseCertificates.id,
      learnerName: courseCertificates.learnerName,
      courseTitle: courseCertificates.courseTitle,
      instructorName: courseCertificates.instructorName,
      courseId: courseCertificates.courseId,
      courseSlug: courses.slug,
      issuedAt: courseCertificates.issuedAt,
      verificationCode: courseCertificates.verificationCode,
      revokedAt: courseCertificates.revokedAt,
      revokedReason: courseCertificates.revokedReason,
    })
    .from(courseCertificates)
    .innerJoin(courses, eq(courses.id, courseCertificates.courseId))
    .where(eq(courseCertificates.id, id))
    .limit(1);
  return row;
}

// Reviews

export async function courseRatingTotals(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ ratingCount: courses.ratingCount, ratingSum: courses.ratingSum })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row ?? { ratingCount: 0, ratingSum: 0 };
}

const reviewColumns = {
  id: courseReviews.id,
  rating: courseReviews.rating,
  body: courseReviews.body,
  authorId: users.id,
  authorName: users.name,
  createdAt: courseReviews.createdAt,
  updatedAt: courseReviews.updatedAt,
};
export type ReviewRow = { [K in keyof typeof reviewColumns]: (typeof reviewColumns)[K]['_']['data'] };

/** A page of the course's reviews, the latest written or edited first. */
export async function listReviews(
  db: DbOrTx,
  courseId: string,
  page: { limit: number; offset: number },
): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(eq(courseReviews.courseId, courseId))
    .orderBy(desc(courseReviews.updatedAt), desc(courseReviews.id))
    .limit(page.limit)
    .offset(page.offset);
}

const reviewIs = (courseId: string, userId: string) =>
  and(eq(courseReviews.courseId, courseId), eq(courseReviews.userId, userId));

export async function findReview(db: DbOrTx, courseId: string, userId: string): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(courseReviews)
    .innerJoin(users, eq(users.id, courseReviews.userId))
    .where(reviewIs(courseId, userId))
    .limit(1);
  return row;
}

/** Writes the learner's first review; false when they already have one (even one written a moment ago). */
export async function insertReview(
  db: DbOrTx,
  values: { courseId: string; userId: string; rating: number; body: string },
): Promise<boolean> {
  const inserted = await db
    .insert(courseReviews)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: courseReviews.id });
  return inserted.length > 0;
}

/** The learner's review rating, locked until the transaction ends so two edits adjust the sum in turn. */
export async function lockReviewRating(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .select({ rating: courseReviews.rating })
    .from(courseReviews)
    .where(reviewIs(courseId, userId))
    .for('update');
  return row?.rating;
}

export async function updateReview(
  db: DbOrTx,
  courseId: string,
  userId: string,
  values: { rating: number; body: string },
) {
  await db
    .update(courseReviews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(reviewIs(courseId, userId));
}

export async function deleteReview(db: DbOrTx, courseId: string, userId: string) {
  const [row] = await db
    .delete(courseReviews)
    .where(reviewIs(courseId, userId))
    .returning({ rating: courseReviews.rating });
  return row;
}
