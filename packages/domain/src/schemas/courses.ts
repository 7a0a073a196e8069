import { z } from 'zod';
import {
  COURSE_CATEGORIES,
  COURSE_DESCRIPTION_MAX,
  COURSE_LEVELS,
  COURSE_OUTCOME_MAX,
  COURSE_OUTCOMES_MAX,
  COURSE_SEARCH_MAX,
  COURSE_SORTS,
  COURSE_SUBTITLE_MAX,
  COURSE_TAG_MAX,
  COURSE_TAGS_MAX,
  COURSE_TITLE_MAX,
  COURSE_TITLE_MIN,
  LESSON_BODY_MAX,
  LESSON_DURATION_MAX_MINUTES,
  LESSON_TITLE_MAX,
  QUIZ_OPTIONS_MAX,
  QUIZ_OPTIONS_MIN,
  QUIZ_QUESTIONS_MAX,
  REVIEW_BODY_MAX,
  SECTION_TITLE_MAX,
} from '../courses';
import { RELEASE_AFTER_DAYS_MAX } from '../rules/course-gating';
import { badgesAwardedSchema } from './badges';
import { pageSchema, trimmedText, uuidSchema } from './common';
import { exerciseSchema, publicExerciseSchema } from './exercises';
import { quizSettingsReplySchema, quizSettingsSchema } from './question-bank';

// Constants of the course model (issue: courses). Every screen and the API read them from here.

export const courseLevelSchema = z.enum(COURSE_LEVELS, { error: 'Level must be Beginner, Intermediate or Advanced' });
export type CourseLevel = z.infer<typeof courseLevelSchema>;

export const courseCategorySchema = z.enum(COURSE_CATEGORIES, { error: 'Choose one of the listed categories' });
export type CourseCategory = z.infer<typeof courseCategorySchema>;

export const COURSE_STATUSES = ['draft', 'published', 'archived'] as const;
export const courseStatusSchema = z.enum(COURSE_STATUSES);
export type CourseStatus = z.infer<typeof courseStatusSchema>;

export const LESSON_KINDS = ['article', 'video', 'quiz', 'exercise'] as const;
export const lessonKindSchema = z.enum(LESSON_KINDS, { error: 'Lesson kind must be article, video, quiz or exercise' });
export type LessonKind = z.infer<typeof lessonKindSchema>;

export const courseSortSchema = z.enum(COURSE_SORTS, { error: 'Sort must be newest or popular' });

export * from '../courses';

/** Media limits: images and videos are typed by their bytes, not by their names. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const VIDEO_MIME_TYPES = ['video/mp4', 'video/webm'] as const;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 500 * 1024 * 1024;

/** YouTube and Vimeo addresses a video lesson may embed. */
export function isVideoEmbedUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:') return false;
    const host = url.hostname.replace(/^www\./, '');
    return ['youtube.com', 'youtu.be', 'm.youtube.com', 'vimeo.com', 'player.vimeo.com'].includes(host);
  } catch {
    return false;
  }
}

// Catalogue

