CREATE TABLE "dsa_problems" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"step" text NOT NULL,
	"topic_id" uuid NOT NULL,
	"difficulty" text NOT NULL,
	"url" text NOT NULL,
	"alt_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "dsa_problems_difficulty_check" CHECK ("dsa_problems"."difficulty" in ('Easy','Medium','Hard'))
);
--> statement-breakpoint
CREATE TABLE "dsa_progress" (
	"user_id" uuid NOT NULL,
	"problem_id" uuid NOT NULL,
	"solved" boolean DEFAULT false NOT NULL,
	"solved_at" timestamp with time zone,
	"solved_on" date,
	"bookmarked" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"revision_stage" integer,
	"revision_due_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsa_progress_pkey" PRIMARY KEY("user_id","problem_id")
);
--> statement-breakpoint
CREATE TABLE "dsa_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"problem_id" uuid NOT NULL,
	"stage" integer NOT NULL,
	"reviewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsa_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject_subtopics" (
	"subject_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"self_check" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subject_subtopics_pkey" PRIMARY KEY("subject_id","topic_id","id")
);
--> statement-breakpoint
CREATE TABLE "subject_topics" (
	"subject_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "subject_topics_pkey" PRIMARY KEY("subject_id","id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'book-open' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subtopic_progress" (
	"user_id" uuid NOT NULL,
	"subject_id" text NOT NULL,
	"topic_id" text NOT NULL,
	"subtopic_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subtopic_progress_pkey" PRIMARY KEY("user_id","subject_id","topic_id","subtopic_id")
);
--> statement-breakpoint
ALTER TABLE "dsa_problems" ADD CONSTRAINT "dsa_problems_topic_id_dsa_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."dsa_topics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsa_progress" ADD CONSTRAINT "dsa_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsa_progress" ADD CONSTRAINT "dsa_progress_problem_id_dsa_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."dsa_problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsa_reviews" ADD CONSTRAINT "dsa_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsa_reviews" ADD CONSTRAINT "dsa_reviews_problem_id_dsa_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."dsa_problems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_subtopics" ADD CONSTRAINT "subject_subtopics_topic_fk" FOREIGN KEY ("subject_id","topic_id") REFERENCES "public"."subject_topics"("subject_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_topics" ADD CONSTRAINT "subject_topics_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtopic_progress" ADD CONSTRAINT "subtopic_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subtopic_progress" ADD CONSTRAINT "subtopic_progress_subtopic_fk" FOREIGN KEY ("subject_id","topic_id","subtopic_id") REFERENCES "public"."subject_subtopics"("subject_id","topic_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dsa_problems_slug_key" ON "dsa_problems" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "dsa_problems_position_idx" ON "dsa_problems" USING btree ("position");--> statement-breakpoint
CREATE INDEX "dsa_progress_user_solved_on_idx" ON "dsa_progress" USING btree ("user_id","solved_on");--> statement-breakpoint
CREATE INDEX "dsa_reviews_user_idx" ON "dsa_reviews" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dsa_topics_name_key" ON "dsa_topics" USING btree ("name");--> statement-breakpoint
CREATE INDEX "subtopic_progress_user_completed_idx" ON "subtopic_progress" USING btree ("user_id","completed_at");