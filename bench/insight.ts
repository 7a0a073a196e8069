/**
 * npm run bench:insight -w bench (issue 30): the Instructor Panel's insight of a course with 10,000 learners and
 * 100,000 quiz attempts, and the course page before and after that activity.
 *
 * Creates its own database on the benchmark's PostgreSQL server and loads, with generate_series inside PostgreSQL
 * (nothing large crosses the wire): one instructor, BENCH_INSIGHT_LEARNERS (10,000) learners enrolled in one
 * course of 9 lessons (3 sections of article, article, quiz of 4 questions) and a code exercise, half of them in a
 * cohort with due dates, each having completed the first 0 to 9 lessons with start and completion times.
 * Then it measures the course page (anonymous, and signed in as 1,000 learners in turn) "before": with no quiz
 * attempt, no exercise submission and no insight snapshot. It then adds BENCH_INSIGHT_ATTEMPTS (100,000)
 * submitted attempts with their graded answers (400,000) and 20,000 exercise submissions, times one computation
 * of the insight from the tables (what the scheduled job and Refresh pay), and measures
 * GET /api/courses/:id/insight as the instructor (goal: p99 ≤ 100 ms; it is answered from the precomputed
 * snapshot, one row, never from the tables) and the course page again "after".
 * Writes bench/results/insight-<date>.json and bench/results/insight.md, then drops the database
 * (BENCH_KEEP=1 keeps it).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { signSessionToken } from '../apps/api/src/plugins/auth';
import { BENCH_JWT_SECRET } from './generate';
import { createMigratedDatabase, databaseUrlOn, dropUnlessKept, logStep, SERVER_URL } from './lib/database';
import {
  bareComparisonTable,
  CONNECTIONS,
  compareToBare,
  DURATION_S,
  type Measured,
  measure,
  startServer,
  stopServer,
  WARMUP_S,
  writeResults,
} from './lib/load-test';

const DATABASE_NAME = process.env.BENCH_INSIGHT_DATABASE ?? `lb_bench_insight_${randomBytes(3).toString('hex')}`;
const LEARNERS = Number(process.env.BENCH_INSIGHT_LEARNERS ?? 10_000);
const ATTEMPTS = Number(process.env.BENCH_INSIGHT_ATTEMPTS ?? 100_000);
const SUBMISSIONS = Number(process.env.BENCH_INSIGHT_SUBMISSIONS ?? 20_000);
const SIGNED_IN_LEARNERS = 1_000;
const TARGET_P99_MS = 100;
const port = Number(process.env.BENCH_INSIGHT_PORT ?? 3396);
const barePort = Number(process.env.BENCH_INSIGHT_BARE_PORT ?? 3397);

const databaseUrl = () => databaseUrlOn(SERVER_URL, DATABASE_NAME);

const QUIZ = JSON.stringify(
  [1, 2, 3, 4].map((n) => ({
    id: `q${n}`,
    prompt: `Question ${n}: which option is right?`,
    options: ['Option A', 'Option B', 'Option C', 'Option D'],
    answer: n % 4,
    explanation: '',
  })),
);

/** The instructor, the learners, the course and its lessons, enrolments, a cohort and lesson progress. */
async function generateCourse(client: pg.Client, started: number): Promise<string> {
  await client.query(
    `insert into users (name, email, role, email_verified_at)
     values ('Bench Instructor', 'instructor@bench.local', 'Instructor', now())`,
  );
  await client.query(
    `insert into users (name, email, role, email_verified_at)
     select 'Bench Learner ' || g, 'learner' || lpad(g::text, 6, '0') || '@bench.local', 'Student', now()
     from generate_series(1, $1::int) g`,
    [LEARNERS],
  );
  logStep('people', started);
  const course = await client.query<{ id: string }>(
    `insert into courses (slug, title, description, category, level, status, instructor_id, published_at)
     select 'insight-bench-course', 'Insight bench course', 'A course with many learners.', 'Databases',
            'Beginner', 'published', id, now() - interval '200 days'
     from users where email = 'instructor@bench.local'
     returning id`,
  );
  const courseId = course.rows[0]!.id;
  await client.query(
    `insert into course_sections (course_id, title, position)
     select $1, 'Part ' || (s + 1), s from generate_series(0, 2) s`,
    [courseId],
  );
  await client.query(
    `insert into course_lessons (course_id, section_id, title, kind, body, quiz, duration_minutes, free_preview,
                                 position, due_after_days)
     select s.course_id, s.id, 'Lesson ' || (s.position + 1) || '.' || (l + 1),
            case when l = 2 then 'quiz' else 'article' end,
            repeat('Lesson text of a realistic length. ', 40),
            case when l = 2 then $2::jsonb end, 10, s.position = 0 and l = 0, l, (s.position * 3 + l + 1) * 3
     from course_sections s cross join generate_series(0, 2) l where s.course_id = $1`,
    [courseId, QUIZ],
  );
  await client.query(
    `insert into course_lessons (course_id, section_id, title, kind, body, exercise, duration_minutes, position)
     select course_id, id, 'Exercise: sum a list', 'exercise', 'Write sum.', '{}'::jsonb, 15, 3
     from course_sections where course_id = $1 and position = 2`,
    [courseId],
  );
  await client.query(`update courses set lesson_count = 10, total_minutes = 105, enrolled_count = $2 where id = $1`, [
    courseId,
    LEARNERS,
  ]);
  // Enrolled 1 to 120 days ago; every other learner in the cohort that started 60 days ago.
  await client.query(
    `insert into course_enrollments (course_id, user_id, enrolled_at, updated_at)
     select $1, id, now() - ((n % 120) + 1 || ' days')::interval, now() - ((n % 120) + 1 || ' days')::interval
     from (select id, row_number() over (order by email) as n from users where role = 'Student') u`,
    [courseId],
  );
  const cohort = await client.query<{ id: string }>(
    `insert into course_cohorts (course_id, title, starts_at, ends_at)
     values ($1, 'Bench cohort', now() - interval '60 days', now() + interval '30 days') returning id`,
    [courseId],
  );
  await client.query(
    `insert into course_cohort_members (cohort_id, course_id, user_id)
     select $2, $1, id from (select id, row_number() over (order by email) as n from users where role = 'Student') u
     where n % 2 = 0`,
    [courseId, cohort.rows[0]!.id],
  );
  await client.query(`update course_cohorts set member_count = $2 where id = $1`, [cohort.rows[0]!.id, LEARNERS / 2]);
  // Learner n completed the first n % 10 lessons, each 5 to 64 minutes after opening it, a day apart.
  await client.query(
    `with u as (select id, row_number() over (order by email) as n from users where role = 'Student'),
          l as (select l.id, row_number() over (order by s.position, l.position) as k
                  from course_lessons l join course_sections s on s.id = l.section_id where l.course_id = $1)
     insert into course_lesson_progress (user_id, lesson_id, course_id, started_at, completed_at, updated_at)
     select u.id, l.id, $1, c.at - ((5 + (u.n * 7 + l.k) % 60) || ' minutes')::interval, c.at, c.at
     from u join l on l.k <= u.n % 10
     cross join lateral (select now() - ((u.n % 120) + 1 || ' days')::interval + (l.k || ' days')::interval as at) c`,
    [courseId],
  );
  logStep('course, enrolments, cohort and progress', started);
  return courseId;
}

