CREATE TABLE "user_badges" (
	"user_id" uuid NOT NULL,
	"badge_id" text NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_pkey" PRIMARY KEY("user_id","badge_id")
);
--> statement-breakpoint
ALTER TABLE "dsa_progress" ADD COLUMN "fsrs_card" jsonb;--> statement-breakpoint
ALTER TABLE "dsa_progress" ADD COLUMN "confidence" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "revision_schedule" text DEFAULT 'adaptive' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "public_profile" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_badges_awarded_idx" ON "user_badges" USING btree ("user_id","awarded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_key" ON "users" USING btree (lower("handle")) WHERE "users"."handle" is not null;--> statement-breakpoint
ALTER TABLE "dsa_progress" ADD CONSTRAINT "dsa_progress_confidence_check" CHECK ("dsa_progress"."confidence" is null or "dsa_progress"."confidence" in ('low','medium','high','expert'));