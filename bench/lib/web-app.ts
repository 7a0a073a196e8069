/**
 * What the browser benchmarks (python-first-run.ts, sheet-search.ts) share: the web app built into a folder of
 * their own, the real API serving it on an embedded database of its own, and headless Chromium.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

/**
 * The browser bundle of apps/web (what a visitor downloads; no server renderer, which these pages do not use)
 * into `outDir`, or BENCH_WEB_DIST when given: an existing build, measured as it is.
 */
export function webBuild(outDir: string): string {
  if (process.env.BENCH_WEB_DIST) return path.resolve(process.env.BENCH_WEB_DIST);
  console.log(`Building the web app into ${outDir}...`);
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(root, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The API serves the .br and .gz copies beside each file, as in production.
  execFileSync(process.execPath, [path.join(root, 'scripts/precompress-web.mjs'), outDir], { stdio: 'inherit' });
  return outDir;
}

export interface RunningApp {
  base: string;
  /** The server's DATA_DIR (its mails land in `outbox/` as .eml files, there being no SMTP_URL). */
  dataDir: string;
  stop: () => Promise<void>;
}

/** The real API (production mode, demo content seeded) on `port`, on an embedded database in a temporary folder. */
export async function startApp(dist: string, port: number, env: Record<string, string> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-bench-'));
  const child: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(32).toString('hex'),
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: '1',
        WEB_DIST: dist,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        ...env,
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    dataDir,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function gitCommit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' + uncommitted changes' : ''}`;
  } catch {
    return 'unknown';
  }
}
