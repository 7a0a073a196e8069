/**
 * npm run bench:profile-pages -w bench (issue 29): the public profile page /u/{handle} from the page cache.
 *
 * Starts the real API on the built web app (BENCH_WEB_DIST, default apps/web/dist: run `npm run build` first, the
 * server renderer included), on an embedded database with the demo content; the demo student takes the handle
 * `demo-student` and turns the profile on. Then `GET /u/demo-student` signed out, and with the signed-in hint cookie
 * (the other navbar, kept apart), at BENCH_CONNECTIONS (64) connections; the goal is p99 ≤ 25 ms.
 * Writes bench/results/profile-pages.md (this run added under its date).
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@learnbuild/domain/constants';
import { CONNECTIONS, DURATION_S, measure } from './lib/load-test';
import { BROWSER_ENCODINGS } from './lib/problem-list';
import { gitCommit, startApp } from './lib/web-app';

const PORT = Number(process.env.BENCH_PORT ?? 3308);
const GOAL_P99_MS = 25;
const HANDLE = 'demo-student';
const RESULTS = path.join(import.meta.dirname, 'results', 'profile-pages.md');
const dist = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));

const app = await startApp(dist, PORT);
try {
  const login = await fetch(`${app.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'student@demo.local', password: 'Demo1234!' }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const turnedOn = await fetch(`${app.base}/api/auth/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ handle: HANDLE, publicProfile: { enabled: true } }),
  });
  if (!turnedOn.ok) throw new Error(`the profile was not turned on: ${turnedOn.status}`);
  const url = `${app.base}/u/${HANDLE}`;
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`/u/${HANDLE} answered ${first.status}`);

  const encodings = { 'accept-encoding': BROWSER_ENCODINGS };
  const signedOut = await measure(`GET /u/${HANDLE}`, url, { headers: encodings });
  const signedIn = await measure(`GET /u/${HANDLE}, signed-in navbar`, url, {
    headers: { ...encodings, cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
  });

  const row = (name: string, m: typeof signedOut) =>
    `| ${name} | ${m.requestsPerSecond} | ${m.latencyMs.p50} | ${m.latencyMs.p99} | ${m.non2xx + m.errors} | ${
      m.latencyMs.p99 <= GOAL_P99_MS ? 'met' : 'not met'
    } |`;
  const section = [
    `## ${new Date().toISOString()} (${gitCommit()})`,
    '',
    `${CONNECTIONS} connections, ${DURATION_S} s each; goal p99 ≤ ${GOAL_P99_MS} ms.`,
    '',
    '| route | req/s | p50 ms | p99 ms | errors | goal |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    row(`\`/u/${HANDLE}\` signed out`, signedOut),
    row(`\`/u/${HANDLE}\` signed-in navbar`, signedIn),
    '',
  ].join('\n');
  if (!existsSync(RESULTS)) writeFileSync(RESULTS, '# Public profile pages (issue 29)\n\n');
  appendFileSync(RESULTS, `${section}\n`);
  console.log(`\n${section}\nAppended to ${RESULTS}`);
} finally {
  await app.stop();
}
