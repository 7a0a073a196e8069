import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A new DATA_DIR, removed once the file's tests are done. */
function dataDirFor(purpose: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `learnbuild-${purpose}-`));
  dirs.push(dir);
  return dir;
}

/** Everything a child process writes, stdout and stderr together, and its exit code once it exits. */
function watch(child: ChildProcess) {
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, output: () => output };
}

function startServer(env: Record<string, string>) {
  const dataDir = dataDirFor('server');
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
  return { child, ...watch(child) };
}

async function waitFor<T>(probe: () => T | undefined, ms: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
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
      expect(await health.json()).toMatchObject({ status: 'ok', database: { status: 'ok' } });

      // A request whose body is only half sent is surely in flight when the signal comes.
      const request = halfSentContact(Number(new URL(url).port), 'Sent during shutdown');
      await waitFor(() => (/"url":"\/api\/contact"/.test(server.output()) ? true : undefined), 30_000);

      server.child.kill(signal);
      await waitFor(() => (server.output().includes(`"signal":"${signal}"`) ? true : undefined), 30_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(server.child.exitCode).toBeNull();
      const response = await request.finish();
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

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts the server the way `npm start` does (scripts/start.mjs), in a process group of its own; with
 * `viaNpm`, by running `npm start` itself.
 */
function startLikeNpmStart(dataDir: string, port: number, viaNpm = false) {
  const [command, args] = viaNpm ? ['npm', ['start']] : [process.execPath, [path.join(root, 'scripts/start.mjs')]];
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      SKIP_WEB_BUILD: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      SEED_DEMO: '1',
    },
  });
  const { exited, output } = watch(child);
  const pgid = child.pid!;
  return {
    child,
    pgid,
    exited,
    output,
    ready: () =>
      waitFor(() => {
        if (/running at http/.test(output())) return true;
        if (child.exitCode !== null)
          throw new Error(`the server exited with ${child.exitCode}:\n${output().slice(-2000)}`);
        return undefined;
      }, 150_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${output().slice(-2000)}`);
      }),
    kill: () => {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    },
  };
}

/** A POST whose body is only half sent: surely in flight until `finish` sends the rest. */
function halfSentContact(port: number, subject: string) {
  const body = JSON.stringify({
    name: 'Rin',
    email: 'rin@example.com',
    subject,
    message: `Sent while stopping: ${subject}`,
  });
  const half = Math.floor(body.length / 2);
  const socket = connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (chunk) => {
    response += chunk;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    async finish() {
      socket.end(body.slice(half));
      await closed;
      return response;
    },
  };
}

async function contactSubjects(port: number): Promise<string[]> {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.local', password: 'Demo1234!' }),
  });
  const { token } = (await login.json()) as { token: string };
  const reply = await fetch(`${base}/api/admin/contact-messages`, { headers: { authorization: `Bearer ${token}` } });
  const { messages } = (await reply.json()) as { messages: { subject: string }[] };
  return messages.map((m) => m.subject);
}

describe('3: stopping the server started like npm start', () => {
  it.each([
    ['the whole process group', true],
    ['the top process only', false],
  ] as const)(
    'on SIGTERM to %s under load: in-flight requests complete, exit 0, port freed, restart keeps the data',
    async (_target, toGroup) => {
      const dataDir = dataDirFor('stop');
      const port = await freePort();
      const server = startLikeNpmStart(dataDir, port);
      try {
        await server.ready();
        const base = `http://127.0.0.1:${port}`;
        expect(
          (
            await fetch(`${base}/api/contact`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                name: 'Rin',
                email: 'rin@example.com',
                subject: 'Before the stop',
                message: 'Kept across restarts.',
              }),
            })
          ).status,
        ).toBe(201);

        // Load: requests whose bodies are half sent, and a burst of reads of the whole problem sheet.
        const pending = [1, 2, 3].map((i) => halfSentContact(port, `In flight ${i}`));
        const reads = Array.from({ length: 24 }, () =>
          fetch(`${base}/api/dsa/problems`).then(
            (r) => r.status,
            (error: unknown) => String(error),
          ),
        );
        const received = (url: string) => (server.output().match(new RegExp(`"url":"${url}"`, 'g')) ?? []).length;
        // Signal as soon as the server has read every request's head: most reads are still running.
        await waitFor(
          () => (received('/api/contact') >= 4 && received('/api/dsa/problems') >= 24 ? true : undefined),
          30_000,
          5,
        );

        if (toGroup) process.kill(-server.pgid, 'SIGTERM');
        else server.child.kill('SIGTERM');
        await waitFor(() => (server.output().includes('shutting down') ? true : undefined), 30_000);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(server.child.exitCode).toBeNull();
        const responses = await Promise.all(pending.map((request) => request.finish()));
        for (const response of responses) expect(response).toMatch(/^HTTP\/1\.1 201 /);
        expect(await Promise.all(reads)).toEqual(Array(24).fill(200));

        expect(await server.exited).toBe(0);
        expect(server.output()).toContain('"msg":"database closed"');
        await waitFor(() => (groupAlive(server.pgid) ? undefined : true), 10_000);
        expect(await isListening(port)).toBe(false);
        expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      } catch (error) {
        console.log(server.output().slice(-3000));
        throw error;
      } finally {
        server.kill();
      }

      const restarted = startLikeNpmStart(dataDir, port);
      try {
        const startedAt = Date.now();
        await restarted.ready();
        expect(Date.now() - startedAt).toBeLessThan(60_000);
        expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toMatchObject({ status: 'ok' });
        expect(await contactSubjects(port)).toEqual(
          expect.arrayContaining(['Before the stop', 'In flight 1', 'In flight 2', 'In flight 3']),
        );
        process.kill(-restarted.pgid, 'SIGTERM');
        expect(await restarted.exited).toBe(0);
      } finally {
        restarted.kill();
      }
    },
    300_000,
  );

  it('stops the server when its parent is killed outright, so nothing is left on the port', async () => {
    const dataDir = dataDirFor('orphan');
    const port = await freePort();
    const server = startLikeNpmStart(dataDir, port);
    try {
      await server.ready();
      server.child.kill('SIGKILL');
      await waitFor(() => (groupAlive(server.pgid) ? undefined : true), 20_000);
      expect(await isListening(port)).toBe(false);
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    } finally {
      server.kill();
    }
  }, 200_000);

  it('refuses a second server on a DATA_DIR in use with one clear line, and takes over a stale lock', async () => {
    const dataDir = dataDirFor('lock');
    const first = startLikeNpmStart(dataDir, await freePort());
    try {
      await first.ready();
      const second = startLikeNpmStart(dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output().trim()).toMatch(
        new RegExp(
          `^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another LearnBuild server \\(pid \\d+\\)`,
        ),
      );
      expect(second.output().trim().split('\n')).toHaveLength(1);
      // The first one is untouched.
      expect(first.child.exitCode).toBeNull();
      // kill -9 leaves the lock behind; the next start sees its owner is gone and takes it over.
      process.kill(-first.pgid, 'SIGKILL');
      await first.exited;
      expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    } finally {
      first.kill();
    }
    const third = startLikeNpmStart(dataDir, await freePort());
    try {
      await third.ready();
      process.kill(-third.pgid, 'SIGTERM');
      expect(await third.exited).toBe(0);
    } finally {
      third.kill();
    }
  }, 300_000);
});

