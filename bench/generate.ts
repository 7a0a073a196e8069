/**
 * Loads a benchmark dataset into its own PostgreSQL database: the schema, the problem bank padded
 * to 1,000 problems, BENCH_USERS learners with BENCH_ROWS_PER_USER progress rows each (100,000 x 50
 * = 5,000,000 by default), and one target learner with exactly 500 solves.
 * Bulk rows are made by generate_series inside PostgreSQL, so nothing large crosses the wire.
 */
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { hashPassword } from '../apps/api/src/modules/auth/passwords';
import { seedDsaProblems } from '../apps/api/src/modules/dsa/seed';
import { signSessionToken } from '../apps/api/src/plugins/auth';
import {
  createMigratedDatabase,
  databaseExists,
  databaseUrlOn,
  dropDatabase,
  logStep,
  SERVER_URL,
} from './lib/database';

export const DATABASE_NAME = process.env.BENCH_DATABASE ?? 'lb_bench';
export const TARGET_EMAIL = 'bench-target@bench.local';
export const TARGET_PASSWORD = 'bench target password 500';
export const TARGET_SOLVES = 500;
export const PROBLEM_COUNT = 1000;
/** The server under test signs tokens with this key; the runner signs tokens for many learners with it too. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

/**
 * Signed-in tokens for `count` generated learners (sessions inserted directly): requests that take
 * them in turn never find a learner's reply in the server's cache.
 */
export async function learnerTokens(count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const sessions = await client.query<{ id: string; expires_at: Date }>(
      `insert into sessions (user_id, expires_at)
       select id, now() + interval '1 day' from users where email like 'learner%@bench.local' order by email limit $1
       returning id, expires_at`,
      [count],
    );
    return Promise.all(sessions.rows.map((row) => signSessionToken(BENCH_JWT_SECRET, row.id, row.expires_at)));
  } finally {
    await client.end();
  }
}

export interface Scale {
  users: number;
  rowsPerUser: number;
}

export function scaleFromEnv(): Scale {
  return {
    users: Number(process.env.BENCH_USERS ?? 100_000),
    rowsPerUser: Number(process.env.BENCH_ROWS_PER_USER ?? 50),
  };
}

export const databaseUrl = () => databaseUrlOn(SERVER_URL, DATABASE_NAME);

/** The counts already in the database, or null when it does not exist. */
export async function existingScale(): Promise<{ users: number; progress: number } | null> {
  if (!(await databaseExists(SERVER_URL, DATABASE_NAME))) return null;
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    const users = await client.query<{ n: string }>(
      "select count(*) as n from users where email like 'learner%@bench.local'",
    );
    // A planner estimate is enough to tell the scale; counting 5M rows takes seconds.
    const progress = await client.query<{ n: string }>(
      "select reltuples::bigint as n from pg_class where relname = 'dsa_progress'",
    );
    return { users: Number(users.rows[0]?.n ?? 0), progress: Number(progress.rows[0]?.n ?? 0) };
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** Brings a dataset made by an earlier version up to the app's schema (migrations backfill what they add). */
export async function migrateExisting(): Promise<void> {
  const database = await openDatabase({ databaseUrl: databaseUrl() });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
}

export async function generate(scale: Scale): Promise<void> {
  const started = Date.now();
  console.log(`Generating ${DATABASE_NAME}: ${scale.users} users x ${scale.rowsPerUser} progress rows`);
  await dropDatabase(SERVER_URL, DATABASE_NAME);
  const seeded = await createMigratedDatabase(SERVER_URL, DATABASE_NAME, seedDsaProblems);
  logStep(`schema migrated, ${seeded} bank problems seeded`, started);

  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  // Pad the bank to 1,000 problems so the list reply can be measured at that size.
  await client.query(
    `insert into dsa_problems (slug, title, step, topic_id, difficulty, url, tags, position)
     select 'bench-problem-' || g, 'Bench Problem ' || g, 'Step 99: Bench padding',
            (select id from dsa_topics order by position limit 1),
            (array['Easy','Medium','Hard'])[1 + g % 3],
            'https://leetcode.com/problems/bench-' || g || '/', array['bench','padding'], 100000 + g
     from generate_series(1, $1::int - (select count(*)::int from dsa_problems)) g`,
    [PROBLEM_COUNT],
  );
  logStep('problems padded to 1000', started);

  await client.query(
    `insert into users (name, email, role, email_verified_at)
     select 'Bench Learner ' || g, 'learner' || g || '@bench.local', 'Student', now()
     from generate_series(1, $1::int) g`,
    [scale.users],
  );
  logStep(`${scale.users} users`, started);

  // Each learner gets rowsPerUser distinct problems: (n*7 + k*13) mod 1000 is distinct for k < 1000.
  // 80 % are solved on a day of the last year, 10 % bookmarked, a few carry notes.
  await client.query('set maintenance_work_mem = $1', ['512MB']).catch(() => undefined);
  // The learner counters are recounted once below instead of row by row in the bulk insert.
  await client.query('alter table dsa_progress disable trigger dsa_progress_counters');
  await client.query(
    `with p as (select id, (row_number() over (order by position, id) - 1)::int as idx from dsa_problems),
          u as (select id, (row_number() over (order by id))::int as n from users where email like 'learner%@bench.local')
     insert into dsa_progress (user_id, problem_id, solved, solved_at, solved_on, bookmarked, notes)
     select u.id, p.id, s.solved,
            case when s.solved then now() - (s.back || ' days')::interval end,
            case when s.solved then current_date - s.back end,
            (u.n + k) % 10 = 0,
            case when (u.n + k) % 50 = 0 then 'remember the edge case' else '' end
     from u
     cross join generate_series(0, $1::int - 1) k
     join p on p.idx = (u.n * 7 + k * 13) % ${PROBLEM_COUNT}
     cross join lateral (select ((u.n * 31 + k * 17) % 10) < 8 as solved, ((u.n * 13 + k * 29) % 365) as back) s`,
    [scale.rowsPerUser],
  );
  await client.query('alter table dsa_progress enable trigger dsa_progress_counters');
  logStep(`${scale.users * scale.rowsPerUser} progress rows`, started);

  // The learner the benchmark reads: 500 solves, the newest ones on consecutive days up to today.
  const passwordHash = await hashPassword(TARGET_PASSWORD);
  const target = await client.query<{ id: string }>(
    `insert into users (name, email, password_hash, role, email_verified_at)
     values ('Bench Target', $1, $2, 'Student', now()) returning id`,
    [TARGET_EMAIL, passwordHash],
  );
  await client.query(
    `insert into dsa_progress (user_id, problem_id, solved, solved_at, solved_on, bookmarked)
     select $1, id, true, now() - ((rn / 3) || ' days')::interval, current_date - (rn / 3)::int, rn % 7 = 0
     from (select id, (row_number() over (order by position) - 1)::int as rn from dsa_problems) p
     where rn < $2`,
    [target.rows[0]!.id, TARGET_SOLVES],
  );
  const counted = await client.query<{ learners: number }>('select dsa_rebuild_counters() as learners');
  logStep(`target learner with 500 solves; counters rebuilt for ${counted.rows[0]?.learners} learners`, started);
  await client.query('vacuum analyze');
  await client.end();
  logStep('vacuum analyze done', started);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await generate(scaleFromEnv());
}
