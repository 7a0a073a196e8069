ALTER TABLE "course_certificates" ADD COLUMN "verification_code" text;--> statement-breakpoint
-- Certificates issued before verification get a code now: 12 hexadecimal digits, which are also characters of the
-- application's own code alphabet (Crockford base 32), so both kinds read and verify alike.
UPDATE "course_certificates" SET "verification_code" = upper(substr(md5(random()::text || "id"::text), 1, 12));--> statement-breakpoint
ALTER TABLE "course_certificates" ALTER COLUMN "verification_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "release_after_days" integer;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD COLUMN "prerequisite_lesson_id" uuid;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sequential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "prerequisite_course_id" uuid;--> statement-breakpoint
ALTER TABLE "course_certificates" ADD CONSTRAINT "course_certificates_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_prerequisite_lesson_id_course_lessons_id_fk" FOREIGN KEY ("prerequisite_lesson_id") REFERENCES "public"."course_lessons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_prerequisite_course_id_courses_id_fk" FOREIGN KEY ("prerequisite_course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_certificates_verification_code_key" ON "course_certificates" USING btree ("verification_code");--> statement-breakpoint
ALTER TABLE "course_lessons" ADD CONSTRAINT "course_lessons_release_after_days_check" CHECK ("course_lessons"."release_after_days" between 0 and 3650);