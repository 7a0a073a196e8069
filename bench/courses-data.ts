/**
 * The courses benchmark's dataset in a database of its own (default learnbuild_bench_courses on the
 * PostgreSQL at BENCH_SERVER_URL): BENCH_COURSES published courses (10,000) by 200 instructors, each with
 * 2 sections of 3 lessons, and BENCH_ENROLMENTS enrolments (1,000,000: 100,000 learners in 10 courses
 * each; the first 100 courses hold 3 of every learner's 10, so a few courses are very popular), a fifth
 * of them completed. Every row is made by generate_series inside PostgreSQL; the counters on `courses`
 * are set from the rows afterwards, as the app keeps them.
 */
import pg from 'pg';
import { createMigratedDatabase, databaseUrlOn, dropDatabase, logStep, SERVER_URL } from './lib/database';

export const COURSES_DATABASE = process.env.BENCH_COURSES_DATABASE ?? 'learnbuild_bench_courses';
export const INSTRUCTOR_COUNT = 200;
/** Every course's title names one of these; `SEARCH_WORD` matches one course in 20. */
export const COURSE_TOPICS = [
  'JavaScript',
  'TypeScript',
  'React',
  'Node.js',
  'PostgreSQL',
  'SQL Joins',
  'Python',
  'Go',
  'Rust',
  'Docker',
  'Kubernetes',
  'System Design',
  'Algorithms',
  'Graphs',
  'Dynamic Programming',
  'CSS Layout',
  'HTML Forms',
  'Redis',
  'Testing',
  'Web Security',
] as const;
export const SEARCH_WORD = 'postgres';

export interface CourseScale {
  courses: number;
  learners: number;
  enrolmentsPerLearner: number;
}

export function courseScaleFromEnv(): CourseScale {
  const courses = Number(process.env.BENCH_COURSES ?? 10_000);
  const enrolments = Number(process.env.BENCH_ENROLMENTS ?? 1_000_000);
  const enrolmentsPerLearner = 10;
  return { courses, learners: Math.ceil(enrolments / enrolmentsPerLearner), enrolmentsPerLearner };
}

export const coursesDatabaseUrl = () => databaseUrlOn(SERVER_URL, COURSES_DATABASE);

export const dropCoursesDatabase = () => dropDatabase(SERVER_URL, COURSES_DATABASE);