export const coursesQuerySchema = z.object({
  q: trimmedText('Search text', COURSE_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
  category: courseCategorySchema.optional(),
  level: courseLevelSchema.optional(),
  sort: courseSortSchema.default('newest'),
  page: pageSchema,
  /** Signed in only: the caller's enrolled courses, or the courses they teach (drafts included). */
  mine: z.enum(['enrolled', 'teaching'], { error: 'mine must be enrolled or teaching' }).optional(),
});
export type CoursesQuery = z.input<typeof coursesQuerySchema>;

export const courseInstructorSchema = z.object({
  _id: z.string(),
  name: z.string(),
  profilePic: z.string().nullable(),
});

/**
 * A course as lists show it. `_id`, `instructor`, `studentsEnrolled`, `completedStudents` follow SPEC 3; the
 * two id lists are filled only for the course's instructor and admins, and hold a learner's own id for them
 * (issue 26). The counts are for everyone.
 */
export const courseSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  slug: z.string(),
  subtitle: z.string(),
  thumbnail: z.string().nullable(),
  level: courseLevelSchema,
  category: z.string(),
  tags: z.array(z.string()),
  status: courseStatusSchema,
  instructor: courseInstructorSchema,
  studentsEnrolled: z.array(z.string()),
  completedStudents: z.array(z.string()),
  enrolledCount: z.number().int(),
  completedCount: z.number().int(),
  lessonCount: z.number().int(),
  totalMinutes: z.number().int(),
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  publishedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** Only in `?mine=enrolled`: the caller's progress in this course. */
  progress: z
    .object({ completedLessons: z.number().int(), percent: z.number(), completedAt: z.string().nullable() })
    .optional(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

export const coursesReplySchema = z.object({
  success: z.literal(true),
  courses: z.array(courseSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CoursesReply = z.infer<typeof coursesReplySchema>;

// One course

export const courseIdParamsSchema = z.object({
  id: z.string().trim().min(1, 'Course id is required').max(200, 'Course id is too long'),
});
export const lessonParamsSchema = z.object({ id: courseIdParamsSchema.shape.id, lessonId: uuidSchema });
export const sectionParamsSchema = z.object({ id: courseIdParamsSchema.shape.id, sectionId: uuidSchema });

/** A quiz question as a learner sees it: no answer. */
export const quizQuestionPublicSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  options: z.array(z.string()),
});

/** A quiz question as its author edits it. */
export const quizQuestionSchema = z.object({
  id: z.string().max(64).optional(),
  prompt: trimmedText('Question', 1000).min(1, 'Each question needs a prompt'),
  options: z
    .array(trimmedText('Option', 300).min(1, 'Options cannot be empty'))
    .min(QUIZ_OPTIONS_MIN, `Each question needs at least ${QUIZ_OPTIONS_MIN} options`)
    .max(QUIZ_OPTIONS_MAX, `Each question has at most ${QUIZ_OPTIONS_MAX} options`),
  answer: z.number().int().min(0, 'Pick the correct option'),
  explanation: trimmedText('Explanation', 2000).default(''),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const lessonOutlineSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: lessonKindSchema,
  durationMinutes: z.number().int(),
  freePreview: z.boolean(),
  position: z.number().int(),
  /** For the caller, when signed in and enrolled. */
  completed: z.boolean(),
});

/** Why a lesson is locked for the learner (packages/domain/src/rules/course-gating.ts). */
export const lessonLockSchema = z.object({
  reason: z.enum(['drip', 'date', 'prerequisite', 'sequence']),
  /** ISO instant it opens, for drip and date locks; null when a lesson must be completed first. */
  opensAt: z.string().nullable(),
  prerequisite: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type LessonLockReply = z.infer<typeof lessonLockSchema>;

export const lessonGatingSchema = z.object({
  releaseAfterDays: z.number().int().nullable(),
  releaseAt: z.string().nullable(),
  prerequisiteLessonId: z.string().nullable(),
  /** Cohorts (issue 30): due this many days after a cohort starts. */
  dueAfterDays: z.number().int().nullable().optional(),
});

/**
 * A lesson with its content. `body`, `video` and `quiz` are null when the caller may not read it
 * (not enrolled, not the owner or an admin, and not a free preview): `locked` is then true.
 */
export const lessonSchema = lessonOutlineSchema.extend({
  locked: z.boolean(),
  body: z.string().nullable(),
  video: z
    .object({
      /** An uploaded file (served with range requests) or a YouTube/Vimeo embed. */
      source: z.enum(['upload', 'embed']),
      url: z.string(),
      mediaId: z.string().nullable(),
    })
    .nullable(),
  quiz: z.array(quizQuestionPublicSchema).nullable(),
  /** A code exercise (issue 30) as a learner reads it: signature, starter code and visible examples only. */
  exercise: publicExerciseSchema.nullable().optional(),
  /** Only for the owner and admins (the editor): the whole exercise, hidden tests and reference included. */
  exerciseSpec: exerciseSchema.nullable().optional(),
  /**
   * A quiz drawn from the course's question bank (issue 30): how many questions, of which tags, the time and
   * attempt limits; null (or absent) for a quiz of fixed questions. The drawn questions come with an attempt.
   */
  quizSettings: quizSettingsReplySchema.nullable().optional(),
  /** Only for the owner and admins (the editor): the questions with answers. */
  quizAnswers: z.array(quizQuestionSchema).nullable().optional(),
  /** Gating (issue 30), for an enrolled learner: why the lesson is locked (null or absent: not by gating). */
  lock: lessonLockSchema.nullable().optional(),
  /** Gating settings, only for the owner and admins (the editor). */
  gating: lessonGatingSchema.optional(),
});
export type Lesson = z.infer<typeof lessonSchema>;

export const sectionSchema = z.object({
  id: z.string(),
  title: z.string(),
  position: z.number().int(),
  lessons: z.array(lessonSchema),
});
export type CourseSection = z.infer<typeof sectionSchema>;

export const courseDetailSchema = courseSummarySchema.extend({
  description: z.string(),
  outcomes: z.array(z.string()),
  thumbnailMediaId: z.string().nullable(),
  createdAt: z.string(),
  sections: z.array(sectionSchema),
  /** Gating (issue 30): lessons open one after another. */
  sequential: z.boolean().optional(),
  /** Gating (issue 30): the course to complete before enrolling; `completed` for the signed-in caller. */
  prerequisiteCourse: z
    .object({ id: z.string(), slug: z.string(), title: z.string(), completed: z.boolean() })
    .nullable()
    .optional(),
  /** What the caller may do, so screens need not re-derive the rules. */
  viewer: z.object({
    enrolled: z.boolean(),
    canEdit: z.boolean(),
    completedLessonIds: z.array(z.string()),
    completedAt: z.string().nullable(),
    certificateId: z.string().nullable(),
    lastLessonId: z.string().nullable(),
    lastPositionSeconds: z.number().int(),
    myReview: z.object({ rating: z.number().int(), body: z.string() }).nullable(),
  }),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;

export const courseReplySchema = z.object({ success: z.literal(true), course: courseDetailSchema });
/** One lesson with its content (issue 30: 403 `{success:false, error, opensAt?}` while gating holds it). */
export const lessonReplySchema = z.object({ success: z.literal(true), lesson: lessonSchema });
export type CourseReply = z.infer<typeof courseReplySchema>;

// Writing a course

const tagsSchema = z
  .array(trimmedText('Tag', COURSE_TAG_MAX).toLowerCase().min(1, 'Tags cannot be empty'), {
    error: 'Tags must be a list',
  })
  .max(COURSE_TAGS_MAX, `Add at most ${COURSE_TAGS_MAX} tags`);

const outcomesSchema = z
  .array(trimmedText('Each outcome', COURSE_OUTCOME_MAX).min(1, 'Outcomes cannot be empty'), {
    error: 'Outcomes must be a list',
  })
  .max(COURSE_OUTCOMES_MAX, `List at most ${COURSE_OUTCOMES_MAX} outcomes`);

// The fields without defaults: an update changes only what it sends (`.partial()` of a schema with
// defaults would fill every left-out field with its create default and wipe it).
const courseFields = {
  title: trimmedText('Title', COURSE_TITLE_MAX).min(
    COURSE_TITLE_MIN,
    `Title must be at least ${COURSE_TITLE_MIN} characters`,
  ),
  description: trimmedText('Description', COURSE_DESCRIPTION_MAX),
  subtitle: trimmedText('Subtitle', COURSE_SUBTITLE_MAX),
  category: courseCategorySchema,
  level: courseLevelSchema,
  tags: tagsSchema,
  outcomes: outcomesSchema,
  thumbnailMediaId: uuidSchema.nullable().optional(),
  /** Gating (issue 30): each lesson opens once the one before it is completed. */
  sequential: z.boolean({ error: 'Sequential must be true or false' }),
  /** Gating (issue 30): a published course to complete before enrolling; null removes it. */
  prerequisiteCourseId: uuidSchema.nullable(),
};

export const createCourseBodySchema = z.object({
  ...courseFields,
  description: courseFields.description.default(''),
  subtitle: courseFields.subtitle.default(''),
  category: courseFields.category.default('Web Development'),
  level: courseFields.level.default('Beginner'),
  tags: courseFields.tags.default([]),
  outcomes: courseFields.outcomes.default([]),
  sequential: courseFields.sequential.optional(),
  prerequisiteCourseId: courseFields.prerequisiteCourseId.optional(),
});
export type CreateCourseBody = z.input<typeof createCourseBodySchema>;

/** Every field optional; `status` publishes (checked), unpublishes to draft, or archives. */
export const updateCourseBodySchema = z.object(courseFields).partial().extend({
  status: courseStatusSchema.optional(),
});
export type UpdateCourseBody = z.input<typeof updateCourseBodySchema>;

/** What publishing needs (issue: a title, a description and at least one lesson). */
export const PUBLISH_REQUIREMENTS = {
  title: 'Add a title',
  description: 'Add a description',
  lesson: 'Add at least one lesson',
} as const;
export type PublishRequirement = keyof typeof PUBLISH_REQUIREMENTS;

/** The publish checklist, as one pure rule both the editor and the server apply. */
export function missingForPublish(course: { title: string; description: string; lessonCount: number }) {
  const missing: PublishRequirement[] = [];
  if (course.title.trim().length < COURSE_TITLE_MIN) missing.push('title');
  if (course.description.trim().length === 0) missing.push('description');
  if (course.lessonCount < 1) missing.push('lesson');
  return missing;
}

export const sectionBodySchema = z.object({
  title: trimmedText('Section title', SECTION_TITLE_MAX).min(1, 'Section title is required'),
});
export type SectionBody = z.input<typeof sectionBodySchema>;

const lessonFields = {
  title: trimmedText('Lesson title', LESSON_TITLE_MAX).min(1, 'Lesson title is required'),
  kind: lessonKindSchema,
  body: z
    .string({ error: 'Lesson text must be text' })
    .max(LESSON_BODY_MAX, `Lesson text must be at most ${LESSON_BODY_MAX} characters`),
  videoMediaId: uuidSchema.nullable().optional(),
  videoUrl: z
    .string()
    .trim()
    .refine(isVideoEmbedUrl, 'Video links must be https YouTube or Vimeo addresses')
    .nullable()
    .optional(),
  quiz: z
    .array(quizQuestionSchema)
    .max(QUIZ_QUESTIONS_MAX, `A quiz has at most ${QUIZ_QUESTIONS_MAX} questions`)
    .nullable()
    .optional(),
  /** A quiz that draws from the question bank (issue 30); null makes it a quiz of fixed questions again. */
  quizSettings: quizSettingsSchema.nullable().optional(),
  /** A code exercise (kind 'exercise', issue 30); checked in full, and its reference judged, when saved. */
  exercise: z.record(z.string(), z.unknown(), { error: 'exercise must be an object' }).nullable().optional(),
  durationMinutes: z
    .number({ error: 'Duration must be a number of minutes' })
    .int('Duration must be whole minutes')
    .min(0, 'Duration cannot be negative')
    .max(LESSON_DURATION_MAX_MINUTES, `Duration must be at most ${LESSON_DURATION_MAX_MINUTES} minutes`),
  freePreview: z.boolean(),
  /** Moves the lesson to another section of the same course. */
  sectionId: uuidSchema.optional(),
  /** Gating (issue 30): opens this many days after the learner enrolled; null removes it. */
  releaseAfterDays: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(0, 'Days cannot be negative')
    .max(RELEASE_AFTER_DAYS_MAX, `Days must be at most ${RELEASE_AFTER_DAYS_MAX}`)
    .nullable()
    .optional(),
  /** Gating (issue 30): opens at this instant for everyone; null removes it. */
  releaseAt: z.iso.datetime({ offset: true, error: 'The opening date must be a date and time' }).nullable().optional(),
  /** Gating (issue 30): another lesson of this course to complete first; null removes it. */
  prerequisiteLessonId: uuidSchema.nullable().optional(),
  /** Cohorts (issue 30): due this many days after a cohort starts; null removes it. */
  dueAfterDays: z
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(0, 'Days cannot be negative')
    .max(RELEASE_AFTER_DAYS_MAX, `Days must be at most ${RELEASE_AFTER_DAYS_MAX}`)
    .nullable()
    .optional(),
};

export const lessonBodySchema = z.object({
  ...lessonFields,
  kind: lessonFields.kind.default('article'),
  body: lessonFields.body.default(''),
  durationMinutes: lessonFields.durationMinutes.default(0),
  freePreview: lessonFields.freePreview.default(false),
});
export type LessonBody = z.input<typeof lessonBodySchema>;
/** Only the fields sent change. */
export const updateLessonBodySchema = z.object(lessonFields).partial();

/** A full new order: every id of the list exactly once. */
export const reorderBodySchema = z.object({
  ids: z.array(uuidSchema).min(1, 'Send the ids in their new order').max(500),
});
export type ReorderBody = z.input<typeof reorderBodySchema>;

// Learning

export const lessonProgressBodySchema = z.object({
  completed: z.boolean({ error: 'completed must be true or false' }),
  /** Resume: where the video was when the learner left. */
  positionSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .optional(),
});
export const resumeBodySchema = z.object({
  lessonId: uuidSchema,
  positionSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(0),
});

export const quizAnswersBodySchema = z.object({
  /** One chosen option index per question, in the quiz's order. */
  answers: z.array(z.number().int().min(0)).max(QUIZ_QUESTIONS_MAX),
});
export const quizResultReplySchema = z.object({
  success: z.literal(true),
  correct: z.number().int(),
  total: z.number().int(),
  passed: z.boolean(),
  results: z.array(
    z.object({ questionId: z.string(), correct: z.boolean(), answer: z.number().int(), explanation: z.string() }),
  ),
});
export type QuizResultReply = z.infer<typeof quizResultReplySchema>;

/**
 * The learner routes' lesson in a path: a malformed lesson id is an unknown lesson (404), as a malformed
 * course id is, rather than a 400.
 */
export const learnerLessonParamsSchema = z.object({
  id: courseIdParamsSchema.shape.id,
  lessonId: z.string().trim().min(1, 'Lesson id is required').max(200, 'Lesson id is too long'),
});

export const enrollReplySchema = z.object({ success: z.literal(true), message: z.string(), enrolled: z.literal(true) });
export type EnrollReply = z.infer<typeof enrollReplySchema>;
export const resumeReplySchema = z.object({ success: z.literal(true) });

export const courseProgressReplySchema = z.object({
  success: z.literal(true),
  completedLessonIds: z.array(z.string()),
  percent: z.number(),
  completedAt: z.string().nullable(),
  certificateId: z.string().nullable(),
  /** Badges the completion earned (issue 29), on the reply of `POST /api/courses/:id/complete` that earned them. */
  badgesAwarded: badgesAwardedSchema.optional(),
});
export type CourseProgressReply = z.infer<typeof courseProgressReplySchema>;

/** DELETE /api/courses/:id: a course with learners is archived (kept), one without is erased. */
export const deleteCourseReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  archived: z.boolean(),
});
export type DeleteCourseReply = z.infer<typeof deleteCourseReplySchema>;

// Reviews

export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'Rating must be a number' })
    .int('Rating must be a whole number of stars')
    .min(1, 'Rating must be 1 to 5 stars')
    .max(5, 'Rating must be 1 to 5 stars'),
  body: trimmedText('Review', REVIEW_BODY_MAX).default(''),
});
export type ReviewBody = z.input<typeof reviewBodySchema>;

export const reviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const reviewsReplySchema = z.object({
  success: z.literal(true),
  reviews: z.array(reviewSchema),
  total: z.number().int(),
  average: z.number().nullable(),
});
export type ReviewsReply = z.infer<typeof reviewsReplySchema>;

export const REVIEWS_PAGE_SIZE = 10;
export const reviewsQuerySchema = z.object({ page: pageSchema });
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;
export const reviewReplySchema = z.object({ success: z.literal(true), review: reviewSchema });
export type ReviewReply = z.infer<typeof reviewReplySchema>;

// Certificates

export const certificateSchema = z.object({
  id: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  instructorName: z.string(),
  courseId: z.string(),
  courseSlug: z.string(),
  issuedAt: z.string(),
  /** The verification code as printed, XXXX-XXXX-XXXX (issue 30). */
  code: z.string(),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
});
export const certificateReplySchema = z.object({ success: z.literal(true), certificate: certificateSchema });
/** Any text: a malformed id is an unknown certificate (404). */
export const certificateIdParamsSchema = z.object({
  id: z.string().trim().min(1, 'Certificate id is required').max(200, 'Certificate id is too long'),
});
export type Certificate = z.infer<typeof certificateSchema>;

// Instructor Panel

export const courseLearnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  enrolledAt: z.string(),
  completedLessons: z.number().int(),
  percent: z.number(),
  completedAt: z.string().nullable(),
});
export const COURSE_LEARNERS_PAGE_SIZE = 20;
export const courseLearnersQuerySchema = z.object({
  page: pageSchema,
  q: trimmedText('Search text', COURSE_SEARCH_MAX)
    .optional()
    .transform((value) => value || undefined),
});
export type CourseLearnersQuery = z.input<typeof courseLearnersQuerySchema>;

