CREATE TABLE "dsa_learner_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"solved_easy" integer DEFAULT 0 NOT NULL,
	"solved_medium" integer DEFAULT 0 NOT NULL,
	"solved_hard" integer DEFAULT 0 NOT NULL,
	"bookmarked" integer DEFAULT 0 NOT NULL,
	"solve_days" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dsa_learner_counters" ADD CONSTRAINT "dsa_learner_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dsa_progress_problem_idx" ON "dsa_progress" USING btree ("problem_id");--> statement-breakpoint
-- A learner's DSA counters follow every write to their progress rows and every change to a problem's
-- difficulty or deletion, in the same transaction (docs/decisions.md). A progress row counts when its
-- problem is live: a solve adds to its difficulty and to its solve day, a bookmark to the bookmarks.
CREATE FUNCTION dsa_bump_day(days jsonb, day date, delta integer) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN day IS NULL OR delta = 0 THEN days
    WHEN coalesce((days ->> to_char(day, 'YYYY-MM-DD'))::int, 0) + delta <= 0 THEN days - to_char(day, 'YYYY-MM-DD')
    ELSE jsonb_set(days, ARRAY[to_char(day, 'YYYY-MM-DD')],
                   to_jsonb(coalesce((days ->> to_char(day, 'YYYY-MM-DD'))::int, 0) + delta))
  END
$$;
--> statement-breakpoint
CREATE FUNCTION dsa_counters_apply(
  learner uuid, d_easy integer, d_medium integer, d_hard integer, d_bookmarked integer,
  minus_day date, plus_day date, may_insert boolean
) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF d_easy = 0 AND d_medium = 0 AND d_hard = 0 AND d_bookmarked = 0
     AND minus_day IS NOT DISTINCT FROM plus_day THEN
    RETURN;
  END IF;
  FOR attempt IN 1..2 LOOP
    UPDATE dsa_learner_counters
    SET solved_easy = solved_easy + d_easy,
        solved_medium = solved_medium + d_medium,
        solved_hard = solved_hard + d_hard,
        bookmarked = bookmarked + d_bookmarked,
        solve_days = dsa_bump_day(dsa_bump_day(solve_days, minus_day, -1), plus_day, 1)
    WHERE user_id = learner;
    -- A removal never creates the row (the learner may be being deleted with it).
    EXIT WHEN FOUND OR NOT may_insert;
    INSERT INTO dsa_learner_counters (user_id) VALUES (learner) ON CONFLICT (user_id) DO NOTHING;
  END LOOP;
END
$$;
--> statement-breakpoint
-- A live problem's difficulty, or null when it is deleted. FOR SHARE waits for a management change to the
-- problem in progress, so the difficulty and deletion read are final.
CREATE FUNCTION dsa_live_difficulty(problem uuid) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  found_difficulty text;
BEGIN
  SELECT difficulty INTO found_difficulty FROM dsa_problems WHERE id = problem AND deleted_at IS NULL FOR SHARE;
  RETURN found_difficulty;
END
$$;
--> statement-breakpoint
CREATE FUNCTION dsa_progress_counters() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_difficulty text;
  new_difficulty text;
  old_solved boolean := false;
  new_solved boolean := false;
  old_bookmarked boolean := false;
  new_bookmarked boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id AND OLD.problem_id = NEW.problem_id
     AND OLD.solved = NEW.solved AND OLD.bookmarked = NEW.bookmarked
     AND OLD.solved_on IS NOT DISTINCT FROM NEW.solved_on THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND (OLD.solved OR OLD.bookmarked) THEN
    old_difficulty := dsa_live_difficulty(OLD.problem_id);
    old_solved := old_difficulty IS NOT NULL AND OLD.solved;
    old_bookmarked := old_difficulty IS NOT NULL AND OLD.bookmarked;
  END IF;
  IF TG_OP <> 'DELETE' AND (NEW.solved OR NEW.bookmarked) THEN
    new_difficulty := dsa_live_difficulty(NEW.problem_id);
    new_solved := new_difficulty IS NOT NULL AND NEW.solved;
    new_bookmarked := new_difficulty IS NOT NULL AND NEW.bookmarked;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id = NEW.user_id THEN
    PERFORM dsa_counters_apply(NEW.user_id,
      (new_solved AND new_difficulty = 'Easy')::int - (old_solved AND old_difficulty = 'Easy')::int,
      (new_solved AND new_difficulty = 'Medium')::int - (old_solved AND old_difficulty = 'Medium')::int,
      (new_solved AND new_difficulty = 'Hard')::int - (old_solved AND old_difficulty = 'Hard')::int,
      new_bookmarked::int - old_bookmarked::int,
      CASE WHEN old_solved THEN OLD.solved_on END, CASE WHEN new_solved THEN NEW.solved_on END, true);
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM dsa_counters_apply(OLD.user_id,
      -(old_solved AND old_difficulty = 'Easy')::int, -(old_solved AND old_difficulty = 'Medium')::int,
      -(old_solved AND old_difficulty = 'Hard')::int, -old_bookmarked::int,
      CASE WHEN old_solved THEN OLD.solved_on END, NULL, false);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM dsa_counters_apply(NEW.user_id,
      (new_solved AND new_difficulty = 'Easy')::int, (new_solved AND new_difficulty = 'Medium')::int,
      (new_solved AND new_difficulty = 'Hard')::int, new_bookmarked::int,
      NULL, CASE WHEN new_solved THEN NEW.solved_on END, true);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dsa_progress_counters AFTER INSERT OR UPDATE OR DELETE ON dsa_progress
