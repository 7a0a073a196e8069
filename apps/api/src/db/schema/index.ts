import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, timestamptz } from './columns';

export * from './course-teaching';
export * from './judge';
export * from './notifications';

/** A full-text document, kept by PostgreSQL itself (a stored generated column); read only by searches. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['Student', 'Instructor', 'Admin', 'pending_instructor'] })
      .notNull()
      .default('Student'),
    profilePic: text('profile_pic'),
    wantsToBeInstructor: boolean('wants_to_be_instructor').notNull().default(false),
    emailVerifiedAt: timestamptz('email_verified_at'),
    lastLoginAt: timestamptz('last_login_at'),
    /** The public profile's address, /u/{handle} (issue 29): unique whatever its case; null until chosen. */
    handle: text('handle'),
    /** Which parts of the public profile are shown (packages/domain fills what is missing; off by default). */
    publicProfile: jsonb('public_profile').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_handle_key').on(sql`lower(${t.handle})`).where(sql`${t.handle} is not null`),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} in ('Student','Instructor','Admin','pending_instructor')`),
  ],
);

export const instructorApplications = pgTable(
  'instructor_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    motivation: text('motivation'),
    requestedAt: timestamptz('requested_at').notNull().defaultNow(),
    reviewedAt: timestamptz('reviewed_at'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    resubmissionAllowed: boolean('resubmission_allowed').notNull().default(true),
    bio: text('bio'),
    expertise: text('expertise').array().notNull().default(sql`'{}'::text[]`),
    yearsOfExperience: integer('years_of_experience'),
    /** At most 3 http(s) addresses, checked by the API's schema and again here. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('instructor_applications_user_key').on(t.userId),
    index('instructor_applications_status_requested_idx').on(t.status, t.requestedAt),
    check('instructor_applications_status_check', sql`${t.status} in ('pending','approved','rejected')`),
    check(
      'instructor_applications_links_check',
      sql`jsonb_typeof(${t.links}) = 'array' and jsonb_array_length(${t.links}) <= 3`,
    ),
    check('instructor_applications_years_check', sql`${t.yearsOfExperience} is null or ${t.yearsOfExperience} >= 0`),
  ],
);

/** Who did what to whom, and why: one row per admin decision or role change, written in its transaction. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', {
      enum: [
        'application.approved',
        'application.rejected',
        'user.role_changed',
        'community.thread_hidden',
        'community.thread_unhidden',
        'community.thread_locked',
        'community.thread_unlocked',
        'community.thread_pinned',
        'community.thread_unpinned',
        'community.thread_deleted',
        'community.reply_hidden',
        'community.reply_unhidden',
        'community.reply_deleted',
        'community.report_dismissed',
      ],
    }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** One-time secrets mailed to a user: email verification (OTP + link), password reset, OAuth hand-off codes. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'oauth_handoff'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    otpHash: text('otp_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'oauth_accounts_pkey', columns: [t.provider, t.providerUserId] })],
);

/** Mails are written here in the same transaction as the token they carry; a worker delivers them. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    /** Extra headers the mail carries, e.g. List-Unsubscribe (RFC 8058) on notification mails; null for none. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  ranAt: timestamptz('ran_at').notNull().defaultNow(),
  details: jsonb('details'),
});

/** OAuth/OIDC login attempts between the redirect to the provider and its callback. */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectTo: text('redirect_to'),
  expiresAt: timestamptz('expires_at').notNull(),
});

// Core subjects (seeded from content files, editable by admins)

