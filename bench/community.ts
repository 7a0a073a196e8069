/**
 * npm run bench:community: the community thread list at scale. Creates its own database on the benchmark's
 * PostgreSQL server, loads 100,000 threads and 1,000,000 replies with INSERT ... SELECT generate_series
 * (nothing large crosses the wire), starts the real API and a bare Fastify route in one child process, then
 * measures with autocannon at 64 connections:
 *   - the bare route, and GET /api/health (what any route of the API pays),
 *   - GET /api/community/threads (first page, latest activity, pinned first),
 *   - the same list of one category,
 *   - a search (`?q=`, PostgreSQL full-text search ranked by relevance),
 *   - searches of BENCH_ROTATING_SEARCHES different two-word queries in turn: no request finds its reply in the
 *     server's list cache, so this is the price of the database itself.
 * Writes bench/results/community-<date>.json and bench/results/community-summary.md, then drops the database
 * (BENCH_KEEP=1 keeps it; BENCH_GENERATE_ONLY=1 only loads the dataset and keeps it, for EXPLAIN).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { seedCommunityCategories } from '../apps/api/src/modules/community/seed';
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
import { DSA_VOCABULARY, drawnWords, rotatingSearches } from './lib/search-dataset';

const DATABASE_NAME = process.env.BENCH_COMMUNITY_DATABASE ?? `lb_bench_community_${randomBytes(3).toString('hex')}`;
const THREADS = Number(process.env.BENCH_THREADS ?? 100_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 1_000_000);
const AUTHORS = 2_000;
const ROTATING_SEARCHES = Number(process.env.BENCH_ROTATING_SEARCHES ?? 20_000);
const TARGET_P99_MS = 25;
// Ports of their own, so this can run beside the DSA benchmark.
const port = Number(process.env.BENCH_COMMUNITY_PORT ?? 3392);
const barePort = Number(process.env.BENCH_COMMUNITY_BARE_PORT ?? 3393);

const SEARCH = 'dijkstra heap';

const databaseUrl = () => databaseUrlOn(SERVER_URL, DATABASE_NAME);

async function generate() {
  const started = Date.now();
  console.log(`Generating ${DATABASE_NAME}: ${THREADS} threads, ${REPLIES} replies`);
  await createMigratedDatabase(SERVER_URL, DATABASE_NAME, seedCommunityCategories);
  logStep('schema migrated, categories seeded', started);

  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(`create temporary table vocabulary as select $1::text[] as w`, [DSA_VOCABULARY]);
    await client.query(
      `insert into users (name, email, role, email_verified_at, created_at)
       select 'Bench Member ' || g, 'member' || g || '@bench.local', 'Student', now(), now() - interval '90 days'
       from generate_series(1, $1::int) g`,
      [AUTHORS],
    );
    // Threads: a title of 5 to 9 words, a body of 25 to 64, a tag or two; spread over the last year.
    await client.query(
      `with authors as (select array_agg(id order by email) as ids from users),
            categories as (select array_agg(id order by position) as ids from community_categories)
       insert into community_threads (category_id, author_id, title, body, tags, votes, pinned, hidden,
                                      last_activity_at, created_at)
       select c.ids[1 + g % 6], a.ids[1 + g % ${AUTHORS}],
              initcap(${drawnWords('5 + g % 5', 'g')}), ${drawnWords('25 + g % 40', 'g')},
              array[(select w[1 + (g * 7) % array_length(w, 1)] from vocabulary)],
              (g * 37) % 23, g % 20000 = 0, g % 500 = 0,
              now() - ((g % 525600) || ' minutes')::interval, now() - ((g % 525600) + 60 || ' minutes')::interval
       from generate_series(1, $1::int) g, authors a, categories c`,
      [THREADS],
    );
    logStep(`${THREADS} threads`, started);
    await client.query(
      `with authors as (select array_agg(id order by email) as ids from users),
            threads as (select array_agg(id order by created_at) as ids from community_threads)
       insert into community_replies (thread_id, author_id, body, votes, hidden, created_at)
       select t.ids[1 + ((g::bigint * 7919) % ${THREADS})::int], a.ids[1 + (g * 31) % ${AUTHORS}], ${drawnWords('8 + g % 30', 'g')},
              (g * 13) % 7, g % 1000 = 0, now() - ((g % 525600) || ' minutes')::interval
       from generate_series(1, $1::int) g, authors a, threads t`,
      [REPLIES],
    );
    logStep(`${REPLIES} replies`, started);
    // The counters, as the API keeps them: visible replies, the newest reply's time; 40 % have an answer.
    await client.query(
      `update community_threads t
       set reply_count = r.n,
           last_activity_at = greatest(t.last_activity_at, r.newest),
           accepted_reply_id = case when hashtext(t.id::text) % 5 < 2 then r.first_reply end
       from (select thread_id, count(*) filter (where not hidden)::int as n, max(created_at) as newest,
                    (array_agg(id order by created_at))[1] as first_reply
             from community_replies group by thread_id) r
       where r.thread_id = t.id`,
    );
    logStep('counters and answers', started);
    await client.query('vacuum analyze');
    logStep('vacuum analyze done', started);
  } finally {
    await client.end();
  }
}

async function main() {
  await generate();
  const server = await startServer({
    BENCH_DATABASE: DATABASE_NAME,
    BENCH_SERVER_URL: SERVER_URL,
    BENCH_PORT: String(port),
    BENCH_BARE_PORT: String(barePort),
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    const probe = (await (await fetch(`${base}/api/community/threads?q=${encodeURIComponent(SEARCH)}`)).json()) as {
      total: number;
    };
    const list = (await (await fetch(`${base}/api/community/threads`)).json()) as { total: number };
    console.log(`  list total ${list.total}; search "${SEARCH}" matches ${probe.total} threads`);
    const bare = await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`);
    const measured = [
      bare,
      // What every API route pays before its own work: the app's hooks (security headers, input guard, auth).
      await measure('GET /api/health (the API floor)', `${base}/api/health`),
      await measure('GET /api/community/threads (first page)', `${base}/api/community/threads`),
      await measure(
        'GET /api/community/threads?category=dsa-help (first page)',
        `${base}/api/community/threads?category=dsa-help`,
      ),
      await measure(
        `GET /api/community/threads?q=${SEARCH} (search)`,
        `${base}/api/community/threads?q=${encodeURIComponent(SEARCH)}`,
      ),
      await measure(
        `GET /api/community/threads?q=<${ROTATING_SEARCHES.toLocaleString('en')} different searches in turn> (no cache hits)`,
        base,
        { paths: rotatingSearches(DSA_VOCABULARY, ROTATING_SEARCHES, '/api/community/threads') },
      ),
    ];
    compareToBare(measured, bare);

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      dataset: { threads: THREADS, replies: REPLIES, authors: AUTHORS, searchMatches: probe.total },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
      results: measured,
      targetP99Ms: TARGET_P99_MS,
    };
    writeResults('community', report, { 'community-summary.md': summary(report) });
  } finally {
    await stopServer(server);
    await dropUnlessKept(SERVER_URL, DATABASE_NAME);
  }
}

function summary(report: {
  date: string;
  machine: { cpus: number; node: string };
  dataset: { threads: number; replies: number; searchMatches: number };
  settings: { connections: number; durationSeconds: number };
  results: Measured[];
}): string {
  return `# Community benchmark

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · PostgreSQL on the same machine

Dataset: ${report.dataset.threads.toLocaleString('en')} threads, ${report.dataset.replies.toLocaleString('en')} replies; the measured search matches ${report.dataset.searchMatches.toLocaleString('en')} threads.
Load: autocannon, ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route after a warm-up, server in its own process; anonymous reads.

${bareComparisonTable(
  report.results,
  TARGET_P99_MS,
  (r) => !r.name.startsWith('bare') && !r.name.includes('/api/health'),
)}
`;
}

if (process.env.BENCH_GENERATE_ONLY === '1') {
  // For EXPLAIN by hand: the dataset alone, kept.
  await generate();
  console.log(`Kept the database ${DATABASE_NAME}`);
} else {
  await main();
}
