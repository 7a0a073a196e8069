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
 * certificate). Every branch is filtered by the one user id.
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
     where ce.user_id = ${userId} and ce.completed_at is not null`;
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

/** Total Students: distinct learners enrolled in any course the instructor teaches. */
export async function countStudentsOfInstructor(db: DbOrTx, instructorId: string): Promise<number> {
  const result = await db.execute<{ n: number | string }>(sql`
    select count(distinct ce.user_id)::int as n
      from course_enrollments ce join courses c on c.id = ce.course_id
     where c.instructor_id = ${instructorId}`);
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
  }>(sql`
    select c.id::text as id, c.slug, c.title, ce.completed_at is not null as completed,
           (select count(*) from course_lesson_progress p
             where p.user_id = ce.user_id and p.course_id = ce.course_id and p.completed_at is not null)::int as done,
           c.lesson_count as lessons
      from course_enrollments ce join courses c on c.id = ce.course_id
     where ce.user_id = ${userId} and c.status <> 'draft'
     order by ce.enrolled_at desc, c.id`);
  return result.rows.map((row) => ({
    id: row.id,
    title: row.title,
    progress: row.completed ? 100 : courseProgressPercent(Number(row.done), Number(row.lessons)),
    href: `/courses/${row.slug}`,
  }));
}

export interface WeekCount {
  weekStart: string;
  count: number;
}

/** Verified sign-ups per UTC week (Monday) in [from, to). */
export async function countSignupsPerWeek(db: DbOrTx, from: Date, to: Date): Promise<WeekCount[]> {
  const result = await db.execute<{ week_start: string; n: number | string }>(sql`
    select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week_start, count(*)::int as n
      from users
     where email_verified_at is not null and created_at >= ${from.toISOString()} and created_at < ${to.toISOString()}
     group by 1`);
  return result.rows.map((row) => ({ weekStart: row.week_start, count: Number(row.n) }));
}

/** Problems solved per UTC day in [from, to); a solve later undone no longer counts. */
export async function countSolvesPerDay(db: DbOrTx, from: Date, to: Date): Promise<{ date: string; count: number }[]> {
  const result = await db.execute<{ day: string; n: number | string }>(sql`
    select to_char(solved_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
      from dsa_progress
     where solved and solved_at >= ${from.toISOString()} and solved_at < ${to.toISOString()}
     group by 1`);
  return result.rows.map((row) => ({ date: row.day, count: Number(row.n) }));
}