export const subjects = pgTable('subjects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon').notNull().default('book-open'),
  description: text('description').notNull().default(''),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const subjectTopics = pgTable(
  'subject_topics',
  {
    subjectId: text('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'subject_topics_pkey', columns: [t.subjectId, t.id] })],
);

export const subjectSubtopics = pgTable(
  'subject_subtopics',
  {
    subjectId: text('subject_id').notNull(),
    topicId: text('topic_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    body: text('body').notNull().default(''),
    selfCheck: jsonb('self_check').$type<{ question: string; answer: string }[]>().notNull().default([]),
    /** A code exercise on the subtopic (issue 30), in the course exercises' format; null when it has none. */
    exercise: jsonb('exercise'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'subject_subtopics_pkey', columns: [t.subjectId, t.topicId, t.id] }),
    foreignKey({
      name: 'subject_subtopics_topic_fk',
      columns: [t.subjectId, t.topicId],
      foreignColumns: [subjectTopics.subjectId, subjectTopics.id],
    }).onDelete('cascade'),
  ],
);

/** One row per completed subtopic; deleting a subtopic removes its marks with it. */
export const subtopicProgress = pgTable(
  'subtopic_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id').notNull(),
    topicId: text('topic_id').notNull(),
    subtopicId: text('subtopic_id').notNull(),
    completedAt: timestamptz('completed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'subtopic_progress_pkey', columns: [t.userId, t.subjectId, t.topicId, t.subtopicId] }),
    foreignKey({
      name: 'subtopic_progress_subtopic_fk',
      columns: [t.subjectId, t.topicId, t.subtopicId],
      foreignColumns: [subjectSubtopics.subjectId, subjectSubtopics.topicId, subjectSubtopics.id],
    }).onDelete('cascade'),
    index('subtopic_progress_user_completed_idx').on(t.userId, t.completedAt),
  ],
);

// DSA practice sheet

export const dsaTopics = pgTable(
  'dsa_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dsa_topics_name_key').on(t.name)],
);

export const dsaProblems = pgTable(
  'dsa_problems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    step: text('step').notNull(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => dsaTopics.id, { onDelete: 'restrict' }),
    difficulty: text('difficulty', { enum: ['Easy', 'Medium', 'Hard'] }).notNull(),
    url: text('url').notNull(),
    altUrl: text('alt_url'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Companies known to ask it, curated by the platform's staff in DSA Management (never copied from paid lists). */
    companies: text('companies').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Deleted problems stay for learners' history but leave every list and count. */
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('dsa_problems_slug_key').on(t.slug),
    index('dsa_problems_position_idx').on(t.position),
    check('dsa_problems_difficulty_check', sql`${t.difficulty} in ('Easy','Medium','Hard')`),
  ],
);

export const dsaProgress = pgTable(
  'dsa_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => dsaProblems.id, { onDelete: 'cascade' }),
    solved: boolean('solved').notNull().default(false),
    solvedAt: timestamptz('solved_at'),
    /** The solve's calendar day in the learner's time zone (DESIGN decision 6). */
    solvedOn: date('solved_on'),
    bookmarked: boolean('bookmarked').notNull().default(false),
    notes: text('notes').notNull().default(''),
    revisionStage: integer('revision_stage'),
    revisionDueOn: date('revision_due_on'),
    /** The FSRS card after the last graded revision (issue 29); null while the simple schedule's stage rules. */
    fsrsCard: jsonb('fsrs_card'),
    /** How sure the learner is of the problem: null (not set), or low / medium / high / expert. */
    confidence: text('confidence', { enum: ['low', 'medium', 'high', 'expert'] }),
    /** Solved through the judge (an Accepted submission), not only marked by hand (issue 27). */
    verified: boolean('verified').notNull().default(false),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'dsa_progress_pkey', columns: [t.userId, t.problemId] }),
    index('dsa_progress_user_solved_on_idx').on(t.userId, t.solvedOn),
    // Management changes to one problem (difficulty, delete, restore) move the counters of its learners.
    index('dsa_progress_problem_idx').on(t.problemId),
    check(
      'dsa_progress_confidence_check',
      sql`${t.confidence} is null or ${t.confidence} in ('low','medium','high','expert')`,
    ),
  ],
);

/**
 * A learner's study plan (issue 29): one at a time. 'sheet-90' and 'interview-30' are the ready-made plans,
 * 'custom' a set of the sheet's steps and a finish date; the daily target is computed, never stored.
 */