export const courseLearnersReplySchema = z.object({
  success: z.literal(true),
  learners: z.array(courseLearnerSchema),
  total: z.number().int(),
});
export type CourseLearnersReply = z.infer<typeof courseLearnersReplySchema>;

export const teachingStatsReplySchema = z.object({
  success: z.literal(true),
  courses: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      slug: z.string(),
      status: courseStatusSchema,
      learners: z.number().int(),
      completions: z.number().int(),
      averageProgress: z.number(),
      lessonCount: z.number().int(),
      rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
      updatedAt: z.string(),
    }),
  ),
  totals: z.object({ courses: z.number().int(), learners: z.number().int(), completions: z.number().int() }),
});
export type TeachingStatsReply = z.infer<typeof teachingStatsReplySchema>;

// Media

export const mediaSchema = z.object({
  id: z.string(),
  url: z.string(),
  mime: z.string(),
  size: z.number().int(),
  kind: z.enum(['image', 'video']),
  originalName: z.string(),
  createdAt: z.string(),
  /** Whether a course or lesson uses it (used media cannot be deleted). */
  inUse: z.boolean(),
});
export type Media = z.infer<typeof mediaSchema>;
export const mediaReplySchema = z.object({ success: z.literal(true), media: mediaSchema });
export const mediaListReplySchema = z.object({ success: z.literal(true), media: z.array(mediaSchema) });
export const mediaIdParamsSchema = z.object({ id: uuidSchema });
