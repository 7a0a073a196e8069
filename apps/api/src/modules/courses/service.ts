import { randomUUID } from 'node:crypto';
import { isAdmin, isInstructor } from '@learnbuild/domain/roles';
import { seesAllLearners, visibleLearnerIds } from '@learnbuild/domain/rules/course-learners';
import { titleSlug } from '@learnbuild/domain/schemas/common';
import {
  COURSE_LEARNERS_PAGE_SIZE,
  COURSE_PAGE_SIZE,
  type CourseDetail,
  type CourseLearnersReply,
  type CoursesReply,
  type courseLearnersQuerySchema,
  courseProgressPercent,
  courseReplySchema,
  type coursesQuerySchema,
  coursesReplySchema,
  type createCourseBodySchema,
  type LessonKind,
  type lessonBodySchema,
  missingForPublish,
  PUBLISH_REQUIREMENTS,
  type QuizQuestion,
  type TeachingStatsReply,
  type updateCourseBodySchema,
  type updateLessonBodySchema,
} from '@learnbuild/domain/schemas/courses';
import { EXERCISE_MISSING_MESSAGE, type Exercise } from '@learnbuild/domain/schemas/exercises';
import type { QuizSettings } from '@learnbuild/domain/schemas/question-bank';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { conflict, forbidden, invalidFields, notFound, unauthorized } from '../../lib/http-errors';
import { pageWindow } from '../../lib/page-window';
import { isUuid } from '../../lib/uuid';
import { checkedExercise } from '../course-exercises/exercise-judge';
import { markLessonStarted } from '../course-insight/queries';
import { findMedia } from '../media/queries';
import { notifyNewLesson } from '../notifications/event-notifications';
import { checkQuizDraw } from '../question-bank/quiz-draw-check';
import { checkCoursePrerequisite, checkLessonPrerequisite, lockedLessonError } from './gating';
import { publicCourseReplies } from './public-cache';
import type { CourseRow, CourseViewer } from './queries';
import * as queries from './queries';
import { ratingOf, type StoredQuizQuestion } from './replies';

type CoursesQuery = z.output<typeof coursesQuerySchema>;
type CreateCourseBody = z.output<typeof createCourseBodySchema>;
type UpdateCourseBody = z.output<typeof updateCourseBodySchema>;
type LessonBody = z.output<typeof lessonBodySchema>;
type UpdateLessonBody = z.output<typeof updateLessonBodySchema>;
type FieldProblem = { path: string; message: string };

const courseNotFound = () => notFound('Course not found');

// Reading

export async function listCatalogue(db: Db, viewer: CourseViewer | null, query: CoursesQuery): Promise<CoursesReply> {
  const { limit, offset } = pageWindow(query.page, COURSE_PAGE_SIZE);
  const filter = { q: query.q, category: query.category, level: query.level, sort: query.sort, limit, offset };
  let found: Awaited<ReturnType<typeof queries.listCourses>>;
  if (query.mine === 'enrolled') {
    if (!viewer) throw unauthorized();
    found = await queries.listEnrolledCourses(db, viewer, filter);
  } else if (query.mine === 'teaching') {
    if (!viewer) throw unauthorized();
    if (!isInstructor(viewer.role)) throw forbidden('Only instructors have courses they teach');
    found = await queries.listCourses(db, { ...filter, instructorId: viewer.id });
  } else {
    found = await queries.listCourses(db, filter);
  }
  return { success: true, ...found, page: query.page, pageSize: COURSE_PAGE_SIZE };
}

/** The public catalogue (no `mine`) as ready JSON: the same for every caller, so it is cached (public-cache.ts). */
export function catalogueJson(db: Db, query: CoursesQuery): Promise<Buffer> {
  const key = `list:${JSON.stringify([query.q ?? '', query.category ?? '', query.level ?? '', query.sort, query.page])}`;
  return publicCourseReplies.get(db, key, async () =>
    Buffer.from(JSON.stringify(coursesReplySchema.parse(await listCatalogue(db, null, { ...query, mine: undefined })))),
  );
}

