/**
 * npm run bench:notifications -w bench (issue 31): the notification tray's read, GET /api/notifications?unread=true
 * (a page of unread notifications and the unread count), for signed-in people with many notifications.
 *
 * Creates its own database on the benchmark's PostgreSQL server and loads BENCH_NOTIFY_PEOPLE (64) heavy readers
 * with BENCH_NOTIFY_EACH (2,000) notifications each, a third of them unread, among BENCH_NOTIFY_OTHERS (10,000)
 * other people with 20 each (nothing large crosses the wire: INSERT ... SELECT generate_series). Starts the real
 * API and a bare Fastify route in one child process, signs the readers in (sessions inserted, tokens signed with
 * the server's key) and measures at 64 connections, each request as the next reader in turn. The goal: p99 ≤ 10 ms.
 * Writes bench/results/notifications-<date>.json and bench/results/notifications-summary.md, then drops the
 * database (BENCH_KEEP=1 keeps it).
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

const DATABASE_NAME = process.env.BENCH_NOTIFY_DATABASE ?? `lb_bench_notify_${randomBytes(3).toString('hex')}`;
const READERS = Number(process.env.BENCH_NOTIFY_PEOPLE ?? 64);
const EACH = Number(process.env.BENCH_NOTIFY_EACH ?? 2_000);
const OTHERS = Number(process.env.BENCH_NOTIFY_OTHERS ?? 10_000);
const OTHERS_EACH = 20;
const TARGET_P99_MS = 10;
const port = Number(process.env.BENCH_NOTIFY_PORT ?? 3394);
const barePort = Number(process.env.BENCH_NOTIFY_BARE_PORT ?? 3395);

const databaseUrl = () => databaseUrlOn(SERVER_URL, DATABASE_NAME);

async function generate(client: pg.Client) {
  const started = Date.now();
  console.log(`Generating ${DATABASE_NAME}: ${READERS} readers x ${EACH}, ${OTHERS} others x ${OTHERS_EACH}`);
  await createMigratedDatabase(SERVER_URL, DATABASE_NAME);
  await client.connect();
  await client.query(
    `insert into users (name, email, role, email_verified_at)
     select 'Reader ' || g, 'reader' || lpad(g::text, 5, '0') || '@bench.local', 'Student', now()
     from generate_series(1, $1::int) g`,
    [READERS],
  );
  await client.query(
    `insert into users (name, email, role, email_verified_at)
     select 'Other ' || g, 'other' || g || '@bench.local', 'Student', now() from generate_series(1, $1::int) g`,
    [OTHERS],
  );
  logStep('people', started);
  // Spread over the last 90 days; every third one unread, the rest read an hour after they came.
  const load = (emailPattern: string, each: number) =>
    client.query(
      `insert into notifications (user_id, kind, title, url, channel, created_at, read_at)
       select u.id, (array['thread_reply','mention','answer_accepted','badge_earned','course_update'])[1 + g % 5],
              'Someone replied to “A question about arrays number ' || g || '”', '/community/' || gen_random_uuid(),
              'app', now() - ((g * 97) % 129600 || ' minutes')::interval,
              case when g % 3 = 0 then null else now() - ((g * 97) % 129600 - 60 || ' minutes')::interval end
       from users u, generate_series(1, $1::int) g where u.email like $2`,
      [each, emailPattern],
    );
  await load('reader%@bench.local', EACH);
  await load('other%@bench.local', OTHERS_EACH);
  logStep('notifications', started);
  await client.query('vacuum analyze');
  logStep('vacuum analyze done', started);
}

/** A session and a signed token for each reader, as a sign-in makes them. */
async function readerTokens(client: pg.Client): Promise<string[]> {
  const sessions = await client.query<{ id: string; expires_at: Date }>(
    `insert into sessions (user_id, expires_at)
     select id, now() + interval '1 day' from users where email like 'reader%@bench.local' order by email
     returning id, expires_at`,
  );
  return Promise.all(sessions.rows.map((row) => signSessionToken(BENCH_JWT_SECRET, row.id, row.expires_at)));
}

async function main() {
  const client = new pg.Client({ connectionString: databaseUrl() });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await generate(client);
    const tokens = await readerTokens(client);
    server = await startServer({
      BENCH_DATABASE: DATABASE_NAME,
      BENCH_SERVER_URL: SERVER_URL,
      BENCH_PORT: String(port),
      BENCH_BARE_PORT: String(barePort),
    });
    const base = `http://127.0.0.1:${port}`;
    const probe = await fetch(`${base}/api/notifications?unread=true`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const page = (await probe.json()) as { notifications: unknown[]; unread: number };
    if (probe.status !== 200) throw new Error(`GET /api/notifications answered ${probe.status}`);
    console.log(`  a reader's first page: ${page.notifications.length} notifications, ${page.unread} unread`);

    const bare = await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`);
    const measured = [
      bare,
      await measure('GET /api/health (the API floor)', `${base}/api/health`),
      await measure(
        `GET /api/notifications?unread=true (${READERS} readers in turn)`,
        `${base}/api/notifications?unread=true`,
        { tokens, serverPid: server.pid },
      ),
      await measure(`GET /api/notifications (${READERS} readers in turn)`, `${base}/api/notifications`, {
        tokens,
        serverPid: server.pid,
      }),
    ];
    compareToBare(measured, bare);
    const report = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      dataset: {
        readers: READERS,
        perReader: EACH,
        others: OTHERS,
        perOther: OTHERS_EACH,
        unreadPerReader: page.unread,
      },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
      results: measured,
      targetP99Ms: TARGET_P99_MS,
    };
    writeResults('notifications', report, { 'notifications-summary.md': summary(report) });
  } finally {
    if (server) await stopServer(server);
    await client.end().catch(() => undefined);
    await dropUnlessKept(SERVER_URL, DATABASE_NAME);
  }
}

function summary(report: {
  date: string;
  machine: { cpus: number; node: string };
  dataset: { readers: number; perReader: number; others: number; perOther: number; unreadPerReader: number };
  settings: { connections: number; durationSeconds: number };
  results: Measured[];
}): string {
  const { dataset } = report;
  return `# Notifications benchmark (issue 31)

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · PostgreSQL on the same machine

Dataset: ${dataset.readers} readers with ${dataset.perReader.toLocaleString('en')} notifications each (${dataset.unreadPerReader.toLocaleString('en')} unread), among ${dataset.others.toLocaleString('en')} other people with ${dataset.perOther} each.
Load: autocannon, ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route after a warm-up, server in its own process; each request signed in as the next reader in turn.

${bareComparisonTable(report.results, TARGET_P99_MS, (r) => r.name.includes('unread=true'))}
`;
}

await main();