FOR EACH ROW EXECUTE FUNCTION dsa_progress_counters();
--> statement-breakpoint
-- A problem re-graded, deleted, restored or removed moves the counters of every learner with a solve
-- or a bookmark on it (the dsa_progress_problem_idx index finds them).
CREATE FUNCTION dsa_problem_counters() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_difficulty text := CASE WHEN OLD.deleted_at IS NULL THEN OLD.difficulty END;
  new_difficulty text;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    new_difficulty := CASE WHEN NEW.deleted_at IS NULL THEN NEW.difficulty END;
  END IF;
  IF old_difficulty IS NOT DISTINCT FROM new_difficulty THEN
    RETURN OLD;
  END IF;
  IF old_difficulty IS NULL THEN
    INSERT INTO dsa_learner_counters (user_id)
    SELECT DISTINCT user_id FROM dsa_progress WHERE problem_id = OLD.id AND (solved OR bookmarked)
    ON CONFLICT (user_id) DO NOTHING;
  END IF;
  UPDATE dsa_learner_counters c
  SET solved_easy = c.solved_easy + CASE WHEN p.solved
        THEN (new_difficulty IS NOT DISTINCT FROM 'Easy')::int - (old_difficulty IS NOT DISTINCT FROM 'Easy')::int ELSE 0 END,
      solved_medium = c.solved_medium + CASE WHEN p.solved
        THEN (new_difficulty IS NOT DISTINCT FROM 'Medium')::int - (old_difficulty IS NOT DISTINCT FROM 'Medium')::int ELSE 0 END,
      solved_hard = c.solved_hard + CASE WHEN p.solved
        THEN (new_difficulty IS NOT DISTINCT FROM 'Hard')::int - (old_difficulty IS NOT DISTINCT FROM 'Hard')::int ELSE 0 END,
      bookmarked = c.bookmarked + CASE WHEN p.bookmarked
        THEN (new_difficulty IS NOT NULL)::int - (old_difficulty IS NOT NULL)::int ELSE 0 END,
      solve_days = CASE WHEN p.solved
        THEN dsa_bump_day(c.solve_days, p.solved_on, (new_difficulty IS NOT NULL)::int - (old_difficulty IS NOT NULL)::int)
        ELSE c.solve_days END
  FROM dsa_progress p
  WHERE p.problem_id = OLD.id AND (p.solved OR p.bookmarked) AND c.user_id = p.user_id;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER dsa_problem_counters AFTER UPDATE OF difficulty, deleted_at ON dsa_problems
FOR EACH ROW EXECUTE FUNCTION dsa_problem_counters();
--> statement-breakpoint
CREATE TRIGGER dsa_problem_removed_counters BEFORE DELETE ON dsa_problems
FOR EACH ROW EXECUTE FUNCTION dsa_problem_counters();
--> statement-breakpoint
-- Recounts every learner's counters from the progress rows (the backfill below, and
-- `npm run dsa:rebuild-counters`). Progress and problem writes wait until it is done.
CREATE FUNCTION dsa_rebuild_counters() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  learners integer;
BEGIN
  LOCK TABLE dsa_progress, dsa_problems IN SHARE MODE;
  LOCK TABLE dsa_learner_counters IN EXCLUSIVE MODE;
  DELETE FROM dsa_learner_counters;
  WITH live AS (
    SELECT pr.user_id, pr.solved, pr.solved_on, pr.bookmarked, p.difficulty
    FROM dsa_progress pr
    JOIN dsa_problems p ON p.id = pr.problem_id AND p.deleted_at IS NULL
    WHERE pr.solved OR pr.bookmarked
  ), per_day AS (
    SELECT user_id, jsonb_object_agg(to_char(solved_on, 'YYYY-MM-DD'), solves) AS solve_days
    FROM (
      SELECT user_id, solved_on, count(*)::int AS solves FROM live
      WHERE solved AND solved_on IS NOT NULL GROUP BY user_id, solved_on
    ) days
    GROUP BY user_id
  ), totals AS (
    SELECT user_id,
           (count(*) FILTER (WHERE solved AND difficulty = 'Easy'))::int AS solved_easy,
           (count(*) FILTER (WHERE solved AND difficulty = 'Medium'))::int AS solved_medium,
           (count(*) FILTER (WHERE solved AND difficulty = 'Hard'))::int AS solved_hard,
           (count(*) FILTER (WHERE bookmarked))::int AS bookmarked
    FROM live GROUP BY user_id
  )
  INSERT INTO dsa_learner_counters (user_id, solved_easy, solved_medium, solved_hard, bookmarked, solve_days)
  SELECT t.user_id, t.solved_easy, t.solved_medium, t.solved_hard, t.bookmarked, coalesce(d.solve_days, '{}'::jsonb)
  FROM totals t LEFT JOIN per_day d ON d.user_id = t.user_id;
  GET DIAGNOSTICS learners = ROW_COUNT;
  RETURN learners;
END
$$;
--> statement-breakpoint
SELECT dsa_rebuild_counters();