/**
 * The public catalogue as a signed-in `viewer` reads it: the shared cached reply, which holds no learner id,
 * then the ids this viewer may see (issue 26), added after the cache since the cache is everyone's: every
 * listed id of a course they teach (of every course, for an admin), elsewhere their own where they are enrolled.
 */
export async function catalogueForViewer(db: Db, viewer: CourseViewer, query: CoursesQuery): Promise<CoursesReply> {
  const reply = JSON.parse((await catalogueJson(db, query)).toString('utf8')) as CoursesReply;
  const taught: string[] = [];
  const others: string[] = [];
  for (const course of reply.courses) {
    (seesAllLearners(viewer, course.instructor._id) ? taught : others).push(course._id);
  }
  const [lists, own] = await Promise.all([
    queries.findStudentLists(db, taught),
    queries.findOwnEnrolments(db, viewer.id, others),
  ]);
  for (const course of reply.courses) {
    const listed = lists.get(course._id);
    const enrolment = own.get(course._id);
    const instructorId = course.instructor._id;
    course.studentsEnrolled = visibleLearnerIds(viewer, instructorId, listed?.studentsEnrolled ?? [], !!enrolment);
    course.completedStudents = visibleLearnerIds(
      viewer,
      instructorId,
      listed?.completedStudents ?? [],
      enrolment?.completed === true,
    );
  }
  return reply;
}

/** A course as an anonymous visitor sees it, as ready JSON (cached like the catalogue). */
export function anonymousCourseJson(db: Db, idOrSlug: string): Promise<Buffer> {
  return publicCourseReplies.get(db, `course:${idOrSlug.trim().toLowerCase()}`, async () =>
    Buffer.from(
      JSON.stringify(courseReplySchema.parse({ success: true, course: await getCourse(db, idOrSlug, null) })),
    ),
  );
}

/**
 * One lesson with its content as `viewer` may read it (issue 30): 401 for a visitor and 403 for someone not
 * enrolled unless it is a free preview; 403 `{error, opensAt?}` while gating holds it for an enrolled learner.
 */
export async function getLesson(db: DbOrTx, idOrSlug: string, lessonId: string, viewer: CourseViewer | null) {
  const course = await getCourse(db, idOrSlug, viewer);
  const lesson = course.sections.flatMap((section) => section.lessons).find((each) => each.id === lessonId);
  if (!lesson) throw notFound('Lesson not found');
  if (lesson.lock) throw lockedLessonError(lesson.lock);
  if (lesson.locked) {
    if (!viewer) throw unauthorized();
    throw forbidden('Enroll in this course first');
  }
  // Insight (issue 30): the first opening starts the learner's time on the lesson.
  if (viewer && course.viewer.enrolled)
    await markLessonStarted(db, { userId: viewer.id, courseId: course._id, lessonId });
  return lesson;
}

export async function getCourse(db: DbOrTx, idOrSlug: string, viewer: CourseViewer | null): Promise<CourseDetail> {
  const course = await queries.findCourseForViewer(db, idOrSlug, viewer);
  if (!course) throw courseNotFound();
  return course;
}

/** The course `viewer` may edit: 404 when unknown, 403 when it is someone else's. */
async function editableCourse(db: DbOrTx, viewer: CourseViewer, idOrSlug: string): Promise<CourseRow> {
  const course = await queries.resolveCourse(db, idOrSlug);
  if (!course) throw courseNotFound();
  if (!queries.canEditCourse(course, viewer))
    throw forbidden('Only the course instructor or an admin can change this course');
  return course;
}

/**
 * Runs a curriculum or details edit in one transaction holding the course row's lock, recounts the
 * lesson counters in it, and answers with the whole course as its editor sees it.
 */
