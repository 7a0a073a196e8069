import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { courseInsightSnapshots, courseLessonProgress, courseNudges } from '../../db/schema';

// The SQL of the instructor's insight (issue 30): aggregates over one course, read by the snapshot computation
// (service.ts); the Instructor Panel itself reads only the stored snapshot.

/** PGlite hands json back parsed, node-postgres too for json columns but not always for json_agg: either way. */
const json = <T>(value: T | string | null): T | null => (typeof value === 'string' ? JSON.parse(value) : value);
const date = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Records that an enrolled learner opened a lesson: the first opening only (an existing start is kept), and
 * never on a lesson already completed without one (a start after the completion would be a negative time).
 * Every later read of the lesson only reads: the row is neither written nor locked once it has a start or a
 * completion, so opening lessons is no write on the hot path.
 */
export async function markLessonStarted(db: DbOrTx, key: { userId: string; courseId: string; lessonId: string }) {
  const p = courseLessonProgress;
  await db.execute(sql`
    insert into ${p} (user_id, course_id, lesson_id, started_at)
    select ${key.userId}, ${key.courseId}, ${key.lessonId}, now()
     where not exists (
       select 1 from ${p}
        where ${p.userId} = ${key.userId} and ${p.lessonId} = ${key.lessonId}
          and (${p.startedAt} is not null or ${p.completedAt} is not null))
    on conflict (user_id, lesson_id) do update set started_at = now(), updated_at = now()
     where ${p.startedAt} is null and ${p.completedAt} is null`);
}

/** The course's lessons in course order (sections, then lessons), with what the insight needs of each. */
export async function insightLessons(db: DbOrTx, courseId: string) {
  const result = await db.execute<{
    id: string;
    title: string;
    kind: string;
    quiz: unknown;
    due_after_days: number | null;
  }>(sql`
    select l.id, l.title, l.kind, l.quiz, l.due_after_days
      from course_lessons l
      join course_sections s on s.id = l.section_id
     where l.course_id = ${courseId}
     order by s.position, l.position, l.id`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    kind: row.kind,
    quiz: json(row.quiz as string | null),
    dueAfterDays: row.due_after_days === null ? null : Number(row.due_after_days),
  }));
}

/**
 * Every enrolled learner of the course with their completed lessons, their latest activity (enrolment, a
 * lesson opened, completed or watched, a quiz attempt, an exercise submission), their cohort and their last
 * nudge. Each table is grouped once for the course, so 10,000 learners cost a few hash joins, not 10,000 lookups.
 */
export async function insightLearners(db: DbOrTx, courseId: string) {
  const result = await db.execute<{
    user_id: string;
    name: string;
    enrolled_at: Date | string;
    completed_at: Date | string | null;
    last_activity_at: Date | string;
    done: string[] | string | null;
    cohort_starts_at: Date | string | null;
    cohort_title: string | null;
    time_zone: string | null;
  }>(sql`
    select e.user_id, u.name, e.enrolled_at, e.completed_at,
           greatest(e.enrolled_at, e.updated_at, p.last_at, a.last_at, x.last_at) as last_activity_at,
           p.done, c.starts_at as cohort_starts_at, c.title as cohort_title, pr.time_zone
      from course_enrollments e
      join users u on u.id = e.user_id
      left join (select user_id,
                        max(greatest(updated_at, started_at, completed_at)) as last_at,
                        json_agg(lesson_id) filter (where completed_at is not null) as done
                   from course_lesson_progress
                  where course_id = ${courseId}
                  group by user_id) p on p.user_id = e.user_id
      left join (select user_id, max(coalesce(submitted_at, started_at)) as last_at
                   from course_quiz_attempts
                  where course_id = ${courseId}
                  group by user_id) a on a.user_id = e.user_id
      left join (select user_id, max(created_at) as last_at
                   from exercise_submissions
                  where course_id = ${courseId}
                  group by user_id) x on x.user_id = e.user_id
      left join course_cohort_members m on m.course_id = e.course_id and m.user_id = e.user_id
      left join course_cohorts c on c.id = m.cohort_id
      left join user_preferences pr on pr.user_id = e.user_id
     where e.course_id = ${courseId}`);
  return result.rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    completedAt: row.completed_at === null ? null : date(row.completed_at),
    lastActivityAt: date(row.last_activity_at),
    completedLessonIds: json<string[]>(row.done) ?? [],
    cohort: row.cohort_starts_at === null ? null : { startsAt: date(row.cohort_starts_at), title: row.cohort_title! },
    timeZone: row.time_zone,
  }));
}

