import type { Verdict } from '@learnbuild/domain/judge/format';
import {
  EXERCISE_NOT_FOUND_MESSAGE,
  EXERCISE_SUBMISSIONS_LIST_MAX,
  type ExerciseLanguage,
  type ExerciseSubmission,
  type ExerciseSubmitBody,
  type ExerciseSubmitReply,
  type ExerciseValidateReply,
} from '@learnbuild/domain/schemas/exercises';
import type { FailedCase } from '@learnbuild/domain/schemas/judge';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/http-errors';
import { isUuid } from '../../lib/uuid';
import { findEnrollment, setLessonCompleted } from '../course-learning/queries';
import { courseProgress } from '../course-learning/service';
import { refuseLockedLesson } from '../courses/gating';
import { type CourseViewer, canEditCourse, canSeeCourse, resolveCourse } from '../courses/queries';
import { lesson, markSubtopic } from '../subjects/service';
import { judgeExercise, readExercise, storedExercise, validateExercise } from './exercise-judge';
import * as q from './queries';

const COURSE_NOT_FOUND = 'Course not found';
const LESSON_NOT_FOUND = 'Lesson not found';
const ENROLL_FIRST = 'Enroll in this course first';

export function toExerciseSubmission(row: q.ExerciseSubmissionRow): ExerciseSubmission & { code: string } {
  return {
    id: row.id,
    language: row.language as ExerciseLanguage,
    verdict: row.verdict as Verdict,
    passed: row.passed,
    total: row.total,
    runtimeMs: row.runtimeMs,
    failedCase: (row.failedCase as FailedCase | null) ?? null,
    ...(row.message ? { message: row.message } : {}),
    createdAt: row.createdAt.toISOString(),
    code: row.code,
  };
}

/**
 * The exercise lesson as `viewer` may act on it: 404 for an unknown or hidden course or lesson, or a lesson
 * without an exercise; 403 unless enrolled (the owner and admins may try it); 403 while gating holds it.
 */
async function reachExerciseLesson(db: Db, viewer: CourseViewer, ref: { idOrSlug: string; lessonId: string }) {
  const course = await resolveCourse(db, ref.idOrSlug);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  const enrollment = await findEnrollment(db, course.id, viewer.id);
  if (!canSeeCourse(course, viewer, enrollment !== undefined)) throw notFound(COURSE_NOT_FOUND);
  const lesson = isUuid(ref.lessonId) ? await q.findExerciseLesson(db, course.id, ref.lessonId) : undefined;
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  const exercise = lesson.kind === 'exercise' ? storedExercise(lesson.exercise) : null;
  if (!exercise) throw notFound(EXERCISE_NOT_FOUND_MESSAGE);
  const canEdit = canEditCourse(course, viewer);
  if (!enrollment && !canEdit) throw forbidden(ENROLL_FIRST);
  await refuseLockedLesson(db, { course, canEdit }, viewer, lesson.id);
  return { course, lesson, exercise, enrolled: enrollment !== undefined };
}

/**
 * Judges a submission of a lesson's exercise on the server. An enrolled learner's submission is stored, and an
 * Accepted one completes the lesson; the owner and admins may try it without anything being stored.
 * `beforeJudging` runs once access is granted (the route's rate limit), so refused calls cost no quota.
 */
export async function submitLessonExercise(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; lessonId: string },
  body: ExerciseSubmitBody,
  beforeJudging: () => Promise<void>,
): Promise<ExerciseSubmitReply & { courseInstructorId: string }> {
  const { course, lesson, exercise, enrolled } = await reachExerciseLesson(db, viewer, ref);
  await beforeJudging();
  const result = await judgeExercise(body.language, body.code, exercise);
  const accepted = result.verdict === 'Accepted';
  const judged = {
    language: body.language,
    verdict: result.verdict,
    passed: result.passed,
    total: result.total,
    runtimeMs: result.runtimeMs,
    failedCase: result.failedCase,
    ...(result.message ? { message: result.message } : {}),
  };
  if (!enrolled) {
    return {
      success: true,
      submission: { id: null, ...judged, createdAt: new Date().toISOString() },
      completed: accepted,
      courseInstructorId: course.instructorId,
    };
  }
  const row = await db.transaction(async (tx) => {
    const inserted = await q.insertExerciseSubmission(tx, {
      userId: viewer.id,
      lessonId: lesson.id,
      courseId: course.id,
      ...judgedFields(body, result),
    });
    if (accepted) await setLessonCompleted(tx, { userId: viewer.id, courseId: course.id, lessonId: lesson.id }, true);
    return inserted;
  });
  const progress = await courseProgress(db, course.id, viewer.id);
  const { code: _code, ...submission } = toExerciseSubmission(row);
  return {
    success: true,
    submission,
    completed: progress.completedLessonIds.includes(lesson.id),
    completedLessonIds: progress.completedLessonIds,
    courseInstructorId: course.instructorId,
  };
}