export const studyPlans = pgTable(
  'study_plans',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sheet-90', 'interview-30', 'custom'] }).notNull(),
    /** The sheet's steps the plan covers (every step for 'sheet-90'). */
    steps: text('steps').array().notNull().default(sql`'{}'::text[]`),
    /** Calendar days in the learner's time zone. */
    startOn: date('start_on').notNull(),
    finishOn: date('finish_on').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('study_plans_kind_check', sql`${t.kind} in ('sheet-90','interview-30','custom')`),
    check('study_plans_dates_check', sql`${t.finishOn} >= ${t.startOn}`),
  ],
);

/** Badges earned (issue 29): each once per learner; the rules live in packages/domain. */
export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badgeId: text('badge_id').notNull(),
    awardedAt: timestamptz('awarded_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_badges_pkey', columns: [t.userId, t.badgeId] }),
    index('user_badges_awarded_idx').on(t.userId, t.awardedAt),
  ],
);

/**
 * A learner's DSA figures, kept equal to a recount of their progress rows on live problems by triggers
 * on dsa_progress and dsa_problems (migration 0011, docs/decisions.md): stats and activity read this one
 * row. `solveDays` maps each solve day ('YYYY-MM-DD', the learner's day when they solved) to its count.
 */
export const dsaLearnerCounters = pgTable('dsa_learner_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  solvedEasy: integer('solved_easy').notNull().default(0),
  solvedMedium: integer('solved_medium').notNull().default(0),
  solvedHard: integer('solved_hard').notNull().default(0),
  bookmarked: integer('bookmarked').notNull().default(0),
  solveDays: jsonb('solve_days').$type<Record<string, number>>().notNull().default({}),
  // Worked out by PostgreSQL from solve_days on every change of it (migration 0014), so a read needs neither
  // the days parsed nor walked: the streak summary of packages/domain (streakSummary; the latest solve day as
  // whole days since 1970-01-01) and the days as 'YYYY-MM-DD:count' joined by commas, oldest first.
  lastSolveDay: integer('last_solve_day').generatedAlwaysAs(sql`dsa_streak_part(solve_days, 'last_solve_day')`),
  lastRun: integer('last_run').notNull().generatedAlwaysAs(sql`dsa_streak_part(solve_days, 'last_run')`),
  maxStreak: integer('max_streak').notNull().generatedAlwaysAs(sql`dsa_streak_part(solve_days, 'max_streak')`),
  solveDayList: text('solve_day_list').notNull().generatedAlwaysAs(sql`dsa_solve_day_list(solve_days)`),
});

export const dsaReviews = pgTable(
  'dsa_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    problemId: uuid('problem_id')
      .notNull()
      .references(() => dsaProblems.id, { onDelete: 'cascade' }),
    stage: integer('stage').notNull(),
    reviewedAt: timestamptz('reviewed_at').notNull().defaultNow(),
  },
  (t) => [index('dsa_reviews_user_idx').on(t.userId, t.reviewedAt)],
);

// Uploaded media (course thumbnails, lesson videos, blog covers)

export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    originalName: text('original_name').notNull().default(''),
    /** The file's name under DATA_DIR/uploads; never derived from what the client sent. */
    storageName: text('storage_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId, t.createdAt),
    uniqueIndex('media_storage_name_key').on(t.storageName),
    check('media_kind_check', sql`${t.kind} in ('image','video')`),
  ],
);

