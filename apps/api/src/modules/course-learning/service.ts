import { formatCertificateCode } from '@learnbuild/domain/certificate-code';
import {
  type Certificate,
  type CourseProgressReply,
  courseProgressPercent,
  isQuizPassed,
  type QuizResultReply,
  REVIEWS_PAGE_SIZE,
  type ReviewsReply,
} from '@learnbuild/domain/schemas/courses';
import { EXERCISE_COMPLETE_BY_PASSING_MESSAGE } from '@learnbuild/domain/schemas/exercises';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { pageWindow } from '../../lib/page-window';
import { awardBadges } from '../badges/service';
import { hasAcceptedLessonSubmission } from '../course-exercises/queries';
import { markLessonStarted } from '../course-insight/queries';
import { refuseLockedCourse, refuseLockedLesson, refuseUnmetCoursePrerequisite } from '../courses/gating';
import { publicCourseReplies } from '../courses/public-cache';
import { type CourseRow, type CourseViewer, canEditCourse, canSeeCourse, resolveCourse } from '../courses/queries';
import { ratingOf, storedQuiz } from '../courses/replies';
import { recordFixedQuizAttempt } from '../question-bank/attempts';
import * as q from './queries';

const COURSE_NOT_FOUND = 'Course not found';
const LESSON_NOT_FOUND = 'Lesson not found';
const ENROLL_FIRST = 'Enroll in this course first';

type Enrollment = NonNullable<Awaited<ReturnType<typeof q.findEnrollment>>>;

interface CourseAccess {
  course: CourseRow;
  enrollment: Enrollment | undefined;
  canEdit: boolean;
}

/** The course as this viewer may reach it: a 404 when there is none or it is hidden from them. */
async function reachCourse(db: DbOrTx, idOrSlug: string, viewer: CourseViewer | null): Promise<CourseAccess> {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const enrollment = viewer ? await q.findEnrollment(db, course.id, viewer.id) : undefined;
  if (!canSeeCourse(course, viewer, enrollment !== undefined)) throw notFound(COURSE_NOT_FOUND);
  return { course, enrollment, canEdit: canEditCourse(course, viewer) };
}

/** 403 unless the viewer is enrolled in the course reached. */
function enrolledOnly(access: CourseAccess, refusal = ENROLL_FIRST): CourseAccess & { enrollment: Enrollment } {
  if (!access.enrollment) throw forbidden(refusal);
  return { ...access, enrollment: access.enrollment };
}

async function reachLesson(db: DbOrTx, courseId: string, lessonId: string) {
  const lesson = await q.findLessonOfCourse(db, courseId, lessonId);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return lesson;
}

/** The learner's standing in the course, as every progress-changing route replies. */
export async function courseProgress(db: DbOrTx, courseId: string, userId: string): Promise<CourseProgressReply> {
  const [lessons, enrollment, certificate] = await Promise.all([
    q.lessonCompletion(db, courseId, userId),
    q.findEnrollment(db, courseId, userId),
    q.findCertificateOf(db, courseId, userId),
  ]);
  const completedLessonIds = lessons.filter((lesson) => lesson.completedAt !== null).map((lesson) => lesson.lessonId);
  return {
    success: true,
    completedLessonIds,
    percent: courseProgressPercent(completedLessonIds.length, lessons.length),
    completedAt: enrollment?.completedAt?.toISOString() ?? null,
    certificateId: certificate?.id ?? null,
  };
}

// Enrolment

/**
 * Enrols the viewer in a published course. Idempotent: a second (or simultaneous) call changes nothing.
 * Re-enrolling finds the old lesson progress where it was, and an earlier completion (its certificate) again.
 */
/**
 * Why a visitor who can see the course may not enrol in it now (409s, then the prerequisite course's 403), in this
 * order; enrolling and joining a cohort (which enrols) both ask it.
 */
export async function refuseNewEnrolment(db: DbOrTx, course: CourseRow, viewer: CourseViewer) {
  if (course.status === 'archived') throw conflict('This course is archived and takes no new learners');
  if (course.status === 'draft') throw conflict('This course is not published yet');
  if (course.instructorId === viewer.id) throw conflict('You teach this course: open any lesson to preview it');
  await refuseUnmetCoursePrerequisite(db, course, viewer);
}

export async function enroll(db: Db, viewer: CourseViewer, idOrSlug: string) {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const enrollment = await q.findEnrollment(db, course.id, viewer.id);
  // An archived course was public once: saying why is kinder than a 404 to someone with an old link.
  if (course.status === 'archived' && !enrollment) throw conflict('This course is archived and takes no new learners');
  if (!canSeeCourse(course, viewer, enrollment !== undefined)) throw notFound(COURSE_NOT_FOUND);
  if (enrollment) return { course, created: false };
  await refuseNewEnrolment(db, course, viewer);
  const created = await db.transaction(async (tx) => {
    const certificate = await q.findCertificateOf(tx, course.id, viewer.id);
    const inserted = await q.insertEnrollment(tx, {
      courseId: course.id,
      userId: viewer.id,
      completedAt: certificate?.issuedAt ?? null,
    });
    if (inserted) await q.adjustCourseCounters(tx, course.id, { enrolled: 1, completed: certificate ? 1 : 0 });
    return inserted;
  });
  if (created) publicCourseReplies.forget(db);
  return { course, created };
}