/** 100,000 submitted attempts with 4 graded answers each, and 20,000 exercise submissions. */
async function generateActivity(client: pg.Client, courseId: string, started: number) {
  await client.query(
    `with u as (select id, row_number() over (order by email) - 1 as n from users where role = 'Student'),
          q as (select id, row_number() over (order by id) - 1 as k from course_lessons
                 where course_id = $1 and kind = 'quiz')
     insert into course_quiz_attempts (user_id, lesson_id, course_id, seed, questions, started_at, submitted_at,
                                       correct, total)
     select u.id, q.id, $1, g, '[]'::jsonb, now() - (g % 100 + 1 || ' days')::interval,
            now() - (g % 100 + 1 || ' days')::interval + interval '10 minutes', g % 5, 4
     from generate_series(1, $2::int) g
     join u on u.n = g % (select count(*) from u)
     join q on q.k = g % 3`,
    [courseId, ATTEMPTS],
  );
  logStep(`${ATTEMPTS} quiz attempts`, started);
  // Question n's key is option n % 4; a learner picks it 3 times in 5, otherwise a spread of wrong options.
  await client.query(
    `insert into course_quiz_answers (attempt_id, course_id, lesson_id, question_key, correct, choice)
     select a.id, a.course_id, a.lesson_id, 'q' || n, c.choice = n % 4, c.choice
     from course_quiz_attempts a cross join generate_series(1, 4) n
     cross join lateral (select case when (a.seed + n) % 5 < 3 then n % 4
                                     else (n % 4 + 1 + (a.seed + n) % 3) % 4 end as choice) c
     where a.course_id = $1`,
    [courseId],
  );
  logStep(`${ATTEMPTS * 4} graded answers`, started);
  await client.query(
    `with u as (select id, row_number() over (order by email) - 1 as n from users where role = 'Student')
     insert into exercise_submissions (user_id, lesson_id, course_id, language, code, verdict, passed, total,
                                       created_at)
     select u.id, l.id, $1, 'python', 'def solve(xs): return sum(xs)',
            (array['Accepted', 'Wrong Answer', 'Wrong Answer', 'Time Limit Exceeded', 'Runtime Error',
                   'Compilation Error'])[1 + g % 6], 0, 10, now() - (g % 90 + 1 || ' days')::interval
     from generate_series(1, $2::int) g
     join u on u.n = g % (select count(*) from u)
     cross join (select id from course_lessons where course_id = $1 and kind = 'exercise') l`,
    [courseId, SUBMISSIONS],
  );
  logStep(`${SUBMISSIONS} exercise submissions`, started);
  await client.query('vacuum analyze');
  logStep('vacuum analyze done', started);
}