async function editCourse(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  edit: (tx: DbOrTx, course: CourseRow) => Promise<void>,
): Promise<CourseDetail> {
  const found = await editableCourse(db, viewer, idOrSlug);
  await db.transaction(async (tx) => {
    const course = await queries.lockCourse(tx, found.id);
    if (!course) throw courseNotFound();
    await edit(tx, course);
    const counted = await queries.recountLessons(tx, course.id);
    if (counted.status === 'published' && counted.lessonCount === 0) {
      throw conflict('A published course needs at least one lesson: unpublish it first');
    }
  });
  publicCourseReplies.forget(db);
  return getCourse(db, found.id, viewer);
}

// Course details

/** A url-safe slug of a title; never shaped like a uuid, so `/courses/:id` can tell them apart. */
function slugify(title: string): string {
  const slug = titleSlug(title) || 'course';
  return isUuid(slug) ? `${slug}-course` : slug;
}

async function freeSlug(db: DbOrTx, title: string): Promise<string> {
  const base = slugify(title);
  const taken = await queries.findSlugsLike(db, base);
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

async function checkThumbnail(db: DbOrTx, viewer: CourseViewer, mediaId: string) {
  const found = await findMedia(db, mediaId);
  if (found?.kind !== 'image' || (found.ownerId !== viewer.id && !isAdmin(viewer.role))) {
    throw invalidFields('Choose one of your uploaded images as the thumbnail', [
      { path: 'thumbnailMediaId', message: 'Choose one of your uploaded images as the thumbnail' },
    ]);
  }
}

export async function createCourse(db: Db, viewer: CourseViewer, body: CreateCourseBody): Promise<CourseDetail> {
  if (body.thumbnailMediaId) await checkThumbnail(db, viewer, body.thumbnailMediaId);
  if (body.prerequisiteCourseId) await checkCoursePrerequisite(db, null, body.prerequisiteCourseId);
  // Two courses of the same title at the same moment: the loser of the unique slug takes the next number.
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await queries.insertCourse(db, {
        slug: await freeSlug(db, body.title),
        title: body.title,
        subtitle: body.subtitle,
        description: body.description,
        category: body.category,
        level: body.level,
        tags: [...new Set(body.tags)],
        outcomes: body.outcomes,
        thumbnailMediaId: body.thumbnailMediaId ?? null,
        sequential: body.sequential ?? false,
        prerequisiteCourseId: body.prerequisiteCourseId ?? null,
        instructorId: viewer.id,
        status: 'draft',
      });
      return getCourse(db, row.id, viewer);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export function publishProblems(course: { title: string; description: string; lessonCount: number }): FieldProblem[] {
  return missingForPublish(course).map((key) => ({ path: key, message: PUBLISH_REQUIREMENTS[key] }));
}

export async function updateCourse(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  body: UpdateCourseBody,
): Promise<CourseDetail> {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    if (body.thumbnailMediaId && body.thumbnailMediaId !== course.thumbnailMediaId) {
      await checkThumbnail(tx, viewer, body.thumbnailMediaId);
    }
    if (body.prerequisiteCourseId && body.prerequisiteCourseId !== course.prerequisiteCourseId)
      await checkCoursePrerequisite(tx, course.id, body.prerequisiteCourseId);
    const set: Partial<queries.NewCourse> = {
      title: body.title,
      subtitle: body.subtitle,
      description: body.description,
      category: body.category,
      level: body.level,
      tags: body.tags ? [...new Set(body.tags)] : undefined,
      outcomes: body.outcomes,
      thumbnailMediaId: body.thumbnailMediaId,
      status: body.status,
      sequential: body.sequential,
      prerequisiteCourseId: body.prerequisiteCourseId,
    };
    if (body.status === 'published') {
      const problems = publishProblems({
        title: body.title ?? course.title,
        description: body.description ?? course.description,
        lessonCount: course.lessonCount,
      });
      if (problems.length > 0) throw invalidFields('This course is not ready to publish', problems);
      if (!course.publishedAt) set.publishedAt = new Date();
    }
    await queries.updateCourseRow(tx, course.id, set);
  });
}

