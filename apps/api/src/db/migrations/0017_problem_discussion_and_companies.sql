ALTER TABLE "community_replies" ADD COLUMN "contains_solution" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community_threads" ADD COLUMN "problem_id" uuid;--> statement-breakpoint
ALTER TABLE "community_threads" ADD COLUMN "contains_solution" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dsa_problems" ADD COLUMN "companies" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "community_threads" ADD CONSTRAINT "community_threads_problem_id_dsa_problems_id_fk" FOREIGN KEY ("problem_id") REFERENCES "public"."dsa_problems"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "community_threads_problem_key" ON "community_threads" USING btree ("problem_id") WHERE "community_threads"."problem_id" is not null;