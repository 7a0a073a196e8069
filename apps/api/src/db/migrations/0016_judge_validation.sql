ALTER TABLE "judge_problems" ADD COLUMN "validation_hash" text;--> statement-breakpoint
ALTER TABLE "judge_problems" ADD COLUMN "validation_passed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "judge_problems" ADD COLUMN "validation_results" jsonb;--> statement-breakpoint
ALTER TABLE "judge_problems" ADD COLUMN "validated_at" timestamp with time zone;