/** Per lesson, how long enrolled learners took from first opening it to completing it, in milliseconds. */
export async function lessonDurations(db: DbOrTx, courseId: string): Promise<Map<string, number[]>> {
  const result = await db.execute<{ lesson_id: string; durations: number[] | string }>(sql`
    select p.lesson_id,
           json_agg(extract(epoch from (p.completed_at - p.started_at)) * 1000) as durations
      from course_lesson_progress p
      join course_enrollments e on e.course_id = p.course_id and e.user_id = p.user_id
     where p.course_id = ${courseId} and p.started_at is not null and p.completed_at is not null
     group by p.lesson_id`);
  return new Map(result.rows.map((row) => [row.lesson_id, (json(row.durations) ?? []).map(Number)]));
}

export async function submittedQuizAttempts(db: DbOrTx, courseId: string): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    select count(*) as n from course_quiz_attempts where course_id = ${courseId} and submitted_at is not null`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Per question: graded answers, right ones, and the count of each wrong option chosen. */
export async function questionAnswers(db: DbOrTx, courseId: string) {
  const result = await db.execute<{
    lesson_id: string;
    question_key: string;
    choice: number | null;
    correct: boolean;
    n: number | string;
  }>(sql`
    select lesson_id, question_key, case when correct then null else choice end as choice, correct, count(*) as n
      from course_quiz_answers
     where course_id = ${courseId}
     group by lesson_id, question_key, correct, case when correct then null else choice end`);
  return result.rows.map((row) => ({
    lessonId: row.lesson_id,
    questionKey: row.question_key,
    choice: row.choice === null ? null : Number(row.choice),
    correct: row.correct,
    count: Number(row.n),
  }));
}

/** The course's bank questions (archived ones too: old answers name them), for their prompts and options. */
export async function bankQuestions(db: DbOrTx, courseId: string) {
  const result = await db.execute<{ id: string; prompt: string; options: string[] | string }>(sql`
    select id::text as id, prompt, options from course_questions where course_id = ${courseId}`);
  return new Map(result.rows.map((row) => [row.id, { prompt: row.prompt, options: json(row.options) ?? [] }]));
}

/** Per exercise lesson and verdict: submissions, and the learners who submitted or passed. */
export async function exerciseVerdicts(db: DbOrTx, courseId: string) {
  const [verdicts, learners] = await Promise.all([
    db.execute<{ lesson_id: string; verdict: string; n: number | string }>(sql`
      select lesson_id, verdict, count(*) as n
        from exercise_submissions
       where course_id = ${courseId} and lesson_id is not null
       group by lesson_id, verdict`),
    db.execute<{ lesson_id: string; learners: number | string; passed: number | string }>(sql`
      select lesson_id, count(distinct user_id) as learners,
             count(distinct user_id) filter (where verdict = 'Accepted') as passed
        from exercise_submissions
       where course_id = ${courseId} and lesson_id is not null
       group by lesson_id`),
  ]);
  return {
    verdicts: verdicts.rows.map((row) => ({ lessonId: row.lesson_id, verdict: row.verdict, count: Number(row.n) })),
    learners: new Map(
      learners.rows.map((row) => [row.lesson_id, { learners: Number(row.learners), passed: Number(row.passed) }]),
    ),
  };
}

// Snapshots

export async function findSnapshotAt(db: DbOrTx, courseId: string) {
  const [row] = await db
    .select({ computedAt: courseInsightSnapshots.computedAt })
    .from(courseInsightSnapshots)
    .where(eq(courseInsightSnapshots.courseId, courseId))
    .limit(1);
  return row?.computedAt;
}

/**
 * The stored snapshot as JSON text, as it is sent (never parsed and serialized again), with the ids of the
 * stalled learners it lists, for their nudges.
 */
export async function findSnapshotJson(db: DbOrTx, courseId: string) {
  const result = await db.execute<{ computed_at: Date | string; data: string; stalled: string[] | string | null }>(sql`
    select computed_at, data::text as data,
           (select json_agg(s->>'id') from jsonb_array_elements(data->'stalled') s) as stalled
      from course_insight_snapshots
     where course_id = ${courseId}`);
  const row = result.rows[0];
  if (!row) return undefined;
  return { computedAt: date(row.computed_at), json: row.data, stalledIds: json<string[]>(row.stalled) ?? [] };
}

export async function saveSnapshot(db: DbOrTx, courseId: string, computedAt: Date, data: unknown) {
  await db
    .insert(courseInsightSnapshots)
    .values({ courseId, computedAt, data })
    .onConflictDoUpdate({ target: courseInsightSnapshots.courseId, set: { computedAt, data } });
}

/**
 * Snapshots to recompute: those of courses with activity since they were computed (an enrolment, lesson
 * progress, a quiz attempt, an exercise submission, a lesson edited) and those older than `staleBefore`
 * (a learner becomes stalled with time alone). Oldest first, at most `limit`.
 */
export async function snapshotsToRefresh(db: DbOrTx, staleBefore: Date, limit: number): Promise<string[]> {
  const result = await db.execute<{ course_id: string }>(sql`
    select s.course_id
      from course_insight_snapshots s
     where s.computed_at < ${staleBefore.toISOString()}::timestamptz
        or exists (select 1 from course_enrollments e
                    where e.course_id = s.course_id and (e.enrolled_at > s.computed_at or e.updated_at > s.computed_at))
        or exists (select 1 from course_lesson_progress p where p.course_id = s.course_id and p.updated_at > s.computed_at)
        or exists (select 1 from course_quiz_attempts a where a.course_id = s.course_id and a.submitted_at > s.computed_at)
        or exists (select 1 from exercise_submissions x where x.course_id = s.course_id and x.created_at > s.computed_at)
        or exists (select 1 from course_lessons l where l.course_id = s.course_id and l.updated_at > s.computed_at)
     order by s.computed_at
     limit ${limit}`);
  return result.rows.map((row) => row.course_id);
}

// Nudges

/** The latest nudge of each listed learner in the course. */
export async function lastNudges(db: DbOrTx, courseId: string, learnerIds: string[]): Promise<Record<string, string>> {
  if (learnerIds.length === 0) return {};
  const result = await db.execute<{ learner_id: string; at: Date | string }>(sql`
    select learner_id, max(created_at) as at
      from course_nudges
     where course_id = ${courseId} and learner_id = any(${sql.param(learnerIds)}::uuid[])
     group by learner_id`);
  return Object.fromEntries(result.rows.map((row) => [row.learner_id, date(row.at).toISOString()]));
}

/** Holds the sender's nudges one at a time, so two at once cannot both pass the daily cap. */
export async function lockSender(tx: DbOrTx, senderId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`nudges:${senderId}`}, 0))`);
}

/** The newest nudge of this learner in this course since `since`, if any. */
export async function recentNudgeOf(db: DbOrTx, courseId: string, learnerId: string, since: Date) {
  const [row] = await db
    .select({ createdAt: courseNudges.createdAt })
    .from(courseNudges)
    .where(
      and(
        eq(courseNudges.courseId, courseId),
        eq(courseNudges.learnerId, learnerId),
        gt(courseNudges.createdAt, since),
      ),
    )
    .orderBy(desc(courseNudges.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** The sender's nudges since `since`, oldest first (the first of them frees a slot when it ages out). */
export async function senderNudgesSince(db: DbOrTx, senderId: string, since: Date) {
  const rows = await db
    .select({ createdAt: courseNudges.createdAt })
    .from(courseNudges)
    .where(and(eq(courseNudges.senderId, senderId), gt(courseNudges.createdAt, since)))
    .orderBy(courseNudges.createdAt);
  return rows.map((row) => row.createdAt);
}

export async function insertNudge(
  db: DbOrTx,
  values: { courseId: string; learnerId: string; senderId: string; message: string },
) {
  const [row] = await db
    .insert(courseNudges)
    .values(values)
    .returning({ id: courseNudges.id, createdAt: courseNudges.createdAt });
  return row!;
}