/** What a stored submission keeps of the code sent and the judge's verdict on it. */
function judgedFields(body: ExerciseSubmitBody, result: Awaited<ReturnType<typeof judgeExercise>>) {
  return {
    language: body.language,
    code: body.code,
    verdict: result.verdict,
    passed: result.passed,
    total: result.total,
    runtimeMs: result.runtimeMs,
    failedCase: result.failedCase,
    message: result.message ?? null,
  };
}

type SubtopicKey = { subjectId: string; topicId: string; subtopicId: string };

/** How a subtopic is named in `exercise_submissions.subtopic_key`: `subject/topic/subtopic`. */
export const subtopicKeyOf = (key: SubtopicKey) => `${key.subjectId}/${key.topicId}/${key.subtopicId}`;

async function reachSubtopicExercise(db: Db, key: SubtopicKey) {
  const row = await q.findSubtopicExercise(db, key);
  if (!row) throw notFound('Lesson not found');
  const exercise = storedExercise(row.exercise);
  if (!exercise) throw notFound(EXERCISE_NOT_FOUND_MESSAGE);
  return exercise;
}

/**
 * Judges a submission of a core-subject subtopic's exercise (any signed-in learner: core subjects are open to
 * all). It is stored; an Accepted one marks the subtopic completed through the subjects' own write.
 */
export async function submitSubtopicExercise(
  db: Db,
  viewer: CourseViewer,
  key: SubtopicKey,
  body: ExerciseSubmitBody,
  beforeJudging: () => Promise<void>,
): Promise<ExerciseSubmitReply> {
  const exercise = await reachSubtopicExercise(db, key);
  await beforeJudging();
  const result = await judgeExercise(body.language, body.code, exercise);
  // The submission and the completion it earns are stored together, or neither is.
  const { row, completed } = await db.transaction(async (tx) => {
    const inserted = await q.insertExerciseSubmission(tx, {
      userId: viewer.id,
      subtopicKey: subtopicKeyOf(key),
      ...judgedFields(body, result),
    });
    const done =
      result.verdict === 'Accepted'
        ? (await markSubtopic(tx, viewer.id, key, true)).completed
        : (await lesson(tx, key, viewer.id)).completed;
    return { row: inserted, completed: done };
  });
  const { code: _code, ...submission } = toExerciseSubmission(row);
  return { success: true, submission, completed };
}

/** The caller's own submissions of a subtopic's exercise, newest first, with their code. */
export async function listSubtopicExerciseSubmissions(db: Db, viewer: CourseViewer, key: SubtopicKey) {
  await reachSubtopicExercise(db, key);
  const rows = await q.listSubtopicSubmissions(db, viewer.id, subtopicKeyOf(key), EXERCISE_SUBMISSIONS_LIST_MAX);
  return rows.map(toExerciseSubmission);
}

/** The caller's own submissions of a lesson's exercise, newest first, with their code. */
export async function listLessonExerciseSubmissions(
  db: Db,
  viewer: CourseViewer,
  ref: { idOrSlug: string; lessonId: string },
) {
  const { lesson } = await reachExerciseLesson(db, viewer, ref);
  const rows = await q.listLessonSubmissions(db, viewer.id, lesson.id, EXERCISE_SUBMISSIONS_LIST_MAX);
  return rows.map(toExerciseSubmission);
}

/** The editor's Validate, for the course's owner and admins: the exercise as written, each test's result. */
export async function validateCourseExercise(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  input: unknown,
): Promise<ExerciseValidateReply> {
  const course = await resolveCourse(db, idOrSlug);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  if (!canEditCourse(course, viewer)) throw forbidden('Only the course instructor or an admin can change this course');
  const exercise = readExercise(input);
  return { success: true, ...(await validateExercise(exercise)) };
}
