import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns';
// Courses that teach and hold (issue 30): question banks and their attempts, code exercises, cohorts with a
// calendar, announcements, nudges and the instructor's insight. Imported from the index, which re-exports this
// file, so the two files name each other only through functions (no load-order cycle).
import { courseLessons, courses, users } from './index';

/**
 * A course's question bank. A quiz lesson either keeps its own fixed questions (`course_lessons.quiz`) or draws
 * from this bank (`course_lessons.quiz_settings`). An edit raises `version`; a graded attempt keeps the questions
 * as they were when it was drawn (`course_quiz_attempts.questions`), so an edit never changes a grade.
 */
export const courseQuestions = pgTable(
  'course_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** 'single' (one option), 'multiple' (every right option), 'short' (text, exact or pattern), 'output'. */
    kind: text('kind', { enum: ['single', 'multiple', 'short', 'output'] }).notNull(),
    /** Markdown, code blocks included. */
    prompt: text('prompt').notNull(),
    /** Markdown per option; empty for 'short' and 'output'. */
    options: jsonb('options').$type<string[]>().notNull().default([]),
    /**
     * The key: { option: n } for single, { options: [n, ...] } for multiple, { accept: [...], pattern?: string,
     * caseSensitive?: boolean } for short, { output: "..." } for output. Never leaves the server to a learner.
     */
    answer: jsonb('answer').notNull(),
    explanation: text('explanation').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    version: integer('version').notNull().default(1),
    /** A removed question stays for the attempts and the item analysis that name it; draws skip it. */
    archivedAt: timestamptz('archived_at'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('course_questions_course_idx').on(t.courseId, t.createdAt),
    check('course_questions_kind_check', sql`${t.kind} in ('single','multiple','short','output')`),
  ],
);

/**
 * One attempt at a quiz lesson, fixed or drawn: the questions as drawn (with their keys and the option order
 * shown), the seed they were drawn with, and once submitted the answers and the grade. A reload of an open
 * attempt shows the same questions; a fixed quiz's submission is an attempt too, so item analysis covers both.
 */
export const courseQuizAttempts = pgTable(
  'course_quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    seed: bigint('seed', { mode: 'number' }).notNull(),
    /** The drawn questions as shown, with keys: never sent to a learner as is. */
    questions: jsonb('questions').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** Set when the quiz has a time limit: an answer after it (plus a grace of seconds) is refused. */
    deadlineAt: timestamptz('deadline_at'),
    submittedAt: timestamptz('submitted_at'),
    answers: jsonb('answers'),
    correct: integer('correct'),
    total: integer('total').notNull(),
  },
  (t) => [
    index('course_quiz_attempts_lesson_user_idx').on(t.lessonId, t.userId, t.startedAt),
    index('course_quiz_attempts_course_idx').on(t.courseId, t.submittedAt),
  ],
);

/**
 * One graded answer of a submitted attempt, for the instructor's item analysis (share correct, the distractor
 * chosen most). `question_key` is a bank question's id or a fixed quiz question's own id.
 */
export const courseQuizAnswers = pgTable(
  'course_quiz_answers',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => courseQuizAttempts.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    questionKey: text('question_key').notNull(),
    correct: boolean('correct').notNull(),
    /** The chosen option's index in the question's own order (not the shuffled one), when a choice was made. */
    choice: integer('choice'),
  },
  (t) => [
    primaryKey({ name: 'course_quiz_answers_pkey', columns: [t.attemptId, t.questionKey] }),
    index('course_quiz_answers_course_question_idx').on(t.courseId, t.questionKey),
  ],
);

/**
 * A code exercise's submissions, judged by the DSA judge's engine. An exercise lives on a course lesson of kind
 * 'exercise' (`course_lessons.exercise`) or on a core-subject subtopic (`subject_subtopics.exercise`).
 */
export const exerciseSubmissions = pgTable(
  'exercise_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id').references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id').references(() => courses.id, { onDelete: 'cascade' }),
    /** A core-subject subtopic's `subject/topic/subtopic` ids (subtopics are keyed by the three). */
    subtopicKey: text('subtopic_key'),
    language: text('language').notNull(),
    code: text('code').notNull(),
    verdict: text('verdict').notNull(),
    passed: integer('passed').notNull().default(0),
    total: integer('total').notNull().default(0),
    runtimeMs: integer('runtime_ms'),
    failedCase: jsonb('failed_case'),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('exercise_submissions_lesson_user_idx').on(t.lessonId, t.userId, t.createdAt),
    index('exercise_submissions_course_idx').on(t.courseId, t.lessonId, t.verdict),
    index('exercise_submissions_subtopic_user_idx').on(t.subtopicKey, t.userId, t.createdAt),
    check('exercise_submissions_target_check', sql`(${t.lessonId} is null) <> (${t.subtopicKey} is null)`),
  ],
);

/** A cohort of a course: learners who take it together on a schedule (lesson due dates from the start). */
export const courseCohorts = pgTable(
  'course_cohorts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** Null: no limit. Joining takes a seat with `member_count < capacity` in one statement, so never over. */
    capacity: integer('capacity'),
    enrollmentClosesAt: timestamptz('enrollment_closes_at'),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_cohorts_course_idx').on(t.courseId, t.startsAt),
    check('course_cohorts_dates_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('course_cohorts_capacity_check', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('course_cohorts_seats_check', sql`${t.capacity} is null or ${t.memberCount} <= ${t.capacity}`),
  ],
);

/** Who is in a cohort; a learner is in at most one cohort of a course. */
export const courseCohortMembers = pgTable(
  'course_cohort_members',
  {
    cohortId: uuid('cohort_id')
      .notNull()
      .references(() => courseCohorts.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamptz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'course_cohort_members_pkey', columns: [t.cohortId, t.userId] }),
    uniqueIndex('course_cohort_members_course_user_key').on(t.courseId, t.userId),
    index('course_cohort_members_user_idx').on(t.userId),
  ],
);

/**
 * A learner's secret calendar feed (`/api/calendar/{token}.ics`): only the token's SHA-256 is kept. A new token
 * replaces the old one; revoking deletes the row, and the old address stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_key'),
  createdAt: createdAt(),
});

/** An instructor's announcement to a course, or to one cohort of it. */
export const courseAnnouncements = pgTable(
  'course_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** Null: every learner of the course. */
    cohortId: uuid('cohort_id').references(() => courseCohorts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Markdown. */
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('course_announcements_course_idx').on(t.courseId, t.createdAt)],
);

/** A nudge an instructor sent a stalled learner: logged, and counted for the rate limit. */
export const courseNudges = pgTable(
  'course_nudges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    learnerId: uuid('learner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('course_nudges_course_learner_idx').on(t.courseId, t.learnerId, t.createdAt),
    index('course_nudges_sender_idx').on(t.senderId, t.createdAt),
  ],
);

/**
 * The instructor's insight of a course, precomputed: a scheduled job (and a rate-limited "Refresh") writes it, the
 * Instructor Panel reads one row. Computing it from 100,000 attempts on every view would not answer in 100 ms.
 */
export const courseInsightSnapshots = pgTable('course_insight_snapshots', {
  courseId: uuid('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  computedAt: timestamptz('computed_at').notNull().defaultNow(),
  data: jsonb('data').notNull(),
});