// Courses

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    level: text('level', { enum: ['Beginner', 'Intermediate', 'Advanced'] }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** "What you'll learn" on the course page. */
    outcomes: text('outcomes').array().notNull().default(sql`'{}'::text[]`),
    thumbnailMediaId: uuid('thumbnail_media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'published', 'archived'] })
      .notNull()
      .default('draft'),
    instructorId: uuid('instructor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Kept in the same transaction as the rows they count, so a list never counts rows. */
    enrolledCount: integer('enrolled_count').notNull().default(0),
    completedCount: integer('completed_count').notNull().default(0),
    lessonCount: integer('lesson_count').notNull().default(0),
    totalMinutes: integer('total_minutes').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Gating (issue 30): lessons open one after another, each once the one before it is completed. */
    sequential: boolean('sequential').notNull().default(false),
    /** Gating (issue 30): enrolment needs this other course completed first. */
    prerequisiteCourseId: uuid('prerequisite_course_id').references((): AnyPgColumn => courses.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    publishedAt: timestamptz('published_at'),
  },
  (t) => [
    uniqueIndex('courses_slug_key').on(t.slug),
    // The catalogue's two orders (newest, popular) down to the id: a page is a range of one of these.
    index('courses_status_published_idx').on(t.status, t.publishedAt, t.id),
    index('courses_status_enrolled_idx').on(t.status, t.enrolledCount, t.id),
    // The search's trigram index (pg_trgm) is raw SQL in 0012_catalogue_search.sql: course_search_text().
    index('courses_instructor_idx').on(t.instructorId),
    /** Whether an upload is in use (media list, media delete, and the foreign key's own check on delete). */
    index('courses_thumbnail_media_idx').on(t.thumbnailMediaId).where(sql`${t.thumbnailMediaId} is not null`),
    check('courses_level_check', sql`${t.level} in ('Beginner','Intermediate','Advanced')`),
    check('courses_status_check', sql`${t.status} in ('draft','published','archived')`),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('course_sections_course_idx').on(t.courseId, t.position)],
);

export const courseLessons = pgTable(
  'course_lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => courseSections.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['article', 'video', 'quiz', 'exercise'] }).notNull(),
    /** Markdown: the article, or the words around a video or quiz. */
    body: text('body').notNull().default(''),
    videoMediaId: uuid('video_media_id').references(() => media.id, { onDelete: 'restrict' }),
    /** A YouTube or Vimeo address, shown as an embed. */
    videoUrl: text('video_url'),
    /** Questions with their answers; answers never leave the server. */
    quiz: jsonb('quiz'),
    /**
     * A quiz drawn from the course's question bank (issue 30): { draw, tags, timeLimitSeconds, attemptLimit };
     * null for a quiz of fixed questions (`quiz`).
     */
    quizSettings: jsonb('quiz_settings'),
    /** A code exercise (issue 30, kind 'exercise'): signature, starter code, visible and hidden tests. */
    exercise: jsonb('exercise'),
    /** Cohorts (issue 30): the lesson is due this many days after a cohort's start. */
    dueAfterDays: integer('due_after_days'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    freePreview: boolean('free_preview').notNull().default(false),
    /** Drip release (issue 30): the lesson opens this many days after the learner enrolled. */
    releaseAfterDays: integer('release_after_days'),
    /** Drip release (issue 30): the lesson opens at this moment for everyone. */
    releaseAt: timestamptz('release_at'),
    /** Gating (issue 30): the lesson opens once this other lesson of the course is completed. */
    prerequisiteLessonId: uuid('prerequisite_lesson_id').references((): AnyPgColumn => courseLessons.id, {
      onDelete: 'set null',
    }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('course_lessons_section_idx').on(t.sectionId, t.position),
    index('course_lessons_course_idx').on(t.courseId),
    /** Whether an upload is in use (media list, media delete, and the foreign key's own check on delete). */
    index('course_lessons_video_media_idx').on(t.videoMediaId).where(sql`${t.videoMediaId} is not null`),
    check('course_lessons_kind_check', sql`${t.kind} in ('article','video','quiz','exercise')`),
    check('course_lessons_due_after_days_check', sql`${t.dueAfterDays} between 0 and 3650`),
    check('course_lessons_release_after_days_check', sql`${t.releaseAfterDays} between 0 and 3650`),
  ],
);

export const courseEnrollments = pgTable(
  'course_enrollments',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    enrolledAt: timestamptz('enrolled_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
    /** Resume where you left off: the last lesson opened and the video position in it. */
    lastLessonId: uuid('last_lesson_id').references(() => courseLessons.id, { onDelete: 'set null' }),
    lastPositionSeconds: integer('last_position_seconds').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'course_enrollments_pkey', columns: [t.courseId, t.userId] }),
    index('course_enrollments_user_idx').on(t.userId, t.enrolledAt),
    /** A course's most recent learners and completers (the capped id lists of course replies). */
    // user_id last, so the capped id lists are read newest first straight from the index, without a sort.
    index('course_enrollments_course_recent_idx').on(t.courseId, t.enrolledAt, t.userId),
    index('course_enrollments_course_completed_idx')
      .on(t.courseId, t.completedAt, t.userId)
      .where(sql`${t.completedAt} is not null`),
  ],
);

export const courseLessonProgress = pgTable(
  'course_lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => courseLessons.id, { onDelete: 'cascade' }),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamptz('completed_at'),
    /** When the learner first opened the lesson (issue 30: the insight's time per lesson). */
    startedAt: timestamptz('started_at'),
    /** The best quiz result, as correct answers out of the quiz's questions. */
    quizCorrect: integer('quiz_correct'),
    quizTotal: integer('quiz_total'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'course_lesson_progress_pkey', columns: [t.userId, t.lessonId] }),
    index('course_lesson_progress_user_course_idx').on(t.userId, t.courseId),
    /** Per-course figures for the Instructor Panel (average progress, learner lists). */
    index('course_lesson_progress_course_idx').on(t.courseId, t.userId),
  ],
);

