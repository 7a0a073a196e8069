/**
 * npm run bench:digests -w bench: one run of the digest job for 100,000 learners (BENCH_DIGEST_LEARNERS) whose
 * digest hour it is, the issue's goal being 10 minutes at most, sent in batches.
 *
 * Makes its own database on the benchmark's PostgreSQL server (lib/database.ts; dropped after unless
 * BENCH_KEEP=1), inserts the learners in bulk inside PostgreSQL (generate_series): each with a digest hour of 8 in
 * one of four zones that are at UTC+0 in late November, and BENCH_DIGEST_ITEMS (default 2) daily notifications
 * not yet mailed. Builds the real API on it with the tests' mail sink (memoryMailTransport) and runs
 * `notifications.digests` through app.jobs.runNow at 08:00 UTC on Monday 30 November 2026 (so the weekly digest
 * is looked for too; the learners have none). Then delivers every queued mail through the mail worker into the
 * sink (four workers, as four instances would), and runs the job again for the same slot (it must send nothing).
 * Writes bench/results/digests.md (this run added under its date).
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { startMailWorker } from '../apps/api/src/mail/worker';
import { DIGEST_BATCH_SIZE } from '../apps/api/src/modules/notifications/digests';
import { memoryMailTransport } from '../apps/api/src/test/build-test-app';
import { createMigratedDatabase, databaseUrlOn, dropUnlessKept, logStep, SERVER_URL } from './lib/database';
import { gitCommit } from './lib/web-app';

const LEARNERS = Number(process.env.BENCH_DIGEST_LEARNERS ?? 100_000);
const ITEMS = Number(process.env.BENCH_DIGEST_ITEMS ?? 2);
const GOAL_MS = 10 * 60_000;
const AT = new Date('2026-11-30T08:00:00Z');
const ZONES = ['UTC', 'Europe/London', 'Africa/Abidjan', 'Atlantic/Reykjavik'];
const WORKERS = 4;
const RESULTS = path.join(import.meta.dirname, 'results', 'digests.md');
const NAME = `lb_bench_digests_${process.pid}`;

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function main() {
  const started = Date.now();
  console.log(`Digest run for ${LEARNERS.toLocaleString('en')} learners, ${ITEMS} daily notifications each`);
  await createMigratedDatabase(SERVER_URL, NAME, async (db) => {
    const zones = sql.raw(`array[${ZONES.map((zone) => `'${zone}'`).join(',')}]`);
    await db.execute(sql`insert into users (name, email, email_verified_at)
      select 'Learner ' || n, 'learner' || n || '@bench.example', now() from generate_series(1, ${LEARNERS}::int) n`);
    logStep('learners inserted', started);
    await db.execute(sql`insert into user_preferences (user_id, time_zone, digest_hour)
      select id, (${zones})[1 + (row_number() over (order by id))::int % ${ZONES.length}::int], 8 from users`);
    await db.execute(sql`insert into notifications (user_id, kind, title, url, channel, created_at)
      select u.id, 'course_update', 'A new lesson in course ' || i, '/courses/' || i, 'daily',
        timestamptz '2026-11-29 12:00:00+00' + i * interval '1 minute'
      from users u cross join generate_series(1, ${ITEMS}::int) i`);
    await db.execute(sql`analyze`);
    logStep(`${(LEARNERS * ITEMS).toLocaleString('en')} notifications inserted`, started);
  });

  const database = await openDatabase({ databaseUrl: databaseUrlOn(SERVER_URL, NAME) });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-bench-digests-'));
  const sink = memoryMailTransport();
  const app = await buildApp({
    config: {
      ...loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: 'bench-secret-long-enough-for-signing',
        LOG_LEVEL: 'silent',
      }),
      publicUrl: 'http://learnbuild.test',
    },
    database,
    mailTransport: sink.transport,
    mailWorkerAutoStart: false,
    logger: false,
    scheduler: false,
    judgeQueue: 'on-first-submission',
  });
  await app.ready();
  try {
    const runStarted = Date.now();
    const run = await app.jobs.runNow('notifications.digests', AT);
    const runMs = Date.now() - runStarted;
    if (!run.ok) throw new Error(`the digest run failed: ${run.detail}`);
    console.log(`  digest run: ${run.detail} in ${seconds(runMs)} s`);
    const batches = Number(/in (\d+) batch/.exec(run.detail)?.[1] ?? Number.NaN);

    const deliveryStarted = Date.now();
    const workers = Array.from({ length: WORKERS }, () =>
      startMailWorker({
        db: database.db,
        transport: sink.transport,
        from: 'bench@localhost',
        log: app.log,
        autoStart: false,
      }),
    );
    await Promise.all(
      workers.map(async (worker) => {
        while ((await worker.runOnce()) > 0);
      }),
    );
    const deliveryMs = Date.now() - deliveryStarted;
    const withHeaders = sink.sent.filter((mail) => mail.headers?.['List-Unsubscribe-Post']).length;
    console.log(`  delivered ${sink.sent.length.toLocaleString('en')} mails to the sink in ${seconds(deliveryMs)} s`);

    const againStarted = Date.now();
    const again = await app.jobs.runNow('notifications.digests', AT);
    const againMs = Date.now() - againStarted;
    console.log(`  the same slot again: ${again.detail} in ${seconds(againMs)} s`);

    const goalMet = runMs <= GOAL_MS && sink.sent.length === LEARNERS && withHeaders === LEARNERS;
    if (!existsSync(RESULTS)) {
      mkdirSync(path.dirname(RESULTS), { recursive: true });
      writeFileSync(
        RESULTS,
        '# Digests: one run for 100,000 learners\n\n' +
          '`npm run bench:digests -w bench` (bench/digests.ts). A database of its own on the benchmark PostgreSQL ' +
          'server; the learners inserted in bulk, each at digest hour 8 in a zone at UTC+0, with 2 daily ' +
          "notifications not yet mailed; the real API with the tests' mail sink. One run of " +
          '`notifications.digests` (app.jobs.runNow, fixed clock), then every queued mail delivered through the ' +
          `mail worker (${WORKERS} at once) into the sink, then the same slot again. Goal: the run within 10 minutes, ` +
          `in batches (${DIGEST_BATCH_SIZE} learners per query and transaction), one mail per learner.\n\n` +
          '| date (UTC) | commit | learners | notifications | digest run (s) | batches | mails queued | delivery to the sink (s) | mails with List-Unsubscribe-Post | same slot again | goal met |\n' +
          '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |\n',
      );
    }
    appendFileSync(
      RESULTS,
      `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${gitCommit()} | ${LEARNERS} | ${LEARNERS * ITEMS} | ` +
        `${seconds(runMs)} | ${batches} | ${sink.sent.length} | ${seconds(deliveryMs)} | ${withHeaders} | ` +
        `${again.detail} (${seconds(againMs)} s) | ${goalMet ? 'yes' : 'no'} |\n`,
    );
    console.log(`Goal (a run within 10 minutes, one mail each): ${goalMet ? 'met' : 'NOT met'}; see ${RESULTS}`);
    await Promise.all(workers.map((worker) => worker.stop()));
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    await dropUnlessKept(SERVER_URL, NAME);
  }
}

await main();
