/**
 * npm run bench: makes the dataset if it is missing (or of another scale), starts the server in a
 * child process, then measures with autocannon at 64 connections: a bare Fastify route, the session
 * check alone, then GET /api/dsa/progress/stats and /activity for the learner with 500 solves. Also measures the size
 * of the problem list at 1,000 problems. Writes bench/results/<name>.json and bench/results/summary.md.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  existingScale,
  generate,
  learnerTokens,
  migrateExisting,
  PROBLEM_COUNT,
  scaleFromEnv,
  TARGET_EMAIL,
  TARGET_PASSWORD,
} from './generate';
import {
  CONNECTIONS,
  DURATION_S,
  type Measured,
  measure,
  RESULTS_DIR,
  startServer,
  stopServer,
  WARMUP_S,
  writeResults,
} from './lib/load-test';
import {
  BROWSER_ENCODINGS,
  measureRevalidation,
  PROBLEM_LIST_TARGET_P99_MS,
  type ProblemListWire,
  problemListSummary,
  problemListWire,
} from './lib/problem-list';

const TARGET_P99_MS = 25;
const BARE_ROUTE = 'bare Fastify route';
/**
 * Learners taken in turn for the cold runs. Their replies are not kept while those rows run (the server is told
 * over IPC, `keepLearnerReplies`): at tens of thousands of reads a second each learner comes round again within
 * the learner cache's 5 s, and the rows would measure the cache instead of a read that finds nothing.
 */
const ROTATING_LEARNERS = Number(process.env.BENCH_ROTATING_LEARNERS ?? 20_000);
const port = Number(process.env.BENCH_PORT ?? 3390);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3391);

async function main() {
  const scale = scaleFromEnv();
  const existing = await existingScale();
  const wanted = scale.users * scale.rowsPerUser;
  // reltuples is an estimate: within 2 % counts as the same scale.
  if (!existing || existing.users !== scale.users || Math.abs(existing.progress - wanted - 500) > wanted * 0.02) {
    await generate(scale);
  } else {
    console.log(`Reusing the dataset: ${existing.users} users, about ${existing.progress} progress rows`);
    await migrateExisting();
  }

  const server = await startServer({ BENCH_PORT: String(port), BENCH_BARE_PORT: String(barePort) });
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TARGET_EMAIL, password: TARGET_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const zone = 'Europe/Berlin';

    const stats = (await (
      await fetch(`${base}/api/dsa/progress/stats?timeZone=${zone}`, { headers: auth })
    ).json()) as {
      stats: unknown;
    };
    const list = await fetch(`${base}/api/dsa/problems?timeZone=${zone}`, { headers: auth });
    const listBody = Buffer.from(await list.arrayBuffer());
    const listCount = (JSON.parse(listBody.toString()) as { problems: unknown[] }).problems.length;
    console.log(
      `  problem list: ${listCount} problems, ${listBody.length} bytes (${gzipSync(listBody).length} gzipped)`,
    );
    const wire = await problemListWire(base, auth, zone);
    console.log(
      `  problem list on the wire: first visit ${wire.firstVisit.totalBytes} bytes, repeat visit ${wire.repeatVisit.totalBytes} bytes`,
    );
    const encodings = { 'accept-encoding': BROWSER_ENCODINGS };

    const rotating = await learnerTokens(ROTATING_LEARNERS);
    const rotatingName = (route: string) =>
      `${route}, ${rotating.length.toLocaleString('en')} generated learners in turn (replies not kept)`;
    /** The rotating rows run with the learner cache off; every other row with it on, as in production. */
    const coldReads = async (run: () => Promise<Measured>): Promise<Measured> => {
      server.send('learner-cache:off');
      try {
        return await run();
      } finally {
        server.send('learner-cache:on');
      }
    };
    const cpu = { serverPid: server.pid };
    const measured = [
      await measure(BARE_ROUTE, `http://127.0.0.1:${barePort}/bare`, cpu),
      // Every signed-in call pays for the token check and the session lookup: the floor under the two below.
      await measure('GET /api/health with the token (session check only)', `${base}/api/health`, {
        headers: auth,
        ...cpu,
      }),
      await measure('GET /api/dsa/progress/stats', `${base}/api/dsa/progress/stats?timeZone=${zone}`, {
        headers: auth,
        ...cpu,
      }),
      await measure('GET /api/dsa/progress/activity', `${base}/api/dsa/progress/activity?timeZone=${zone}`, {
        headers: auth,
        ...cpu,
      }),
      await coldReads(() =>
        measure(rotatingName('GET /api/dsa/progress/stats'), `${base}/api/dsa/progress/stats?timeZone=${zone}`, {
          tokens: rotating,
          ...cpu,
        }),
      ),
      await coldReads(() =>
        measure(rotatingName('GET /api/dsa/progress/activity'), `${base}/api/dsa/progress/activity?timeZone=${zone}`, {
          tokens: rotating,
          ...cpu,
        }),
      ),
      await measure(`GET /api/dsa/problems (${listCount} problems)`, `${base}/api/dsa/problems?timeZone=${zone}`, {
        headers: auth,
        ...cpu,
      }),
      // The sheet's split list: the shared catalogue (first visit, then revalidated) and the learner's flags.
      // 64 connections each reading 34 KiB: one autocannon thread tops out near 75 MB/s at full CPU while the
      // server uses a fifth of one, so the load comes from two threads (the connections split between them).
      await measure(
        `GET /api/dsa/catalogue (${listCount} problems, brotli; load from 2 client threads)`,
        `${base}/api/dsa/catalogue`,
        { headers: { ...auth, ...encodings }, ...cpu, workers: 2 },
      ),
      await measureRevalidation('GET /api/dsa/catalogue with If-None-Match (304)', `${base}/api/dsa/catalogue`, {
        ...auth,
        ...encodings,
        'if-none-match': wire.etag,
      }),
      await measure('GET /api/dsa/progress/flags', `${base}/api/dsa/progress/flags`, {
        headers: { ...auth, ...encodings },
        ...cpu,
      }),
      await coldReads(() =>
        measure(rotatingName('GET /api/dsa/progress/flags'), `${base}/api/dsa/progress/flags`, {
          headers: encodings,
          tokens: rotating,
          ...cpu,
        }),
      ),
    ];

    const report = {
      date: new Date().toISOString(),
      commit: measuredCommit(),
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      dataset: { users: scale.users + 1, progressRows: wanted + 500, problems: PROBLEM_COUNT, targetSolves: 500 },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
      targetStats: stats.stats,
      problemList: { problems: listCount, bytes: listBody.length, gzipBytes: gzipSync(listBody).length },
      problemListWire: wire,
      problemListTargetP99Ms: PROBLEM_LIST_TARGET_P99_MS,
      results: measured,
      targetP99Ms: TARGET_P99_MS,
    };
    writeResults('dsa-stats', report, {
      'latest.json': `${JSON.stringify(report, null, 2)}\n`,
      'summary.md': withEarlierRuns(summary(report)),
    });
  } finally {
    await stopServer(server);
  }
}

