/**
 * npm run bench:blog: the blog list and search at scale. Creates its own database on the benchmark's
 * PostgreSQL server, loads BENCH_POSTS posts (default 10,000; the real demo posts' bodies, so each is
 * about 1,500 words, plus a generated paragraph so no two are alike) with INSERT ... SELECT generate_series,
 * starts the real API and a bare Fastify route in one child process, then measures with autocannon at 64
 * connections:
 *   - the bare route,
 *   - GET /api/blog (first page, newest first),
 *   - the first page of one tag,
 *   - a search (`?q=`, PostgreSQL full-text search over title, excerpt and body),
 *   - searches of BENCH_ROTATING_SEARCHES different two-word queries in turn: no request finds its reply in the
 *     server's cache, so this is the price of the database itself.
 * Writes bench/results/blog-<date>.json and bench/results/blog-summary.md, then drops the database
 * (BENCH_KEEP=1 keeps it, and a later run naming it in BENCH_BLOG_DATABASE reuses it; BENCH_GENERATE_ONLY=1 only
 * loads the dataset and keeps it, for EXPLAIN).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { loadBlogContent } from '../apps/api/src/modules/blog/content';
import {
  createMigratedDatabase,
  databaseExists,
  databaseUrlOn,
  dropUnlessKept,
  logStep,
  migrateDatabase,
  SERVER_URL,
} from './lib/database';
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
import { drawnWords, rotatingSearches } from './lib/search-dataset';

const DATABASE_NAME = process.env.BENCH_BLOG_DATABASE ?? `lb_bench_blog_${randomBytes(3).toString('hex')}`;
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const AUTHORS = 50;
const ROTATING_SEARCHES = Number(process.env.BENCH_ROTATING_SEARCHES ?? 20_000);
const TARGET_P99_MS = 25;
// Ports of their own, so this can run beside the DSA and community benchmarks.
const port = Number(process.env.BENCH_PORT ?? 3397);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3398);

/** Words of the generated titles and paragraphs, most common first (drawn with a skew to the front). */
const VOCABULARY = [
  'the',
  'interview',
  'code',
  'problem',
  'array',
  'pattern',
  'design',
  'time',
  'test',
  'function',
  'loop',
  'value',
  'string',
  'complexity',
  'index',
  'list',
  'graph',
  'tree',
  'binary',
  'search',
  'sort',
  'merge',
  'stack',
  'queue',
  'linked',
  'node',
  'edge',
  'recursion',
  'memo',
  'dynamic',
  'programming',
  'greedy',
  'heap',
  'matrix',
  'path',
  'cycle',
  'prefix',
  'window',
  'pointer',
  'interval',
  'bitmask',
  'database',
  'transaction',
  'normalization',
  'join',
  'query',
  'deadlock',
  'process',
  'thread',
  'mutex',
  'semaphore',
  'paging',
  'scheduling',
  'socket',
  'protocol',
  'tcp',
  'dns',
  'http',
  'latency',
  'resume',
  'portfolio',
  'react',
  'python',
  'java',
  'typescript',
  'docker',
  'deploy',
  'backend',
  'frontend',
  'api',
  'system',
  'scalability',
  'cache',
  'sharding',
  'replication',
  'consistency',
  'dijkstra',
  'bellman',
  'kruskal',
  'topological',
  'trie',
  'segment',
  'fenwick',
  'knapsack',
  'backtracking',
  'permutation',
  'rabin',
  'karp',
  'kmp',
  'manacher',
  'lru',
  'bloom',
  'quickselect',
  'reservoir',
];
const TAGS = [
  'dsa',
  'interviews',
  'career',
  'core-subjects',
  'databases',
  'networking',
  'operating-systems',
  'oop',
  'projects',
  'web',
  'system-design',
  'python',
  'javascript',
  'java',
  'cpp',
  'graphs',
  'dynamic-programming',
  'sql',
  'devops',
  'testing',
];

const SEARCH = 'dijkstra heap';
const TAG = 'graphs';

const databaseUrl = () => databaseUrlOn(SERVER_URL, DATABASE_NAME);