export async function deleteCourse(db: Db, viewer: CourseViewer, idOrSlug: string) {
  const found = await editableCourse(db, viewer, idOrSlug);
  const result = await db.transaction(async (tx) => {
    const course = await queries.lockCourse(tx, found.id);
    if (!course) throw courseNotFound();
    if (await queries.courseHasLearners(tx, course.id)) {
      await queries.updateCourseRow(tx, course.id, { status: 'archived' });
      return {
        success: true as const,
        archived: true,
        message: 'The course has learners, so it was archived: they keep their progress and certificates',
      };
    }
    await queries.eraseCourse(tx, course.id);
    return { success: true as const, archived: false, message: 'Course deleted' };
  });
  publicCourseReplies.forget(db);
  return result;
}

// Sections

function checkNewOrder(current: string[], ids: string[], what: 'section' | 'lesson') {
  const unique = new Set(ids);
  const same = unique.size === ids.length && ids.length === current.length && current.every((id) => unique.has(id));
  if (!same) {
    const message =
      what === 'section'
        ? 'The new order must list every section of this course exactly once'
        : 'The new order must list every lesson of this section exactly once';
    throw invalidFields(message, [{ path: 'ids', message }]);
  }
}

async function sectionOf(tx: DbOrTx, courseId: string, sectionId: string) {
  const section = await queries.findSection(tx, courseId, sectionId);
  if (!section) throw notFound('Section not found');
  return section;
}

export function addSection(db: Db, viewer: CourseViewer, idOrSlug: string, title: string) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    await queries.insertSection(tx, course.id, title);
  });
}

export function renameSection(db: Db, viewer: CourseViewer, idOrSlug: string, sectionId: string, title: string) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    await sectionOf(tx, course.id, sectionId);
    await queries.renameSection(tx, sectionId, title);
  });
}

export function deleteSection(db: Db, viewer: CourseViewer, idOrSlug: string, sectionId: string) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    await sectionOf(tx, course.id, sectionId);
    await queries.deleteSection(tx, sectionId);
    await queries.renumberSections(tx, course.id);
  });
}

export function reorderSections(db: Db, viewer: CourseViewer, idOrSlug: string, ids: string[]) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    checkNewOrder(await queries.listSectionIds(tx, course.id), ids, 'section');
    await queries.setSectionOrder(tx, course.id, ids);
  });
}

// Lessons

interface LessonContent {
  kind: LessonKind;
  videoMediaId: string | null;
  videoUrl: string | null;
  quiz: QuizQuestion[] | null;
  /** A quiz drawn from the question bank (issue 30): its fixed questions, if any, are kept but not asked. */
  quizSettings?: QuizSettings | null;
  /** undefined: keep `stored` (an exercise is judged once, when it is sent). */
  exercise?: unknown;
  stored?: unknown;
}

/** Questions keep their ids (unique within the quiz); new ones get one. */
function withQuestionIds(quiz: QuizQuestion[]): StoredQuizQuestion[] {
  const seen = new Set<string>();
  return quiz.map((question) => {
    const id = question.id && !seen.has(question.id) ? question.id : randomUUID();
    seen.add(id);
    return {
      id,
      prompt: question.prompt,
      options: question.options,
      answer: question.answer,
      explanation: question.explanation ?? '',
    };
  });
}

