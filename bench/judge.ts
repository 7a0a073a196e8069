/**
 * npm run bench:judge -w bench: the judge under a burst (issue 27's goal: 50 submissions at once of an accepted
 * Medium, p99 from submit to verdict ≤ 2 s in JavaScript, ≤ 5 s in Python, while GET /api/health keeps its p99
 * ≤ 50 ms).
 *
 * Starts the real API (port BENCH_PORT, default 3311, embedded database, demo content, no web build), signs up
 * learners of its own (the code from each one's welcome mail, read from the server's outbox), sends
 * BENCH_SUBMISSIONS (default 50) accepted Maximum Subarray submissions in BENCH_LANGUAGE (default javascript) at
 * once — at most 10 per learner, the per-learner limit — and reads each one every 500 ms until it is judged (as the
 * problem page does), while
 * autocannon loads /api/health. Writes bench/results/judge.md (this run added).
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createDatabase, databaseUrlOn, dropUnlessKept, SERVER_URL } from './lib/database';
import { gitCommit, startApp } from './lib/web-app';

const PORT = Number(process.env.BENCH_PORT ?? 3311);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 50);
const LANGUAGE = process.env.BENCH_LANGUAGE ?? 'javascript';
const GOAL_MS = LANGUAGE === 'python' ? 5000 : 2000;
/** `embedded` (default): the server's own PGlite; `server`: a database of its own on BENCH_SERVER_URL's PostgreSQL. */
const DATABASE = process.env.BENCH_DATABASE_KIND === 'server' ? 'server' : 'embedded';
const DATABASE_NAME = `lb_bench_judge_${process.pid}`;
const RESULTS = path.join(import.meta.dirname, 'results', 'judge.md');
const PASSWORD = 'Bench-judge-1234!';
const PER_ACCOUNT = 10;
/**
 * The other traffic meanwhile, in requests a second: steady, as many learners' pages make it. Unpaced, autocannon
 * would keep one core answering /api/health and leave the judge (which yields to the server) the other.
 */
const HEALTH_RATE = 200;
/** How often the problem page reads a submission until it is judged (SUBMISSION_POLL_MS in the web app). */
const POLL_MS = 500;

const SOLUTIONS: Record<string, string> = {
  javascript: `function maxSubArray(nums) {
  let best = nums[0], current = 0;
  for (const value of nums) { current = Math.max(value, current + value); best = Math.max(best, current); }
  return best;
}`,
  python: `def max_sub_array(nums):
    best, current = nums[0], 0
    for value in nums:
        current = max(value, current + value)
        best = max(best, current)
    return best
`,
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function post(url: string, body: object): Promise<Record<string, unknown>> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await reply.json()) as Record<string, unknown>;
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}: ${String(json.error)}`);
  return json;
}

/** The 6-digit code of the newest mail to `email` in the server's outbox (quoted-printable soft breaks undone). */
async function codeFromOutbox(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = existsSync(outbox) ? readdirSync(outbox).sort().reverse() : [];
    for (const file of files) {
      const text = readFileSync(path.join(outbox, file), 'utf8').replace(/=\r?\n/g, '');
      if (!text.includes(email)) continue;
      const code = /\b(\d{6})\b/.exec(
        text
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n'),
      );
      if (code) return code[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** A new learner, signed up and verified as a person would be; returns their token. */
async function signUp(base: string, dataDir: string, index: number): Promise<string> {
  const email = `bench-judge-${index}@bench.learnbuild.test`;
  await post(`${base}/api/auth/register`, { name: `Bench Learner ${index}`, email, password: PASSWORD });
  const verified = await post(`${base}/api/auth/verify-otp`, { email, otp: await codeFromOutbox(dataDir, email) });
  return verified.token as string;
}

async function submitAndWait(base: string, token: string): Promise<{ ms: number; verdict: string }> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const sent = await fetch(`${base}/api/dsa/problems/maximum-subarray/submissions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ language: LANGUAGE, code: SOLUTIONS[LANGUAGE], timeZone: 'UTC' }),
  });
  const body = (await sent.json()) as { submission?: { id: string }; error?: string };
  if (!body.submission) return { ms: performance.now() - started, verdict: `refused: ${body.error}` };
  for (;;) {
    const read = await fetch(`${base}/api/submissions/${body.submission.id}`, { headers });
    const { submission } = (await read.json()) as { submission: { status: string; verdict: string } };
    if (submission.status === 'done') return { ms: performance.now() - started, verdict: submission.verdict };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function main() {
  const emptyDist = mkdtempSync(path.join(tmpdir(), 'learnbuild-bench-judge-'));
  if (DATABASE === 'server') await createDatabase(SERVER_URL, DATABASE_NAME);
  // Sign-ups come from one address: the hourly limit is raised for this server only.
  const app = await startApp(emptyDist, PORT, {
    REGISTRATIONS_PER_HOUR: '1000',
    ...(DATABASE === 'server' ? { DATABASE_URL: databaseUrlOn(SERVER_URL, DATABASE_NAME) } : {}),
  });
  try {
    // One learner for the warm-up, then one for every 10 submissions (the per-learner limit a minute).
    const learners = 1 + Math.ceil(SUBMISSIONS / PER_ACCOUNT);
    const tokens: string[] = [];
    for (let i = 0; i < learners; i++) tokens.push(await signUp(app.base, app.dataDir, i));
    const senders = Array.from({ length: SUBMISSIONS }, (_, i) => tokens[1 + Math.floor(i / PER_ACCOUNT)]!);
    // One warm-up submission: the first judge worker starts QuickJS (or Python) once.
    await submitAndWait(app.base, tokens[0]!);
    // A few learners' worth of other traffic, not a saturating load: what a page's calls wait meanwhile.
    const health = new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        { url: `${app.base}/api/health`, connections: 8, overallRate: HEALTH_RATE, duration: 10 },
        (error, result) => (error ? reject(error) : resolve(result)),
      ),
    );
    const results = await Promise.all(senders.map((token) => submitAndWait(app.base, token)));
    const load = await health;
    const times = results.map((result) => result.ms);
    const verdicts = [...new Set(results.map((result) => result.verdict))].join(', ');
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    const line =
      `| ${new Date().toISOString().slice(0, 16)} | ${gitCommit()} | ${LANGUAGE} | ${DATABASE} | ${SUBMISSIONS} | ${p50.toFixed(0)} | ` +
      `${p99.toFixed(0)} | ${p99 <= GOAL_MS ? 'met' : 'not met'} (≤ ${GOAL_MS}) | ${load.latency.p99} | ${verdicts} |\n`;
    if (!existsSync(RESULTS)) {
      mkdirSync(path.dirname(RESULTS), { recursive: true });
      writeFileSync(
        RESULTS,
        '# Judge under a burst (bench/judge.ts)\n\n' +
          'Submit to verdict in ms, 50 accepted Maximum Subarray submissions sent at once; /api/health p99 in ms meanwhile.\n\n' +
          '| When (UTC) | Commit | Language | Database | Submissions | p50 | p99 | Goal | /api/health p99 | Verdicts |\n' +
          '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
      );
    }
    appendFileSync(RESULTS, line);
    console.log(line);
  } finally {
    await app.stop();
    if (DATABASE === 'server') await dropUnlessKept(SERVER_URL, DATABASE_NAME);
  }
}

await main();