/** How many posts the database already holds, or null when it does not exist. */
async function existingPosts(): Promise<number | null> {
  if (!(await databaseExists(SERVER_URL, DATABASE_NAME))) return null;
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from blog_posts')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function generate() {
  const existing = await existingPosts();
  if (existing === POSTS) {
    console.log(`Reusing ${DATABASE_NAME}: ${existing} posts`);
    await migrateDatabase(SERVER_URL, DATABASE_NAME);
    return;
  }
  if (existing !== null) throw new Error(`${DATABASE_NAME} holds ${existing} posts, not ${POSTS}: drop it first`);
  const started = Date.now();
  console.log(`Generating ${DATABASE_NAME}: ${POSTS} posts`);
  await createMigratedDatabase(SERVER_URL, DATABASE_NAME);
  logStep('schema migrated', started);

  const bodies = loadBlogContent().map((post) => post.body);
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    await client.query(`set maintenance_work_mem = '512MB'`);
    await client.query(
      'create temporary table vocabulary as select $1::text[] as w, $2::text[] as tags, $3::text[] as bodies',
      [VOCABULARY, TAGS, bodies],
    );
    await client.query(
      `insert into users (name, email, role, email_verified_at)
       select 'Bench Author ' || g, 'author' || g || '@bench.local', 'Instructor', now()
       from generate_series(1, $1::int) g`,
      [AUTHORS],
    );
    // One post in 20 is a draft and one in 50 is scheduled for later (hidden from readers); the rest are
    // published, one every 50 minutes back from now.
    await client.query(
      `with authors as (select array_agg(id order by email) as ids from users)
       insert into blog_posts (slug, title, excerpt, body, tags, author_id, status, publish_at, published_at,
                               reading_minutes, created_at, updated_at)
       select 'bench-post-' || g,
              initcap(${drawnWords('5 + g % 5', 'g')}),
              ${drawnWords('20 + g % 15', 'g')},
              v.bodies[1 + g % array_length(v.bodies, 1)] || E'\\n\\n' || ${drawnWords('60 + g % 60', 'g')},
              array[v.tags[1 + g % 20], v.tags[1 + (g * 7) % 20]],
              a.ids[1 + g % ${AUTHORS}],
              case when g % 20 = 0 then 'draft' when g % 50 = 1 then 'scheduled' else 'published' end,
              case when g % 50 = 1 then now() + interval '30 days' end,
              case when g % 20 <> 0 and g % 50 <> 1 then now() - (g * 50 || ' minutes')::interval end,
              8,
              now() - (g * 50 + 60 || ' minutes')::interval,
              now() - (g * 50 || ' minutes')::interval
       from generate_series(1, $1::int) g, authors a, vocabulary v`,
      [POSTS],
    );
    logStep(`${POSTS} posts`, started);
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
    const total = async (query: string) =>
      ((await (await fetch(`${base}/api/blog${query}`)).json()) as { total: number }).total;
    const listed = await total('');
    const tagged = await total(`?tag=${TAG}`);
    const found = await total(`?q=${encodeURIComponent(SEARCH)}`);
    console.log(`  list total ${listed}; tag "${TAG}" ${tagged}; search "${SEARCH}" matches ${found} posts`);
    const bare = await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`);
    const measured = [
      bare,
      await measure('GET /api/blog (first page)', `${base}/api/blog`),
      await measure(`GET /api/blog?tag=${TAG} (first page)`, `${base}/api/blog?tag=${TAG}`),
      await measure(`GET /api/blog?q=${SEARCH} (search)`, `${base}/api/blog?q=${encodeURIComponent(SEARCH)}`),
      await measure(
        `GET /api/blog?q=<${ROTATING_SEARCHES.toLocaleString('en')} different searches in turn> (no cache hits)`,
        base,
        { paths: rotatingSearches(VOCABULARY, ROTATING_SEARCHES, '/api/blog') },
      ),
    ];
    compareToBare(measured, bare);

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      dataset: { posts: POSTS, published: listed, authors: AUTHORS, tagMatches: tagged, searchMatches: found },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
      results: measured,
      targetP99Ms: TARGET_P99_MS,
    };
    writeResults('blog', report, { 'blog-summary.md': summary(report) });
  } finally {
    await stopServer(server);
    await dropUnlessKept(SERVER_URL, DATABASE_NAME);
  }
}

function summary(report: {
  date: string;
  machine: { cpus: number; node: string };
  dataset: { posts: number; published: number; tagMatches: number; searchMatches: number };
  settings: { connections: number; durationSeconds: number };
  results: Measured[];
}): string {
  return `# Blog benchmark

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · PostgreSQL on the same machine

Dataset: ${report.dataset.posts.toLocaleString('en')} posts of about 1,600 words (${report.dataset.published.toLocaleString('en')} published); the tag matches ${report.dataset.tagMatches.toLocaleString('en')} posts, the measured search ${report.dataset.searchMatches.toLocaleString('en')}.
Load: autocannon, ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route after a warm-up, server in its own process; anonymous reads.

${bareComparisonTable(report.results, TARGET_P99_MS, (r) => !r.name.startsWith('bare'))}
`;
}

if (process.env.BENCH_GENERATE_ONLY === '1') {
  // For EXPLAIN by hand: the dataset alone, kept.
  await generate();
  console.log(`Kept the database ${DATABASE_NAME}`);
} else {
  await main();
}
