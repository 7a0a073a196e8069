import { courseProgressPercent } from '@learnbuild/domain/schemas/courses';
import type { ActivityKind, DashboardCourse } from '@learnbuild/domain/schemas/dashboard';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export interface ActivityRow {
  kind: ActivityKind;
  ref: string;
  title: string;
  detail: string | null;
  subjectId: string | null;
  topicId: string | null;
  subtopicId: string | null;
  at: Date;
}

/**
 * The user's own actions, newest first: problems solved, lessons completed, their instructor
 * application (sent, then decided), and the courses they are enrolled in and completed (linking to the
 * certificate), and the badges they earned (issue 29). Every branch is filtered by the one user id.
 */
function activitySource(userId: string) {
  return sql`
    select 'dsa.solved' as kind, p.id::text as ref, p.title as title, p.difficulty as detail,
           null::text as subject_id, null::text as topic_id, null::text as subtopic_id, dp.solved_at as at
      from dsa_progress dp join dsa_problems p on p.id = dp.problem_id
     where dp.user_id = ${userId} and dp.solved and dp.solved_at is not null
    union all
    select 'subtopic.completed', sp.subject_id || '/' || sp.topic_id || '/' || sp.subtopic_id, ss.name, s.name,
           sp.subject_id, sp.topic_id, sp.subtopic_id, sp.completed_at
      from subtopic_progress sp
      join subject_subtopics ss
        on ss.subject_id = sp.subject_id and ss.topic_id = sp.topic_id and ss.id = sp.subtopic_id
      join subjects s on s.id = sp.subject_id
     where sp.user_id = ${userId}
    union all
    select 'application.submitted', ia.id::text, 'Applied to become an instructor', null, null, null, null,
           ia.requested_at
      from instructor_applications ia
     where ia.user_id = ${userId}
    union all
    select case ia.status when 'approved' then 'application.approved' else 'application.rejected' end,
           ia.id::text, 'Instructor application decided', null, null, null, null, ia.reviewed_at
      from instructor_applications ia
     where ia.user_id = ${userId} and ia.status <> 'pending' and ia.reviewed_at is not null
    union all
    select 'course.enrolled', ce.course_id::text, c.title, c.category, null, null, null, ce.enrolled_at
      from course_enrollments ce join courses c on c.id = ce.course_id
     where ce.user_id = ${userId}
    union all
    select 'course.completed', cc.id::text, c.title, c.category, null, null, null, ce.completed_at
      from course_enrollments ce
      join courses c on c.id = ce.course_id
      join course_certificates cc on cc.course_id = ce.course_id and cc.user_id = ce.user_id
     where ce.user_id = ${userId} and ce.completed_at is not null
    union all
    select 'badge.earned', ub.badge_id, ub.badge_id, null, null, null, null, ub.awarded_at
      from user_badges ub
     where ub.user_id = ${userId}`;
}

type RawActivityRow = {
  kind: ActivityKind;
  ref: string;
  title: string;
  detail: string | null;
  subject_id: string | null;
  topic_id: string | null;
  subtopic_id: string | null;
  at: Date | string;
};