/** Leaves the course: only the enrolment row goes; lesson progress, quiz scores, certificate and review stay. */
export async function unenroll(db: Db, viewer: CourseViewer, idOrSlug: string) {
  const { course } = await reachCourse(db, idOrSlug, viewer);
  const removed = await db.transaction(async (tx) => {
    const row = await q.deleteEnrollment(tx, course.id, viewer.id);
    if (row) await q.adjustCourseCounters(tx, course.id, { enrolled: -1, completed: row.completedAt ? -1 : 0 });
    return row !== undefined;
  });
  if (removed) publicCourseReplies.forget(db);
  return { course, removed };
}

// Learning

export async function updateLessonProgress(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; lessonId: string },
  body: { completed: boolean; positionSeconds?: number },
) {
  const access = await reachCourse(db, ref.idOrSlug, viewer);
  const { course } = access;
  const lesson = await reachLesson(db, course.id, ref.lessonId);
  enrolledOnly(access);
  await refuseLockedLesson(db, access, viewer, lesson.id);
  if (lesson.kind === 'quiz' && body.completed) throw conflict('Pass the quiz to complete this lesson');
  if (lesson.kind === 'exercise' && body.completed && !(await hasAcceptedLessonSubmission(db, viewer.id, lesson.id)))
    throw conflict(EXERCISE_COMPLETE_BY_PASSING_MESSAGE);
  const key = { userId: viewer.id, courseId: course.id, lessonId: lesson.id };
  // Completion is kept once earned: reopening a lesson of a completed course leaves the certificate alone.
  await db.transaction(async (tx) => {
    await q.setLessonCompleted(tx, key, body.completed);
    if (body.positionSeconds !== undefined)
      await q.setResumePoint(tx, course.id, viewer.id, { lessonId: lesson.id, positionSeconds: body.positionSeconds });
  });
  return { course, progress: await courseProgress(db, course.id, viewer.id) };
}

/**
 * Grades a quiz on the server. Enrolled learners' attempts are stored (best score kept; a pass completes
 * the lesson); the owner and admins may try it without anything being stored.
 */
export async function submitQuiz(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; lessonId: string },
  answers: number[],
): Promise<{ course: CourseRow; stored: boolean; result: QuizResultReply }> {
  const { course, enrollment, canEdit } = await reachCourse(db, ref.idOrSlug, viewer);
  const lesson = await reachLesson(db, course.id, ref.lessonId);
  // A quiz drawn from the question bank (issue 30) is taken through its attempts.
  if (lesson.kind === 'quiz' && lesson.quizSettings)
    throw conflict('This quiz draws its questions from the question bank: start an attempt to take it');
  const questions = lesson.kind === 'quiz' ? storedQuiz(lesson.quiz) : [];
  if (questions.length === 0) throw notFound('This lesson has no quiz');
  if (!enrollment && !canEdit) throw forbidden(ENROLL_FIRST);
  await refuseLockedLesson(db, { course, canEdit }, viewer, lesson.id);
  if (answers.length !== questions.length)
    throw badRequest(`This quiz has ${questions.length} questions: send one answer for each`);
  answers.forEach((answer, index) => {
    if (answer >= (questions[index]?.options.length ?? 0))
      throw badRequest(`Answer ${index + 1} is not one of the question's options`);
  });
  const results = questions.map((question, index) => ({
    questionId: question.id,
    correct: answers[index] === question.answer,
    answer: question.answer,
    explanation: question.explanation ?? '',
  }));
  const correct = results.filter((result) => result.correct).length;
  const passed = isQuizPassed(correct, questions.length);
  if (enrollment) {
    const key = { userId: viewer.id, courseId: course.id, lessonId: lesson.id };
    await db.transaction(async (tx) => {
      await q.recordQuizAttempt(tx, key, { correct, total: questions.length, passed });
      // Issue 30: the submission is an attempt too, so the item analysis covers fixed quizzes.
      await recordFixedQuizAttempt(tx, key, questions, answers);
    });
  }
  return {
    course,
    stored: enrollment !== undefined,
    result: { success: true, correct, total: questions.length, passed, results },
  };
}

