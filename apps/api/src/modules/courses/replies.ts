import type { LessonLock } from '@learnbuild/domain/rules/course-gating';
import type { CourseDetail, CourseSummary, Lesson, QuizQuestion } from '@learnbuild/domain/schemas/courses';
import type { QuizSettings } from '@learnbuild/domain/schemas/question-bank';
import { publicExerciseOf, storedExercise } from '../course-exercises/exercise-judge';

/** The url a media row is served at (the media module serves it). */
export const mediaUrl = (mediaId: string) => `/api/media/${mediaId}/content`;

/** What a list or the detail reads of a course and its instructor. */
export interface CourseSummaryRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  thumbnailMediaId: string | null;
  level: CourseSummary['level'];
  category: string;
  tags: string[];
  status: CourseSummary['status'];
  instructorId: string;
  instructorName: string;
  instructorProfilePic: string | null;
  enrolledCount: number;
  completedCount: number;
  lessonCount: number;
  totalMinutes: number;
  ratingCount: number;
  ratingSum: number;
  publishedAt: Date | null;
  updatedAt: Date;
}

export interface StudentLists {
  studentsEnrolled: string[];
  completedStudents: string[];
}

export function ratingOf(row: { ratingCount: number; ratingSum: number }) {
  return {
    average: row.ratingCount > 0 ? Math.round((row.ratingSum / row.ratingCount) * 10) / 10 : null,
    count: row.ratingCount,
  };
}

export function toCourseSummary(row: CourseSummaryRow, students: StudentLists): CourseSummary {
  return {
    _id: row.id,
    title: row.title,
    slug: row.slug,
    subtitle: row.subtitle,
    thumbnail: row.thumbnailMediaId ? mediaUrl(row.thumbnailMediaId) : null,
    level: row.level,
    category: row.category,
    tags: row.tags,
    status: row.status,
    instructor: { _id: row.instructorId, name: row.instructorName, profilePic: row.instructorProfilePic },
    studentsEnrolled: students.studentsEnrolled,
    completedStudents: students.completedStudents,
    enrolledCount: row.enrolledCount,
    completedCount: row.completedCount,
    lessonCount: row.lessonCount,
    totalMinutes: row.totalMinutes,
    rating: ratingOf(row),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stored quiz question; ids are given on write, so every stored question has one. */
export interface StoredQuizQuestion {
  id: string;
  prompt: string;
  options: string[];
  answer: number;
  explanation: string;
}

export function storedQuiz(value: unknown): StoredQuizQuestion[] {
  return Array.isArray(value) ? (value as StoredQuizQuestion[]) : [];
}

/** A lesson's stored draw settings (issue 30), or null for a quiz of fixed questions. */
export function storedQuizSettings(value: unknown): QuizSettings | null {
  if (!value || typeof value !== 'object' || !('draw' in value)) return null;
  const settings = value as Partial<QuizSettings>;
  return {
    draw: settings.draw ?? 1,
    tags: settings.tags ?? [],
    timeLimitSeconds: settings.timeLimitSeconds ?? null,
    attemptLimit: settings.attemptLimit ?? null,
  };
}

export interface LessonRow {
  id: string;
  sectionId: string;
  title: string;
  kind: Lesson['kind'];
  body: string | null;
  videoMediaId: string | null;
  videoUrl: string | null;
  quiz: unknown;
  /** A quiz drawn from the question bank (issue 30). */
  quizSettings?: unknown;
  exercise?: unknown;
  durationMinutes: number;
  freePreview: boolean;
  position: number;
  releaseAfterDays?: number | null;
  releaseAt?: Date | null;
  prerequisiteLessonId?: string | null;
  dueAfterDays?: number | null;
}

/** Who reads a lesson decides what of it they get: the editor sees answers, a locked lesson shows only its outline. */
export function toLesson(
  row: LessonRow,
  access: { canReadAll: boolean; canEdit: boolean; completed: boolean; lock?: LessonLock | null },
): Lesson {
  // Gating (issue 30): a lesson locked for an enrolled learner shows only its outline and why.
  const open = (access.canReadAll || row.freePreview) && !access.lock;
  const quiz = storedQuiz(row.quiz);
  const video =
    row.kind !== 'video'
      ? null
      : row.videoMediaId
        ? { source: 'upload' as const, url: mediaUrl(row.videoMediaId), mediaId: row.videoMediaId }
        : row.videoUrl
          ? { source: 'embed' as const, url: row.videoUrl, mediaId: null }
          : null;
  const lesson: Lesson = {
    id: row.id,
    title: row.title,
    kind: row.kind,
    durationMinutes: row.durationMinutes,
    freePreview: row.freePreview,
    position: row.position,
    completed: access.completed,
    locked: !open,
    body: open ? (row.body ?? '') : null,
    video: open ? video : null,
    quiz:
      open && row.kind === 'quiz'
        ? quiz.map((question) => ({ id: question.id, prompt: question.prompt, options: question.options }))
        : null,
  };
  // Code exercises (issue 30): a learner gets no hidden test and no reference; the editor gets all of it.
  const exercise = row.kind === 'exercise' ? storedExercise(row.exercise) : null;
  if (row.kind === 'exercise') lesson.exercise = open && exercise ? publicExerciseOf(exercise) : null;
  // A quiz drawn from the bank (issue 30): its questions come with an attempt, never with the lesson.
  const quizSettings = row.kind === 'quiz' ? storedQuizSettings(row.quizSettings) : null;
  if (quizSettings) {
    lesson.quizSettings = open || access.canEdit ? quizSettings : null;
    lesson.quiz = open ? [] : null;
  }
  if (access.lock) lesson.lock = access.lock;
  if (access.canEdit) {
    if (row.kind === 'exercise') lesson.exerciseSpec = exercise;
    lesson.quizAnswers = row.kind === 'quiz' ? (quiz as QuizQuestion[]) : null;
    lesson.gating = {
      releaseAfterDays: row.releaseAfterDays ?? null,
      releaseAt: row.releaseAt?.toISOString() ?? null,
      prerequisiteLessonId: row.prerequisiteLessonId ?? null,
      dueAfterDays: row.dueAfterDays ?? null,
    };
  }
  return lesson;
}

export type CourseViewerBlock = CourseDetail['viewer'];

export const NO_VIEWER_DATA: CourseViewerBlock = {
  enrolled: false,
  canEdit: false,
  completedLessonIds: [],
  completedAt: null,
  certificateId: null,
  lastLessonId: null,
  lastPositionSeconds: 0,
  myReview: null,
};
