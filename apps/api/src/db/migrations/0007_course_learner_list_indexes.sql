DROP INDEX "course_enrollments_course_recent_idx";--> statement-breakpoint
DROP INDEX "course_enrollments_course_completed_idx";--> statement-breakpoint
CREATE INDEX "course_enrollments_course_recent_idx" ON "course_enrollments" USING btree ("course_id","enrolled_at","user_id");--> statement-breakpoint
CREATE INDEX "course_enrollments_course_completed_idx" ON "course_enrollments" USING btree ("course_id","completed_at","user_id") WHERE "course_enrollments"."completed_at" is not null;