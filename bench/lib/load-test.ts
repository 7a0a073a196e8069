/** What every HTTP benchmark shares: autocannon runs, the measured row, the server child process, the results files. */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
export const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 3);
/** BENCH_RESULTS_DIR sends a trial run's files elsewhere. */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(import.meta.dirname, '..', 'results');

export interface LoadOptions {
  /** Each request asks for the next path in turn. */
  paths?: string[];
  headers?: Record<string, string>;
  /** Each request signs in with the next token in turn. */
  tokens?: string[];
  /** The server's process: its CPU time over the measured run is reported per request. */
  serverPid?: number;
  /**
   * Threads of autocannon sharing the connections (default 1). One thread reads about 75 MB/s of replies: for
   * large replies it, not the server, would set the latency.
   */
  workers?: number;
  /** Connections kept busy at once (BENCH_CONNECTIONS, 64 by default): 1 measures one user's wait. */
  connections?: number;
}

/** One route under load: its throughput and latency. */
export interface LoadFigures {
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface Measured extends LoadFigures {
  name: string;
  url: string;
  /**
   * The server process's CPU time (user + system) over the measured run per request, in µs: unlike req/s it
   * hardly moves when other work shares the machine's CPUs.
   */
  serverCpuUsPerRequest?: number;
  /** p99 of this route over p99 of the bare route in the same run. */
  p99VsBare?: number;
}

/**
 * Rows that take paths or tokens in turn give each connection its own share, built once: connection k asks for
 * turns k, k + connections, k + 2 × connections, ... and starts again at the end of its share, so every path and
 * token is asked for and no two connections ask for the same one at once. (Until 2026-11-27 each request was
 * built anew in autocannon's setupRequest, which cost the load generator more CPU per request than a cold read
 * cost the server, on the same two CPUs.)
 */
function sharesPerConnection(
  headers: Record<string, string> | undefined,
  paths: string[] | undefined,
  tokens: string[] | undefined,
  connections: number,
) {
  const turns = Math.max(paths?.length ?? 0, tokens?.length ?? 0);
  const requestFor = (turn: number): autocannon.Request => {
    const token = tokens?.[turn % tokens.length];
    return {
      method: 'GET',
      ...(paths ? { path: paths[turn % paths.length] } : {}),
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    } as autocannon.Request;
  };
  let connection = 0;
  return (client: autocannon.Client) => {
    const k = connection++;
    const share: autocannon.Request[] = [];
    for (let turn = k % turns; turn < turns; turn += connections) {
      share.push(requestFor(turn));
      if (turns < connections) break;
    }
    client.setRequests(share);
  };
}

export function runLoad(url: string, duration: number, options: LoadOptions = {}): Promise<autocannon.Result> {
  const { paths, headers, tokens, workers, connections = CONNECTIONS } = options;
  const setupClient = (paths || tokens) && sharesPerConnection(headers, paths, tokens, connections);
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers, pipelining: 1, setupClient, ...(workers ? { workers } : {}) },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

export function loadFigures(result: autocannon.Result): LoadFigures {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: Math.round(result.latency.average * 100) / 100,
    },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** CPU time (user + system) a process has used so far, in µs (Linux /proc; undefined elsewhere). */
export function processCpuUs(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** USER_HZ: Linux reports process times in these ticks. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Warms the route up, then measures it, printing the headline figures. */
export async function measure(name: string, url: string, options: LoadOptions = {}): Promise<Measured> {
  process.stdout.write(`  ${name}: warming up ${WARMUP_S} s, measuring ${DURATION_S} s... `);
  // Paths in turn are warmed from the other end of the list: a reply cache then answers none of the measured ones.
  await runLoad(url, WARMUP_S, options.paths ? { ...options, paths: [...options.paths].reverse() } : options);
  const cpuBefore = options.serverPid ? processCpuUs(options.serverPid) : undefined;
  const measured: Measured = { name, url, ...loadFigures(await runLoad(url, DURATION_S, options)) };
  const cpuAfter = options.serverPid ? processCpuUs(options.serverPid) : undefined;
  if (cpuBefore !== undefined && cpuAfter !== undefined && measured.requests > 0) {
    measured.serverCpuUsPerRequest = Math.round(((cpuAfter - cpuBefore) / measured.requests) * 10) / 10;
  }
  const cpu =
    measured.serverCpuUsPerRequest === undefined ? '' : `, server CPU ${measured.serverCpuUsPerRequest} µs/request`;
  console.log(`${measured.requestsPerSecond} req/s, p99 ${measured.latencyMs.p99} ms${cpu}`);
  return measured;
}

/** Sets each row's p99 against the bare route's. */
export function compareToBare(measured: Measured[], bare: Measured): void {
  for (const row of measured) row.p99VsBare = Math.round((row.latencyMs.p99 / bare.latencyMs.p99) * 100) / 100;
}

/**
 * The markdown table of a run measured against its bare route: one row per route, the last column saying
 * whether a route `targeted` met the p99 target (empty for the others).
 */
export function bareComparisonTable(
  results: Measured[],
  targetP99Ms: number,
  targeted: (row: Measured) => boolean,
): string {
  const rows = results.map((r) => {
    const verdict = targeted(r) ? (r.latencyMs.p99 < targetP99Ms ? 'yes' : 'no') : '';
    return `| ${r.name} | ${r.requestsPerSecond} | ${r.latencyMs.p50} | ${r.latencyMs.p90} | ${r.latencyMs.p99} | ${r.latencyMs.max} | ${r.p99VsBare} | ${r.non2xx + r.errors} | ${verdict} |`;
  });
  return `| route | req/s | p50 ms | p90 ms | p99 ms | max ms | p99 / bare p99 | errors | p99 < ${targetP99Ms} ms |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
}

/** Starts server.ts (the real API and a bare route) in a child process and waits until it listens. */
export async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const extra = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = fork(path.join(import.meta.dirname, '..', 'server.ts'), [], {
    execArgv: [...SERVER_NODE_FLAGS, '--import', 'tsx', ...extra],
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return child;
}

export async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

/** Writes bench/results/<name>-<date>.json and the other files given (name → content), and says so. */
export function writeResults(name: string, report: { date: string }, files: Record<string, string>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = report.date.replace(/[:.]/g, '-');
  writeFileSync(path.join(RESULTS_DIR, `${name}-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  for (const [file, content] of Object.entries(files)) writeFileSync(path.join(RESULTS_DIR, file), content);
  const written = [`bench/results/${name}-${stamp}.json`, ...Object.keys(files)];
  console.log(`\nWrote ${written.slice(0, -1).join(', ')} and ${written.at(-1)}`);
}
