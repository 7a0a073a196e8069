import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
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
    env: {
      ...process.env,
      DATABASE_URL: '',
      // Rate limits stay in this process so runs never share counters through Redis.
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      ...env,
    },
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

  it.each([
    'SIGTERM',
    'SIGINT',
  ] as const)('migrates, serves health, and on %s finishes the request in flight, closes the DB and exits 0', async (signal) => {
    const server = startServer({ LOG_LEVEL: 'info' });
    let child: ChildProcess | null = server.child;
    try {
      const url = await waitFor(() => /running at (http:\/\/[\d.:]+)/.exec(server.output())?.[1], 150_000);
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok' });

      // A request whose body is only half sent is surely in flight when the signal comes.
      const { hostname, port } = new URL(url);
      const body = JSON.stringify({
        name: 'Rin',
        email: 'rin@example.com',
        subject: 'Sent during shutdown',
        message: 'This message arrives while the server is stopping.',
      });
      const half = Math.floor(body.length / 2);
      const socket = connect(Number(port), hostname);
      let response = '';
      socket.on('data', (chunk) => {
        response += chunk;
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write(
        `POST /api/contact HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
      );
      await waitFor(() => (/"url":"\/api\/contact"/.test(server.output()) ? true : undefined), 30_000);

      server.child.kill(signal);
      await waitFor(() => (server.output().includes(`"signal":"${signal}"`) ? true : undefined), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.child.exitCode).toBeNull();
      socket.end(body.slice(half));
      await closed;
      expect(response).toMatch(/^HTTP\/1\.1 201 /);
      expect(response).toContain('Thanks! Your message has been sent.');
      expect(await server.exited).toBe(0);
      child = null;
      expect(server.output()).toContain('"msg":"database closed"');
    } finally {
      child?.kill('SIGKILL');
    }
  }, 180_000);
});
