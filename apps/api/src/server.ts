import { roleLabel } from '@learnbuild/domain/roles';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { type Database, openDatabase, REQUEST_STATEMENT_TIMEOUT_MS } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { runSeed } from './seed/seed';

/** In-flight requests get this long to finish once a stop is asked for; then their connections are cut. */
export const DRAIN_DEADLINE_MS = 10_000;
/** Past this, closing itself is stuck: the process leaves with 1 rather than hang. */
const HARD_DEADLINE_MS = DRAIN_DEADLINE_MS + 10_000;

let app: FastifyInstance | undefined;
let database: Database | undefined;
let stopping: Promise<void> | undefined;

/** Stops accepting, drains in-flight requests (with a deadline), closes the database, exits 0. */
function stop(reason: string): Promise<void> {
  stopping ??= (async () => {
    const log = app?.log;
    log?.info({ signal: reason }, 'shutting down: finishing in-flight requests');
    const hard = setTimeout(() => {
      console.error(`Shutdown did not finish within ${HARD_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, HARD_DEADLINE_MS);
    hard.unref();
    const drain = setTimeout(() => {
      log?.warn(`requests still running after ${DRAIN_DEADLINE_MS / 1000} s; closing their connections`);
      app?.server.closeAllConnections();
    }, DRAIN_DEADLINE_MS);
    drain.unref();
    try {
      // The app's onClose hooks stop the workers and close the database after the last request.
      if (app) await app.close();
      else await database?.close();
      process.exit(0);
    } catch (error) {
      console.error(`Shutdown failed: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    }
  })();
  return stopping;
}

function listenForStops() {
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  // Started by scripts/start.mjs with an IPC channel: when that parent goes, however it went, so do we.
  if (process.channel) {
    process.on('disconnect', () => void stop('parent exited'));
    process.channel.unref();
  }
}

async function main() {
  listenForStops();
  const config = loadConfigOrExit();
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS,
  });
  if (stopping) return;
  await database.migrate();
  if (stopping) return;
  const db = database;
  app = await buildApp({ config, database: db });
  app.addHook('onClose', async () => {
    await db.close();
    app?.log.info('database closed');
  });
  await runSeed(db.db, config, app.log);
  if (stopping) return;

  await app.listen({ port: config.port, host: config.host });
  const url = `http://${config.host}:${(app.server.address() as { port: number }).port}`;
  console.log(`\n  LearnBuild is running at ${url}  (API docs: ${url}/api/docs)`);
  console.log(
    `  Database: ${db.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}/db` : 'PostgreSQL server'}`,
  );
  if (config.seedDemo) {
    console.log(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const account of DEMO_ACCOUNTS) {
      const label = account.application ? 'Applicant' : roleLabel(account.role);
      const note = account.application ? '  (instructor application waiting for review)' : '';
      console.log(`    ${label.padEnd(10)} ${account.email}${note}`);
    }
  }
  console.log('');
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  // Leave the database files closed even when the start failed (a port in use, a bad migration).
  await Promise.race([
    (app ? app.close() : database?.close())?.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, 5000).unref()),
  ]);
  process.exit(1);
});
