/**
 * npm run bench: makes the dataset if it is missing (or of another scale), starts the server in a
 * child process, then measures with autocannon at 64 connections: a bare Fastify route, the session
 * check alone, then GET /api/dsa/progress/stats and /activity for the learner with 500 solves. Also measures the size
 * of the problem list at 1,000 problems. Writes bench/results/<name>.json and bench/results/summary.md.
 */
import { gzipSync } from 'node:zlib';
import {
  existingScale,
  generate,
  learnerTokens,
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
  startServer,
  stopServer,
  WARMUP_S,
  writeResults,
} from './lib/load-test';

const TARGET_P99_MS = 25;
/** Learners taken in turn for the cache-miss runs: more than the server meets within its cache's 5 s. */
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

    const rotating = await learnerTokens(ROTATING_LEARNERS);
    const rotatingName = (route: string) =>
      `${route}, ${rotating.length.toLocaleString('en')} generated learners in turn (no cache hits)`;
    const measured = [
      await measure('bare Fastify route', `http://127.0.0.1:${barePort}/bare`),
      // Every signed-in call pays for the token check and the session lookup: the floor under the two below.
      await measure('GET /api/health with the token (session check only)', `${base}/api/health`, { headers: auth }),
      await measure('GET /api/dsa/progress/stats', `${base}/api/dsa/progress/stats?timeZone=${zone}`, {
        headers: auth,
      }),
      await measure('GET /api/dsa/progress/activity', `${base}/api/dsa/progress/activity?timeZone=${zone}`, {
        headers: auth,
      }),
      await measure(rotatingName('GET /api/dsa/progress/stats'), `${base}/api/dsa/progress/stats?timeZone=${zone}`, {
        tokens: rotating,
      }),
      await measure(
        rotatingName('GET /api/dsa/progress/activity'),
        `${base}/api/dsa/progress/activity?timeZone=${zone}`,
        { tokens: rotating },
      ),
      await measure(`GET /api/dsa/problems (${listCount} problems)`, `${base}/api/dsa/problems?timeZone=${zone}`, {
        headers: auth,
      }),
    ];

    const report = {
      date: new Date().toISOString(),
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      dataset: { users: scale.users + 1, progressRows: wanted + 500, problems: PROBLEM_COUNT, targetSolves: 500 },
      settings: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S },
      targetStats: stats.stats,
      problemList: { problems: listCount, bytes: listBody.length, gzipBytes: gzipSync(listBody).length },
      results: measured,
      targetP99Ms: TARGET_P99_MS,
    };
    writeResults('dsa-stats', report, {
      'latest.json': `${JSON.stringify(report, null, 2)}\n`,
      'summary.md': summary(report),
    });
  } finally {
    await stopServer(server);
  }
}

function summary(report: {
  date: string;
  machine: { cpus: number; node: string };
  dataset: { users: number; progressRows: number; problems: number };
  settings: { connections: number; durationSeconds: number };
  problemList: { problems: number; bytes: number; gzipBytes: number };
  results: Measured[];
}): string {
  const rows = report.results.map((r) => {
    const verdict =
      r.name.includes('stats') || r.name.includes('activity') ? (r.latencyMs.p99 < TARGET_P99_MS ? 'yes' : 'no') : '';
    return `| ${r.name} | ${r.requestsPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.non2xx + r.errors} | ${verdict} |`;
  });
  return `# DSA stats benchmark

${report.date} · ${report.machine.cpus} CPUs · Node ${report.machine.node} · PostgreSQL on the same machine

Dataset: ${report.dataset.users.toLocaleString('en')} users, ${report.dataset.progressRows.toLocaleString('en')} progress rows, ${report.dataset.problems} problems; the measured learner has 500 solves.
Load: autocannon, ${report.settings.connections} connections, ${report.settings.durationSeconds} s per route after a warm-up, server in its own process.

| route | req/s | p50 ms | p90 ms | p99 ms | max ms | errors | p99 < ${TARGET_P99_MS} ms |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Problem list reply at ${report.problemList.problems} problems: ${(report.problemList.bytes / 1024).toFixed(0)} KiB (${(report.problemList.gzipBytes / 1024).toFixed(0)} KiB if gzipped).
`;
}

await main();