/** What a lesson of its kind must hold; 400 with every problem at once. Fields of other kinds are dropped. */
async function checkLessonContent(tx: DbOrTx, viewer: CourseViewer, content: LessonContent) {
  const problems: FieldProblem[] = [];
  if (content.kind === 'video') {
    if (content.videoMediaId && content.videoUrl) {
      problems.push({ path: 'videoUrl', message: 'Choose an uploaded video or a link, not both' });
    } else if (content.videoMediaId) {
      const found = await findMedia(tx, content.videoMediaId);
      if (found?.kind !== 'video' || (found.ownerId !== viewer.id && !isAdmin(viewer.role))) {
        problems.push({ path: 'videoMediaId', message: 'Choose one of your uploaded videos' });
      }
    } else if (!content.videoUrl) {
      problems.push({
        path: 'videoMediaId',
        message: 'A video lesson needs an uploaded video or a YouTube or Vimeo link',
      });
    }
  }
  if (content.kind === 'quiz' && !content.quizSettings) {
    const quiz = content.quiz ?? [];
    if (quiz.length === 0) problems.push({ path: 'quiz', message: 'A quiz needs at least one question' });
    quiz.forEach((question, index) => {
      if (question.answer >= question.options.length) {
        problems.push({ path: `quiz.${index}.answer`, message: 'The correct answer must be one of the options' });
      }
    });
  }
  if (content.kind === 'exercise' && content.exercise == null && content.stored == null)
    problems.push({ path: 'exercise', message: EXERCISE_MISSING_MESSAGE });
  if (problems.length > 0) throw invalidFields(problems[0]!.message, problems);
  return {
    exercise:
      content.kind !== 'exercise'
        ? null
        : content.exercise != null
          ? await checkedExercise(content.exercise, content.stored)
          : (content.stored as Exercise),
    kind: content.kind,
    videoMediaId: content.kind === 'video' ? content.videoMediaId : null,
    videoUrl: content.kind === 'video' ? content.videoUrl : null,
    quiz: content.kind === 'quiz' ? withQuestionIds(content.quiz ?? []) : null,
    quizSettings: content.kind === 'quiz' ? (content.quizSettings ?? null) : null,
  };
}

/** The gating settings a lesson write sends (undefined: unchanged, null: removed). */
function gatingOf(body: UpdateLessonBody) {
  return {
    releaseAfterDays: body.releaseAfterDays,
    dueAfterDays: body.dueAfterDays,
    releaseAt: body.releaseAt === undefined ? undefined : body.releaseAt === null ? null : new Date(body.releaseAt),
    prerequisiteLessonId: body.prerequisiteLessonId,
  };
}

export function addLesson(db: Db, viewer: CourseViewer, idOrSlug: string, sectionId: string, body: LessonBody) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    await sectionOf(tx, course.id, sectionId);
    if (body.sectionId && body.sectionId !== sectionId) await sectionOf(tx, course.id, body.sectionId);
    const content = await checkLessonContent(tx, viewer, {
      kind: body.kind,
      videoMediaId: body.videoMediaId ?? null,
      videoUrl: body.videoUrl ?? null,
      quiz: body.quiz ?? null,
      quizSettings: body.quizSettings ?? null,
      exercise: body.exercise,
    });
    if (content.quizSettings) await checkQuizDraw(tx, course.id, content.quizSettings);
    if (body.prerequisiteLessonId) await checkLessonPrerequisite(tx, course.id, null, body.prerequisiteLessonId);
    const lesson = await queries.insertLesson(tx, {
      courseId: course.id,
      sectionId: body.sectionId ?? sectionId,
      title: body.title,
      body: body.body,
      durationMinutes: body.durationMinutes,
      freePreview: body.freePreview,
      ...gatingOf(body),
      ...content,
    });
    await notifyNewLesson(tx, { course, lesson: { id: lesson.id, title: body.title }, actorId: viewer.id });
  });
}

