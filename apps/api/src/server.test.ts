import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'learnbuild-server-'));
  dirs.push(dataDir);
  const child = spawn(tsx, [path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', SEED_DEMO: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

describe('server process', () => {
  it('stops at start with a one-line message naming a malformed variable', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Invalid environment variable PORT: PORT must be a number');
  });

  it('migrates, serves health, and shuts down cleanly on SIGTERM', async () => {
    const server = startServer({});
    let child: ChildProcess | null = server.child;
    try {
      const url = await waitFor(() => /running at (http:\/\/[\d.:]+)/.exec(server.output())?.[1], 30_000);
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const inFlight = fetch(`${url}/api/subjects`);
      server.child.kill('SIGTERM');
      expect((await inFlight).status).toBe(200);
      expect(await server.exited).toBe(0);
      child = null;
    } finally {
      child?.kill('SIGKILL');
    }
  }, 60_000);
});
