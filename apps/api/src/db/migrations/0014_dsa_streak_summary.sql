-- What stats and activity reads need of a learner's solve days, worked out by PostgreSQL whenever solve_days
-- changes (generated columns, so every writer of the counters keeps them: the progress and problem triggers,
-- the rebuild): the streak summary of packages/domain/src/rules/streaks.ts (streakSummary), with the latest
-- solve day as whole days since 1970-01-01, and the days as 'YYYY-MM-DD:count' joined by commas, oldest first.
CREATE FUNCTION dsa_streak_part(days jsonb, part text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH day_numbers AS (
    SELECT make_date(substr(key, 1, 4)::int, substr(key, 6, 2)::int, substr(key, 9, 2)::int) - date '1970-01-01' AS n
    FROM jsonb_object_keys(days) AS key
    WHERE key ~ '^\d{4}-\d{2}-\d{2}$'
  ), runs AS (
    SELECT max(n) AS last_day, count(*)::int AS length
    FROM (SELECT n, n - row_number() OVER (ORDER BY n) AS island FROM day_numbers) numbered
    GROUP BY island
  )
  SELECT CASE part
    WHEN 'last_solve_day' THEN (SELECT max(last_day) FROM runs)
    WHEN 'last_run' THEN coalesce((SELECT length FROM runs ORDER BY last_day DESC LIMIT 1), 0)
    WHEN 'max_streak' THEN coalesce((SELECT max(length) FROM runs), 0)
  END
$$;
--> statement-breakpoint
CREATE FUNCTION dsa_solve_day_list(days jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(key || ':' || value, ',' ORDER BY key), '') FROM jsonb_each_text(days)
$$;
--> statement-breakpoint
ALTER TABLE "dsa_learner_counters" ADD COLUMN "last_solve_day" integer GENERATED ALWAYS AS (dsa_streak_part(solve_days, 'last_solve_day')) STORED;--> statement-breakpoint
ALTER TABLE "dsa_learner_counters" ADD COLUMN "last_run" integer GENERATED ALWAYS AS (dsa_streak_part(solve_days, 'last_run')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "dsa_learner_counters" ADD COLUMN "max_streak" integer GENERATED ALWAYS AS (dsa_streak_part(solve_days, 'max_streak')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "dsa_learner_counters" ADD COLUMN "solve_day_list" text GENERATED ALWAYS AS (dsa_solve_day_list(solve_days)) STORED NOT NULL;