export function updateLesson(db: Db, viewer: CourseViewer, idOrSlug: string, lessonId: string, body: UpdateLessonBody) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    const lesson = await queries.findLesson(tx, course.id, lessonId);
    if (!lesson) throw notFound('Lesson not found');
    // A new upload replaces a link and the other way round, unless the request names both.
    const videoMediaId =
      body.videoMediaId !== undefined ? body.videoMediaId : body.videoUrl ? null : lesson.videoMediaId;
    const videoUrl = body.videoUrl !== undefined ? body.videoUrl : body.videoMediaId ? null : lesson.videoUrl;
    const content = await checkLessonContent(tx, viewer, {
      kind: body.kind ?? lesson.kind,
      videoMediaId,
      videoUrl,
      quiz: body.quiz !== undefined ? body.quiz : (lesson.quiz as QuizQuestion[] | null),
      quizSettings: body.quizSettings !== undefined ? body.quizSettings : (lesson.quizSettings as QuizSettings | null),
      exercise: body.exercise,
      stored: lesson.exercise,
    });
    if (body.quizSettings && content.quizSettings) await checkQuizDraw(tx, course.id, content.quizSettings);
    if (body.prerequisiteLessonId && body.prerequisiteLessonId !== lesson.prerequisiteLessonId)
      await checkLessonPrerequisite(tx, course.id, lesson.id, body.prerequisiteLessonId);
    await queries.updateLessonRow(tx, lesson.id, {
      title: body.title,
      body: body.body,
      durationMinutes: body.durationMinutes,
      freePreview: body.freePreview,
      ...gatingOf(body),
      ...content,
    });
    if (body.sectionId && body.sectionId !== lesson.sectionId) {
      await sectionOf(tx, course.id, body.sectionId);
      await queries.moveLesson(tx, lesson.id, body.sectionId);
      await queries.renumberLessons(tx, lesson.sectionId);
    }
  });
}

export function deleteLesson(db: Db, viewer: CourseViewer, idOrSlug: string, lessonId: string) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    const lesson = await queries.findLesson(tx, course.id, lessonId);
    if (!lesson) throw notFound('Lesson not found');
    await queries.deleteLesson(tx, lesson.id);
    await queries.renumberLessons(tx, lesson.sectionId);
  });
}

export function reorderLessons(db: Db, viewer: CourseViewer, idOrSlug: string, sectionId: string, ids: string[]) {
  return editCourse(db, viewer, idOrSlug, async (tx, course) => {
    await sectionOf(tx, course.id, sectionId);
    checkNewOrder(await queries.listLessonIds(tx, sectionId), ids, 'lesson');
    await queries.setLessonOrder(tx, sectionId, ids);
  });
}

// Instructor Panel

export async function listLearners(
  db: Db,
  viewer: CourseViewer,
  idOrSlug: string,
  query: z.output<typeof courseLearnersQuerySchema>,
): Promise<CourseLearnersReply> {
  const course = await editableCourse(db, viewer, idOrSlug);
  const { rows, total } = await queries.listCourseLearners(db, course.id, {
    q: query.q,
    ...pageWindow(query.page, COURSE_LEARNERS_PAGE_SIZE),
  });
  return {
    success: true,
    total,
    learners: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      enrolledAt: row.enrolledAt.toISOString(),
      completedLessons: row.completedLessons,
      percent: courseProgressPercent(row.completedLessons, course.lessonCount),
      completedAt: row.completedAt?.toISOString() ?? null,
    })),
  };
}

/** Average progress is over the current learners: lessons they completed out of all they could. */
export function averageProgress(completedLessons: number, learners: number, lessonCount: number): number {
  if (learners <= 0 || lessonCount <= 0) return 0;
  return Math.round((Math.min(completedLessons, learners * lessonCount) / (learners * lessonCount)) * 100);
}

export async function teachingStats(db: Db, viewer: CourseViewer): Promise<TeachingStatsReply> {
  const [rows, learners] = await Promise.all([
    queries.listTeachingCourses(db, viewer.id),
    queries.countLearnersOfInstructor(db, viewer.id),
  ]);
  const done = await queries.completedLessonsByCourse(
    db,
    rows.map((row) => row.id),
  );
  const list = rows.map((row) => ({
    _id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    learners: row.enrolledCount,
    completions: row.completedCount,
    averageProgress: averageProgress(done.get(row.id) ?? 0, row.enrolledCount, row.lessonCount),
    lessonCount: row.lessonCount,
    rating: ratingOf(row),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return {
    success: true,
    courses: list,
    totals: {
      courses: list.length,
      // People, not enrolments: a learner of two of the courses is one learner (the dashboard's Total Students).
      learners,
      completions: list.reduce((sum, row) => sum + row.completions, 0),
    },
  };
}