export async function saveResumePoint(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  point: { lessonId: string; positionSeconds: number },
) {
  const access = await reachCourse(db, idOrSlug, viewer);
  const lesson = await reachLesson(db, access.course.id, point.lessonId);
  enrolledOnly(access);
  await refuseLockedLesson(db, access, viewer, lesson.id);
  const { course } = access;
  await q.setResumePoint(db, course.id, viewer.id, { lessonId: lesson.id, positionSeconds: point.positionSeconds });
  // Insight (issue 30): the player saves the resume point when a lesson opens; the first one starts its time.
  await markLessonStarted(db, { userId: viewer.id, courseId: course.id, lessonId: lesson.id });
}

/**
 * Completes the course once every lesson is done: stamps the enrolment, counts the completion once and
 * issues the one certificate. Afterwards it answers the same completion and certificate.
 */
export async function completeCourse(db: Db, viewer: CourseViewer, idOrSlug: string) {
  const access = enrolledOnly(await reachCourse(db, idOrSlug, viewer));
  const { course, enrollment } = access;
  if (!enrollment.completedAt) await refuseLockedCourse(db, access, viewer);
  const { newly, badgesAwarded } = await db.transaction(async (tx) => {
    if (!enrollment.completedAt) {
      const lessons = await q.lessonCompletion(tx, course.id, viewer.id);
      if (lessons.length === 0 || lessons.some((lesson) => lesson.completedAt === null))
        throw conflict('Complete every lesson first');
    }
    const marked = await q.markEnrollmentCompleted(tx, course.id, viewer.id);
    if (marked) await q.adjustCourseCounters(tx, course.id, { completed: 1 });
    else if (!(await q.findEnrollment(tx, course.id, viewer.id))) throw forbidden(ENROLL_FIRST);
    await q.issueCertificate(tx, course.id, viewer.id);
    // A first completed course earns a badge (issue 29), in the same transaction.
    return { newly: marked !== undefined, badgesAwarded: marked ? await awardBadges(tx, viewer.id) : [] };
  });
  if (newly) publicCourseReplies.forget(db);
  return { course, newly, badgesAwarded, progress: await courseProgress(db, course.id, viewer.id) };
}

export async function certificate(db: DbOrTx, id: string): Promise<Certificate> {
  const row = await q.findCertificate(db, id);
  if (!row) throw notFound('Certificate not found');
  const { verificationCode, revokedAt, ...rest } = row;
  return {
    ...rest,
    issuedAt: row.issuedAt.toISOString(),
    code: formatCertificateCode(verificationCode),
    revokedAt: revokedAt?.toISOString() ?? null,
  };
}

// Reviews

function toReview(row: q.ReviewRow) {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    author: { id: row.authorId, name: row.authorName },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function courseReviews(
  db: DbOrTx,
  viewer: CourseViewer | null,
  idOrSlug: string,
  page: number,
): Promise<ReviewsReply> {
  const { course } = await reachCourse(db, idOrSlug, viewer);
  const [rows, totals] = await Promise.all([
    q.listReviews(db, course.id, pageWindow(page, REVIEWS_PAGE_SIZE)),
    q.courseRatingTotals(db, course.id),
  ]);
  const rating = ratingOf(totals);
  return { success: true, reviews: rows.map(toReview), total: rating.count, average: rating.average };
}

/** One review per enrolled learner; writing again replaces it. The counters move in the same transaction. */
export async function saveMyReview(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  review: { rating: number; body: string },
) {
  const access = await reachCourse(db, idOrSlug, viewer);
  const { course } = access;
  if (course.instructorId === viewer.id) throw forbidden('You cannot review your own course');
  enrolledOnly(access, 'Only learners enrolled in this course can review it');
  await db.transaction(async (tx) => {
    const values = { courseId: course.id, userId: viewer.id, ...review };
    if (await q.insertReview(tx, values)) {
      await q.adjustCourseCounters(tx, course.id, { ratings: 1, ratingSum: review.rating });
      return;
    }
    const previous = await q.lockReviewRating(tx, course.id, viewer.id);
    if (previous === undefined) {
      // Deleted between the two statements: this is a first review after all.
      if (await q.insertReview(tx, values))
        await q.adjustCourseCounters(tx, course.id, { ratings: 1, ratingSum: review.rating });
      return;
    }
    await q.updateReview(tx, course.id, viewer.id, review);
    await q.adjustCourseCounters(tx, course.id, { ratingSum: review.rating - previous });
  });
  publicCourseReplies.forget(db);
  const saved = await q.findReview(db, course.id, viewer.id);
  if (!saved) throw notFound('Review not found');
  return toReview(saved);
}

export async function deleteMyReview(db: Db, viewer: CourseViewer, idOrSlug: string): Promise<boolean> {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const removed = await db.transaction(async (tx) => {
    const row = await q.deleteReview(tx, course.id, viewer.id);
    if (row) await q.adjustCourseCounters(tx, course.id, { ratings: -1, ratingSum: -row.rating });
    return row !== undefined;
  });
  if (removed) publicCourseReplies.forget(db);
  // Without a review to remove, a course hidden from the viewer stays a 404.
  if (!removed) await reachCourse(db, idOrSlug, viewer);
  return removed;
}