/** The counts already loaded, or null when the database is missing or holds something else. */
export async function existingCourseScale(): Promise<{ courses: number; enrolments: number } | null> {
  const client = new pg.Client({ connectionString: coursesDatabaseUrl() });
  try {
    await client.connect();
    const found = await client.query<{ courses: string; enrolments: string }>(
      `select (select count(*) from courses where status = 'published') as courses,
              (select count(*) from course_enrollments) as enrolments`,
    );
    return { courses: Number(found.rows[0]!.courses), enrolments: Number(found.rows[0]!.enrolments) };
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function generateCourses(scale: CourseScale): Promise<void> {
  const started = Date.now();
  const enrolments = scale.learners * scale.enrolmentsPerLearner;
  console.log(`Generating ${COURSES_DATABASE}: ${scale.courses} courses, ${enrolments} enrolments`);
  await dropCoursesDatabase();
  await createMigratedDatabase(SERVER_URL, COURSES_DATABASE);
  logStep('schema migrated', started);

  const client = new pg.Client({ connectionString: coursesDatabaseUrl() });
  await client.connect();
  const step = async (label: string, statement: string, values: unknown[] = []) => {
    const result = await client.query(statement, values);
    logStep(`${label}: ${result.rowCount ?? 0} rows`, started);
  };
  try {
    await client.query("set maintenance_work_mem = '512MB'");
    await step(
      'instructors',
      `insert into users (name, email, role, email_verified_at)
       select 'Bench Instructor ' || g, 'instructor' || g || '@bench.local', 'Instructor', now()
       from generate_series(1, $1::int) g`,
      [INSTRUCTOR_COUNT],
    );
    await step(
      'learners',
      `insert into users (name, email, role, email_verified_at)
       select 'Bench Learner ' || g, 'learner' || g || '@bench.local', 'Student', now()
       from generate_series(1, $1::int) g`,
      [scale.learners],
    );
    // Course n (1-based) is published n minutes before the newest, so "newest" has one fixed order.
    await step(
      'courses',
      `with teachers as (select array_agg(id order by email) as ids from users where role = 'Instructor'),
            topics as (select $2::text[] as names)
       insert into courses (slug, title, subtitle, description, category, level, tags, outcomes, status,
                            instructor_id, created_at, updated_at, published_at)
       select 'bench-course-' || g,
              (array['Learn', 'Practical', 'Modern', 'Hands-on', 'Mastering'])[1 + g % 5] || ' '
                || topics.names[1 + g % 20] || ' ' || g,
              'Everything about ' || topics.names[1 + g % 20] || ', step by step',
              repeat('A course written for the benchmark, with a description of realistic length. ', 20),
              (array['Web Development', 'Data Structures & Algorithms', 'Databases', 'System Design',
                     'Programming Languages', 'Computer Science Fundamentals', 'Career'])[1 + g % 7],
              (array['Beginner', 'Intermediate', 'Advanced'])[1 + g % 3],
              array[lower(topics.names[1 + g % 20]), 'bench'],
              array['Understand the basics', 'Build a small project', 'Know what to learn next'],
              'published',
              teachers.ids[1 + g % array_length(teachers.ids, 1)],
              now() - (g || ' minutes')::interval - interval '1 day',
              now() - (g || ' minutes')::interval,
              now() - (g || ' minutes')::interval
       from generate_series(1, $1::int) g, teachers, topics`,
      [scale.courses, COURSE_TOPICS],
    );
    await step(
      'sections (2 per course)',
      `insert into course_sections (course_id, title, position)
       select c.id, 'Part ' || (s + 1), s from courses c cross join generate_series(0, 1) s`,
    );
    // Per section: an article (the first of the course is a free preview), an embedded video, an article.
    await step(
      'lessons (3 per section)',
      `insert into course_lessons (course_id, section_id, title, kind, body, video_url, duration_minutes,
                                   free_preview, position)
       select s.course_id, s.id, 'Lesson ' || (s.position + 1) || '.' || (l + 1),
              case when l = 1 then 'video' else 'article' end,
              repeat('Lesson text of a realistic length, with an example or two. ', 40),
              case when l = 1 then 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' end,
              5 + (l * 7) % 20, s.position = 0 and l = 0, l
       from course_sections s cross join generate_series(0, 2) l`,
    );
    await step(
      'lesson counters',
      `update courses c set lesson_count = t.lessons, total_minutes = t.minutes
       from (select course_id, count(*)::int as lessons, sum(duration_minutes)::int as minutes
             from course_lessons group by course_id) t
       where t.course_id = c.id`,
    );
    // Learner n takes 3 of the first 100 courses and 7 of the rest: 10 distinct courses each.
    await step(
      'enrolments',
      `with c as (select id, (row_number() over (order by published_at desc, id) - 1)::int as idx from courses),
            u as (select id, (row_number() over (order by email))::int as n from users where role = 'Student')
       insert into course_enrollments (course_id, user_id, enrolled_at, completed_at, updated_at)
       select c.id, u.id, e.at, case when (u.n + k) % 5 = 0 then e.at + interval '3 days' end, e.at
       from u
       cross join generate_series(0, $1::int - 1) k
       cross join lateral (select case when k < 3 then (u.n * 7 + k) % 100
                                       else 100 + (u.n * 7 + k * 1009) % ($2::int - 100) end as idx,
                                  now() - ((u.n * 13 + k * 29) % 365 || ' days')::interval
                                        - ((u.n + k) % 1440 || ' minutes')::interval as at) e
       join c on c.idx = e.idx`,
      [scale.enrolmentsPerLearner, scale.courses],
    );
    await step(
      'enrolment counters',
      `update courses c set enrolled_count = t.learners, completed_count = t.completions
       from (select course_id, count(*)::int as learners, count(completed_at)::int as completions
             from course_enrollments group by course_id) t
       where t.course_id = c.id`,
    );
    // The counter updates left a dead copy of every course row; a live table would not be three times its size.
    await client.query('vacuum full courses');
    await client.query('vacuum analyze');
    // Write the loaded pages out now, not in a checkpoint in the middle of the measurements.
    await client.query('checkpoint').catch(() => undefined);
    logStep('vacuum analyze and checkpoint done', started);
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await generateCourses(courseScaleFromEnv());
}
