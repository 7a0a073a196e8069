CREATE TABLE "study_plans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"start_on" date NOT NULL,
	"finish_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_plans_kind_check" CHECK ("study_plans"."kind" in ('sheet-90','interview-30','custom')),
	CONSTRAINT "study_plans_dates_check" CHECK ("study_plans"."finish_on" >= "study_plans"."start_on")
);
--> statement-breakpoint
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;