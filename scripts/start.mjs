// npm start: build the web app when it is missing or older than its sources, then serve everything.
// The server is one `node` process (tsx is only an import hook inside it), so a signal reaches the
// server itself; this parent forwards SIGINT/SIGTERM/SIGHUP, waits for the server and exits with its
// code, and the server stops on its own if this parent dies (its IPC channel closes).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkNodeVersion } from './check-node.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
checkNodeVersion(root);
const webIndex = path.join(root, 'apps/web/dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

// SKIP_WEB_BUILD=1 serves the API (and whatever web build exists) without building: process tests use it.
if (process.env.SKIP_WEB_BUILD !== '1') {
  const sources = [path.join(root, 'apps/web/src'), path.join(root, 'packages/domain/src')];
  const stale = !existsSync(webIndex) || sources.some((dir) => newestMtime(dir) > statSync(webIndex).mtimeMs);
  if (stale) {
    console.log('Building the web app...');
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
  {
    cwd: root,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  },
);

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // A signal sent to the whole group reaches the server too; it stops once however often it is asked.
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

// A server killed outright (SIGKILL) has no code: that is a failure.
server.on('exit', (code) => process.exit(code ?? 1));