export const courseReviews = pgTable(
  'course_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_reviews_course_user_key').on(t.courseId, t.userId),
    index('course_reviews_course_idx').on(t.courseId, t.updatedAt),
    check('course_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);

/** What was certified is kept as it was on the day, so a later rename cannot change a certificate. */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    learnerName: text('learner_name').notNull(),
    courseTitle: text('course_title').notNull(),
    instructorName: text('instructor_name').notNull(),
    issuedAt: timestamptz('issued_at').notNull().defaultNow(),
    /**
     * The short code printed on the certificate and in its QR code, for /certificates/verify/{code} (issue 30).
     * Made by the application (packages/domain); certificates issued before it got one from the migration.
     */
    verificationCode: text('verification_code').notNull(),
    /** A revoked certificate still verifies, saying it was revoked, when and why. */
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('course_certificates_course_user_key').on(t.courseId, t.userId),
    uniqueIndex('course_certificates_verification_code_key').on(t.verificationCode),
  ],
);

// Code editor

export const codeSnippets = pgTable(
  'code_snippets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    language: text('language', { enum: ['javascript', 'typescript', 'python', 'cpp', 'java'] }).notNull(),
    source: text('source').notNull().default(''),
    stdin: text('stdin').notNull().default(''),
    /** A shared snippet opens read-only for anyone who has its link. */
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('code_snippets_owner_idx').on(t.ownerId, t.updatedAt),
    check('code_snippets_language_check', sql`${t.language} in ('javascript','typescript','python','cpp','java')`),
  ],
);

// Blog

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    coverMediaId: uuid('cover_media_id').references(() => media.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** draft, scheduled (published by itself at publishAt) or published. */
    status: text('status', { enum: ['draft', 'scheduled', 'published'] })
      .notNull()
      .default('draft'),
    publishAt: timestamptz('publish_at'),
    publishedAt: timestamptz('published_at'),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** What the search matches (modules/blog/queries.ts searchCondition): computed once per write. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', title || ' ' || excerpt || ' ' || body)`),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_key').on(t.slug),
    index('blog_posts_status_published_idx').on(t.status, t.publishedAt),
    index('blog_posts_author_idx').on(t.authorId),
    /** Whether an upload is in use as a cover (media list and delete, and the foreign key's check on delete). */
    index('blog_posts_cover_media_idx').on(t.coverMediaId).where(sql`${t.coverMediaId} is not null`),
    // Readers' lists walk the posts newest first by the date they show (modules/blog/queries.ts shownAt).
    index('blog_posts_shown_at_idx').on(
      sql`coalesce(${t.publishedAt}, ${t.publishAt}) desc nulls last`,
      sql`${t.id} desc`,
    ),
    index('blog_posts_tags_idx').using('gin', t.tags),
    index('blog_posts_search_idx').using('gin', t.searchVector),
    check('blog_posts_status_check', sql`${t.status} in ('draft','scheduled','published')`),
  ],
);