export async function listActivity(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<ActivityRow[]> {
  const result = await db.execute<RawActivityRow>(sql`
    select * from (${activitySource(userId)}) activity
     order by at desc, kind, ref
     limit ${page.limit} offset ${page.offset}`);
  return result.rows.map((row) => ({
    kind: row.kind,
    ref: row.ref,
    title: row.title,
    detail: row.detail,
    subjectId: row.subject_id,
    topicId: row.topic_id,
    subtopicId: row.subtopic_id,
    at: new Date(row.at),
  }));
}

export async function countActivity(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute<{ n: number | string }>(
    sql`select count(*)::int as n from (${activitySource(userId)}) activity`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

// Courses: each figure the dashboard shows has its own function, read from the course counters and
// the caller's own enrolment rows.

/** Total Courses: every published course. */
export async function countCourses(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ n: number | string }>(
    sql`select count(*)::int as n from courses where status = 'published'`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Enrolled Courses: courses whose studentsEnrolled holds the student (a course back in draft is hidden, so not counted). */
export async function countEnrolledCourses(db: DbOrTx, userId: string): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    select count(*)::int as n
      from course_enrollments ce join courses c on c.id = ce.course_id
     where ce.user_id = ${userId} and c.status <> 'draft'`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * My Courses: the courses the user is enrolled in (not drafts), most recent first, with their progress:
 * lessons done of the course's lessons, and 100 once the course was completed (completion is kept).
 */
export async function listMyCourses(db: DbOrTx, userId: string): Promise<DashboardCourse[]> {
  const result = await db.execute<{
    id: string;
    slug: string;
    title: string;
    completed: boolean;
    done: number | string;
    lessons: number | string;
    certificate_id: string | null;
  }>(sql`
    select c.id::text as id, c.slug, c.title, ce.completed_at is not null as completed,
           (select count(*) from course_lesson_progress p
             where p.user_id = ce.user_id and p.course_id = ce.course_id and p.completed_at is not null)::int as done,
           c.lesson_count as lessons,
           (select cc.id::text from course_certificates cc
             where cc.course_id = ce.course_id and cc.user_id = ce.user_id limit 1) as certificate_id
      from course_enrollments ce join courses c on c.id = ce.course_id
     where ce.user_id = ${userId} and c.status <> 'draft'
     order by ce.enrolled_at desc, c.id`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    progress: row.completed ? 100 : courseProgressPercent(Number(row.done), Number(row.lessons)),
    href: `/courses/${row.slug}`,
    completed: row.completed,
    certificateHref: row.completed && row.certificate_id ? `/certificates/${row.certificate_id}` : null,
  }));
}

export interface LastLessonRow {
  kind: 'course' | 'subject';
  title: string;
  context: string;
  courseSlug: string | null;
  lessonId: string | null;
  subjectId: string | null;
  topicId: string | null;
  at: Date;
}

/**
 * The learner's most recent lesson: the one last opened in an enrolled course that is not a draft
 * (its enrolment row is stamped when the lesson is opened or completed), or the core-subject lesson
 * last completed, whichever came later.
 */
export async function findLastLesson(db: DbOrTx, userId: string): Promise<LastLessonRow | null> {
  const result = await db.execute<{
    kind: 'course' | 'subject';
    title: string;
    context: string;
    course_slug: string | null;
    lesson_id: string | null;
    subject_id: string | null;
    topic_id: string | null;
    at: Date | string;
  }>(sql`
    select * from (
      (select 'course' as kind, l.title, c.title as context, c.slug as course_slug, l.id::text as lesson_id,
              null::text as subject_id, null::text as topic_id, ce.updated_at as at
         from course_enrollments ce
         join courses c on c.id = ce.course_id
         join course_lessons l on l.id = ce.last_lesson_id
        where ce.user_id = ${userId} and c.status <> 'draft'
        order by ce.updated_at desc limit 1)
      union all
      (select 'subject', ss.name, s.name, null, sp.subtopic_id, sp.subject_id, sp.topic_id, sp.completed_at
         from subtopic_progress sp
         join subject_subtopics ss
           on ss.subject_id = sp.subject_id and ss.topic_id = sp.topic_id and ss.id = sp.subtopic_id
         join subjects s on s.id = sp.subject_id
        where sp.user_id = ${userId}
        order by sp.completed_at desc limit 1)
    ) last order by at desc limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    kind: row.kind,
    title: row.title,
    context: row.context,
    courseSlug: row.course_slug,
    lessonId: row.lesson_id,
    subjectId: row.subject_id,
    topicId: row.topic_id,
    at: new Date(row.at),
  };
}

/** The DSA problem the learner last changed anything on (solved, bookmarked, notes, revision), live problems only. */
export async function findLastProblem(db: DbOrTx, userId: string) {
  const result = await db.execute<{
    title: string;
    difficulty: 'Easy' | 'Medium' | 'Hard';
    solved: boolean;
    at: Date | string;
  }>(sql`
    select p.title, p.difficulty, dp.solved, dp.updated_at as at
      from dsa_progress dp join dsa_problems p on p.id = dp.problem_id
     where dp.user_id = ${userId} and p.deleted_at is null
     order by dp.updated_at desc limit 1`);
  const row = result.rows[0];
  return row ? { title: row.title, difficulty: row.difficulty, solved: row.solved, at: new Date(row.at) } : null;
}

export interface WeekCount {
  weekStart: string;
  count: number;
}

/**
 * Instants around the calendar days `first` to `last` in any time zone (zones run from UTC-12 to UTC+14):
 * a range the indexes can use, narrowed to the zone's own days in the statement.
 */
function instantsAround(first: string, last: string): { from: string; to: string } {
  const day = 86_400_000;
  return {
    from: new Date(Date.parse(`${first}T00:00:00Z`) - day).toISOString(),
    to: new Date(Date.parse(`${last}T00:00:00Z`) + 2 * day).toISOString(),
  };
}

/** Verified sign-ups per week (Monday) of `timeZone`'s calendar, from the Monday `first` through the day `last`. */
export async function countSignupsPerWeek(
  db: DbOrTx,
  first: string,
  last: string,
  timeZone: string,
): Promise<WeekCount[]> {
  const around = instantsAround(first, last);
  const result = await db.execute<{ week_start: string; n: number | string }>(sql`
    select to_char(date_trunc('week', local_day), 'YYYY-MM-DD') as week_start, count(*)::int as n
      from (select (created_at at time zone ${timeZone})::date as local_day
              from users
             where email_verified_at is not null and created_at >= ${around.from} and created_at < ${around.to}) s
     where local_day between ${first}::date and ${last}::date
     group by 1`);
  return result.rows.map((row) => ({ weekStart: row.week_start, count: Number(row.n) }));
}

/** Problems solved per day of `timeZone`'s calendar, `first` through `last`; a solve later undone no longer counts. */
export async function countSolvesPerDay(
  db: DbOrTx,
  first: string,
  last: string,
  timeZone: string,
): Promise<{ date: string; count: number }[]> {
  const around = instantsAround(first, last);
  const result = await db.execute<{ day: string; n: number | string }>(sql`
    select to_char(local_day, 'YYYY-MM-DD') as day, count(*)::int as n
      from (select (solved_at at time zone ${timeZone})::date as local_day
              from dsa_progress
             where solved and solved_at >= ${around.from} and solved_at < ${around.to}) s
     where local_day between ${first}::date and ${last}::date
     group by 1`);
  return result.rows.map((row) => ({ date: row.day, count: Number(row.n) }));
}