/** The commit measured, and whether the tree had changes on top of it. */
function measuredCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

const SUMMARY_HEADER = `# DSA stats benchmark

Each run of \`npm run bench -w bench\` appends its section below; earlier runs stay for comparison. "× bare req/s" is
a route's req/s over the bare Fastify route's in the same run.
`;

/** summary.md keeps every earlier run and gets this one appended. */
function withEarlierRuns(run: string): string {
  const file = path.join(RESULTS_DIR, 'summary.md');
  const earlier = existsSync(file) ? readFileSync(file, 'utf8').trimEnd() : SUMMARY_HEADER.trimEnd();
  return `${earlier}\n\n${run}`;
}

function summary(report: {
  date: string;
  commit: string;
  machine: { cpus: number; node: string };
  dataset: { users: number; progressRows: number; problems: number };
  settings: { connections: number; durationSeconds: number };
  problemList: { problems: number; bytes: number; gzipBytes: number };
  problemListWire: ProblemListWire;
  results: Measured[];
}): string {
  const bareRps = report.results.find((r) => r.name === BARE_ROUTE)?.requestsPerSecond ?? Number.NaN;
  const rows = report.results.map((r) => {
    const verdict =
      r.name.includes('stats') || r.name.includes('activity') ? (r.latencyMs.p99 < TARGET_P99_MS ? 'yes' : 'no') : '';
    const vsBare = (r.requestsPerSecond / bareRps).toFixed(2);
    return `| ${r.name} | ${r.requestsPerSecond} | ${vsBare} | ${r.serverCpuUsPerRequest ?? ''} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.non2xx + r.errors} | ${verdict} |`;
  });
  return `## ${report.date} · commit ${report.commit}

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · PostgreSQL on the same machine

Dataset: ${report.dataset.users.toLocaleString('en')} users, ${report.dataset.progressRows.toLocaleString('en')} progress rows, ${report.dataset.problems} problems; the measured learner has 500 solves.
Load: autocannon, ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route after a warm-up, server in its own process.
Server CPU is the server process's user + system time over the measured run per request (autocannon and PostgreSQL share the same CPUs, so req/s moves with whatever else runs; this hardly does).

| route | req/s | × bare req/s | server CPU µs/request | p50 ms | p90 ms | p99 ms | max ms | errors | p99 < ${TARGET_P99_MS} ms |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Problem list reply at ${report.problemList.problems} problems: ${(report.problemList.bytes / 1024).toFixed(0)} KiB (${(report.problemList.gzipBytes / 1024).toFixed(0)} KiB if gzipped).

${problemListSummary(report.problemListWire, report.results)}`;
}

await main();