/** A renamed post keeps its old addresses: each old slug points at the post. */
export const blogSlugRedirects = pgTable('blog_slug_redirects', {
  slug: text('slug').primaryKey(),
  postId: uuid('post_id')
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

// Community

export const communityCategories = pgTable(
  'community_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('community_categories_slug_key').on(t.slug)],
);

export const communityThreads = pgTable(
  'community_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => communityCategories.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Kept in the same transaction as the rows they count. */
    replyCount: integer('reply_count').notNull().default(0),
    votes: integer('votes').notNull().default(0),
    acceptedReplyId: uuid('accepted_reply_id'),
    hidden: boolean('hidden').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** Set on a problem's discussion thread (one per problem, made by its first post). */
    problemId: uuid('problem_id').references(() => dsaProblems.id, { onDelete: 'set null' }),
    /** The author marked the opening post as one that gives a solution away: folded until opened. */
    containsSolution: boolean('contains_solution').notNull().default(false),
    editedAt: timestamptz('edited_at'),
    lastActivityAt: timestamptz('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
    /** What the search matches and ranks (modules/community/queries.ts threadSearchMatch). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', title || ' ' || body)`),
  },
  (t) => [
    index('community_threads_activity_idx').on(t.hidden, t.pinned, t.lastActivityAt),
    index('community_threads_category_activity_idx').on(t.categoryId, t.lastActivityAt),
    index('community_threads_votes_idx').on(t.hidden, t.votes),
    index('community_threads_author_idx').on(t.authorId, t.createdAt),
    index('community_threads_search_idx').using('gin', t.searchVector),
    /** One discussion thread per problem, even under two simultaneous first posts. */
    uniqueIndex('community_threads_problem_key').on(t.problemId).where(sql`${t.problemId} is not null`),
  ],
);

export const communityReplies = pgTable(
  'community_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => communityThreads.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    votes: integer('votes').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    /** The author marked the reply as one that gives a solution away: folded until opened. */
    containsSolution: boolean('contains_solution').notNull().default(false),
    editedAt: timestamptz('edited_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_replies_thread_idx').on(t.threadId, t.createdAt),
    index('community_replies_author_idx').on(t.authorId, t.createdAt),
  ],
);

/** One vote per user per thread or reply: exactly one of threadId and replyId is set. */
export const communityVotes = pgTable(
  'community_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => communityThreads.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => communityReplies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('community_votes_user_thread_key').on(t.userId, t.threadId),
    uniqueIndex('community_votes_user_reply_key').on(t.userId, t.replyId),
    check('community_votes_target_check', sql`(${t.threadId} is null) <> (${t.replyId} is null)`),
  ],
);

export const communityReports = pgTable(
  'community_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => communityThreads.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => communityReplies.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'resolved', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedById: uuid('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_reports_status_idx').on(t.status, t.createdAt),
    check('community_reports_target_check', sql`(${t.threadId} is null) <> (${t.replyId} is null)`),
    check('community_reports_status_check', sql`${t.status} in ('open','resolved','dismissed')`),
  ],
);

/** Per-user settings that are not part of the account itself. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Mail me when someone replies to my thread. */
  notifyOnReply: boolean('notify_on_reply').notNull().default(true),
  /** Revision after a solve: 'adaptive' (FSRS, graded recall) or 'simple' (the fixed 1-3-7-14-30 days). */
  revisionSchedule: text('revision_schedule', { enum: ['adaptive', 'simple'] })
    .notNull()
    .default('adaptive'),
  /** Per notification kind: 'app', 'mail', 'daily', 'weekly' or 'off'; a kind not named takes its default. */
  notificationChannels: jsonb('notification_channels').$type<Record<string, string>>().notNull().default({}),
  /** No mail between these local times ("22:00" to "07:00"), held until they end; null when not set. */
  quietHours: jsonb('quiet_hours').$type<{ from: string; to: string } | null>(),
  /** The local hour (0–23) the daily and weekly digests go out at (DEFAULT_DIGEST_HOUR in packages/domain). */
  digestHour: smallint('digest_hour').notNull().default(8),
  /**
   * The learner's IANA time zone as their browser last told it (a solve, a review, the notification settings), for
   * the scheduled work that has no request to read it from: digests, quiet hours, reminders. Null reads as UTC.
   */
  timeZone: text('time_zone'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