/** A session and a signed token for the instructor, and for the first 1,000 learners. */
async function tokens(client: pg.Client) {
  const sign = async (where: string) => {
    const sessions = await client.query<{ id: string; expires_at: Date }>(
      `insert into sessions (user_id, expires_at)
       select id, now() + interval '1 day' from users where ${where} order by email limit ${SIGNED_IN_LEARNERS}
       returning id, expires_at`,
    );
    return Promise.all(sessions.rows.map((row) => signSessionToken(BENCH_JWT_SECRET, row.id, row.expires_at)));
  };
  return { instructor: (await sign("email = 'instructor@bench.local'"))[0]!, learners: await sign("role = 'Student'") };
}

async function main() {
  const client = new pg.Client({ connectionString: databaseUrl() });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const started = Date.now();
  const loadAverageAtStart = os.loadavg();
  try {
    console.log(`Generating ${DATABASE_NAME}: ${LEARNERS} learners, ${ATTEMPTS} quiz attempts`);
    await createMigratedDatabase(SERVER_URL, DATABASE_NAME);
    await client.connect();
    const courseId = await generateCourse(client, started);
    await client.query('vacuum analyze');
    const signed = await tokens(client);
    server = await startServer({
      BENCH_DATABASE: DATABASE_NAME,
      BENCH_SERVER_URL: SERVER_URL,
      BENCH_PORT: String(port),
      BENCH_BARE_PORT: String(barePort),
    });
    const base = `http://127.0.0.1:${port}`;
    const coursePage = `${base}/api/courses/${courseId}`;
    const bare = await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`);
    const pageRows = async (when: string) => [
      await measure(`GET /api/courses/:id, anonymous (${when})`, coursePage, { serverPid: server!.pid }),
      await measure(`GET /api/courses/:id, ${SIGNED_IN_LEARNERS} learners in turn (${when})`, coursePage, {
        tokens: signed.learners,
        serverPid: server!.pid,
      }),
    ];
    const before = await pageRows('before: no attempts, no snapshot');

    await generateActivity(client, courseId, started);
    // One computation from the tables, as the scheduled job and Refresh do it (the first look computes it).
    const computeStarted = performance.now();
    const first = await fetch(`${base}/api/courses/${courseId}/insight`, {
      headers: { authorization: `Bearer ${signed.instructor}` },
    });
    const computeMs = Math.round(performance.now() - computeStarted);
    if (first.status !== 200) throw new Error(`GET /api/courses/:id/insight answered ${first.status}`);
    const insight = ((await first.json()) as { insight: Record<string, unknown> }).insight;
    const snapshotBytes = JSON.stringify(insight).length;
    console.log(
      `  insight computed from the tables in ${computeMs} ms: ${insight.learners} learners, ${insight.quizAttempts} attempts, ${insight.stalledTotal} stalled (${(snapshotBytes / 1024).toFixed(1)} KiB)`,
    );
    const insightRow = await measure(
      'GET /api/courses/:id/insight, the instructor (from the snapshot)',
      `${coursePage}/insight`,
      {
        tokens: [signed.instructor],
        serverPid: server.pid,
      },
    );
    const after = await pageRows('after: 100,000 attempts and the snapshot');
    const measured = [bare, insightRow, ...before, ...after];
    compareToBare(measured, bare);
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version, loadAverageAtStart, loadAverageAtEnd: os.loadavg() },
      dataset: {
        learners: LEARNERS,
        quizAttempts: ATTEMPTS,
        gradedAnswers: ATTEMPTS * 4,
        exerciseSubmissions: SUBMISSIONS,
        lessons: 10,
        stalled: insight.stalledTotal,
      },
      insightComputeMs: computeMs,
      snapshotBytes,
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
      results: measured,
      targetP99Ms: TARGET_P99_MS,
    };
    writeResults('insight', report, { 'insight.md': summary(report) });
  } finally {
    if (server) await stopServer(server);
    await client.end().catch(() => undefined);
    await dropUnlessKept(SERVER_URL, DATABASE_NAME);
  }
}

function summary(report: {
  date: string;
  machine: { cpus: number; node: string; loadAverageAtStart: number[]; loadAverageAtEnd: number[] };
  dataset: { learners: number; quizAttempts: number; gradedAnswers: number; exerciseSubmissions: number };
  insightComputeMs: number;
  snapshotBytes: number;
  settings: { connections: number; durationSeconds: number };
  results: Measured[];
}): string {
  const { dataset } = report;
  return `# Instructor insight benchmark (issue 30)

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · PostgreSQL on the same machine · load average ${report.machine.loadAverageAtStart[0]!.toFixed(1)} at the start, ${report.machine.loadAverageAtEnd[0]!.toFixed(1)} at the end (the machine was also running other work: figures are upper bounds)

Dataset: one course of 10 lessons with ${dataset.learners.toLocaleString('en')} learners (half in a cohort with due dates), ${dataset.quizAttempts.toLocaleString('en')} submitted quiz attempts with ${dataset.gradedAnswers.toLocaleString('en')} graded answers, ${dataset.exerciseSubmissions.toLocaleString('en')} exercise submissions.
The insight is **precomputed**: GET /api/courses/:id/insight reads one row of course_insight_snapshots (written by the
scheduled job \`courses.insight-refresh\` and the owner's rate-limited Refresh) and adds the stalled learners' latest nudges.
Computing it from the tables took ${report.insightComputeMs} ms once (what each job run or Refresh pays per course); the snapshot is ${(report.snapshotBytes / 1024).toFixed(1)} KiB.
Load: autocannon, ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route after a warm-up, server in its own process.
"Before" rows: the same course before any quiz attempt, exercise submission or snapshot existed; "after" rows: with them.

${bareComparisonTable(report.results, TARGET_P99_MS, (r) => r.name.includes('/insight'))}
`;
}

await main();
