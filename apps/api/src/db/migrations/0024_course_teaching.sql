CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "course_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"cohort_id" uuid,
	"author_id" uuid,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_cohort_members" (
	"cohort_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_cohort_members_pkey" PRIMARY KEY("cohort_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_cohorts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer,
	"enrollment_closes_at" timestamp with time zone,
	"member_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_cohorts_dates_check" CHECK ("course_cohorts"."ends_at" > "course_cohorts"."starts_at"),
	CONSTRAINT "course_cohorts_capacity_check" CHECK ("course_cohorts"."capacity" is null or "course_cohorts"."capacity" > 0),
	CONSTRAINT "course_cohorts_seats_check" CHECK ("course_cohorts"."capacity" is null or "course_cohorts"."member_count" <= "course_cohorts"."capacity")
);
--> statement-breakpoint
CREATE TABLE "course_insight_snapshots" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"sender_id" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answer" jsonb NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_questions_kind_check" CHECK ("course_questions"."kind" in ('single','multiple','short','output'))
);
--> statement-breakpoint
CREATE TABLE "course_quiz_answers" (
	"attempt_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"question_key" text NOT NULL,
	"correct" boolean NOT NULL,
	"choice" integer,
	CONSTRAINT "course_quiz_answers_pkey" PRIMARY KEY("attempt_id","question_key")
);
--> statement-breakpoint
CREATE TABLE "course_quiz_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"seed" bigint NOT NULL,
	"questions" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"correct" integer,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lesson_id" uuid,
	"course_id" uuid,
	"subtopic_key" text,
	"language" text NOT NULL,
	"code" text NOT NULL,
	"verdict" text NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"runtime_ms" integer,
	"failed_case" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_submissions_target_check" CHECK (("exercise_submissions"."lesson_id" is null) <> ("exercise_submissions"."subtopic_key" is null))
);
--> statement-breakpoint
ALTER TABLE "course_lessons" DROP CONSTRAINT "course_lessons_kind_check";--> statement-breakpoint
ALTER TABLE "course_lesson_progress" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "quiz_settings" jsonb;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "exercise" jsonb;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "due_after_days" integer;--> statement-breakpoint
ALTER TABLE "subject_subtopics" ADD COLUMN "exercise" jsonb;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_cohort_id_course_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."course_cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_announcements" ADD CONSTRAINT "course_announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cohort_members" ADD CONSTRAINT "course_cohort_members_cohort_id_course_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."course_cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cohort_members" ADD CONSTRAINT "course_cohort_members_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cohort_members" ADD CONSTRAINT "course_cohort_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_cohorts" ADD CONSTRAINT "course_cohorts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_insight_snapshots" ADD CONSTRAINT "course_insight_snapshots_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_nudges" ADD CONSTRAINT "course_nudges_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_nudges" ADD CONSTRAINT "course_nudges_learner_id_users_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_nudges" ADD CONSTRAINT "course_nudges_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_questions" ADD CONSTRAINT "course_questions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_answers" ADD CONSTRAINT "course_quiz_answers_attempt_id_course_quiz_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."course_quiz_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_answers" ADD CONSTRAINT "course_quiz_answers_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_answers" ADD CONSTRAINT "course_quiz_answers_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_quiz_attempts" ADD CONSTRAINT "course_quiz_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_lesson_id_course_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_submissions" ADD CONSTRAINT "exercise_submissions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_announcements_course_idx" ON "course_announcements" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_cohort_members_course_user_key" ON "course_cohort_members" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "course_cohort_members_user_idx" ON "course_cohort_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "course_cohorts_course_idx" ON "course_cohorts" USING btree ("course_id","starts_at");--> statement-breakpoint
CREATE INDEX "course_nudges_course_learner_idx" ON "course_nudges" USING btree ("course_id","learner_id","created_at");--> statement-breakpoint
CREATE INDEX "course_nudges_sender_idx" ON "course_nudges" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "course_questions_course_idx" ON "course_questions" USING btree ("course_id","created_at");--> statement-breakpoint
CREATE INDEX "course_quiz_answers_course_question_idx" ON "course_quiz_answers" USING btree ("course_id","question_key");--> statement-breakpoint
CREATE INDEX "course_quiz_attempts_lesson_user_idx" ON "course_quiz_attempts" USING btree ("lesson_id","user_id","started_at");--> statement-breakpoint
CREATE INDEX "course_quiz_attempts_course_idx" ON "course_quiz_attempts" USING btree ("course_id","submitted_at");--> statement-breakpoint
CREATE INDEX "exercise_submissions_lesson_user_idx" ON "exercise_submissions" USING btree ("lesson_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "exercise_submissions_course_idx" ON "exercise_submissions" USING btree ("course_id","lesson_id","verdict");--> statement-breakpoint
CREATE INDEX "exercise_submissions_subtopic_user_idx" ON "exercise_submissions" USING btree ("subtopic_key","user_id","created_at");--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_due_after_days_check" CHECK ("course_lessons"."due_after_days" between 0 and 3650);--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_kind_check" CHECK ("course_lessons"."kind" in ('article','video','quiz','exercise'));