describe("3: the README's stop promise, kept by the README's command", () => {
  const promise =
    '`npm start` runs the server as one `node` process; Ctrl-C or SIGTERM (to it or to its whole process group) ' +
    'lets requests in flight finish (up to 10 s), closes the database and exits 0';

  it('is what the README says', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ')).toContain(promise);
  });

  it.each([
    ['SIGTERM', 'npm itself', false],
    ['SIGTERM', 'its whole process group', true],
    ['SIGINT', 'its whole process group (Ctrl-C)', true],
  ] as const)(
    '`npm start` on %s to %s: the request in flight completes, npm exits 0, the port and DATA_DIR lock are freed, nothing is left running',
    async (signal, _target, toGroup) => {
      const dataDir = dataDirFor('npm-start');
      const port = await freePort();
      const server = startLikeNpmStart(dataDir, port, true);
      try {
        await server.ready();
        const request = halfSentContact(port, `In flight at ${signal}`);
        await waitFor(() => (/"url":"\/api\/contact"/.test(server.output()) ? true : undefined), 30_000);

        const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
          server.child.on('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
        );
        if (toGroup) process.kill(-server.pgid, signal);
        else process.kill(server.child.pid!, signal);
        await waitFor(() => (server.output().includes(`"signal":"${signal}"`) ? true : undefined), 30_000);
        expect(await request.finish()).toMatch(/^HTTP\/1\.1 201 /);

        expect(await exit).toEqual({ code: 0, signal: null });
        expect(server.output()).toContain('"msg":"database closed"');
        await waitFor(() => (groupAlive(server.pgid) ? undefined : true), 10_000);
        expect(await isListening(port)).toBe(false);
        expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
      } catch (error) {
        console.log(server.output().slice(-3000));
        throw error;
      } finally {
        server.kill();
      }
    },
    200_000,
  );
});
