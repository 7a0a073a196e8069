/**
 * The process under test: the real API on the benchmark database, and a bare Fastify route on a
 * second port in the same process, so both share the same CPU and event loop conditions.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { keepLearnerReplies } from '../apps/api/src/modules/dsa/learner-cache';
import { BENCH_JWT_SECRET, databaseUrl } from './generate';

const port = Number(process.env.BENCH_PORT ?? 3390);
const barePort = Number(process.env.BENCH_BARE_PORT ?? 3391);

const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'learnbuild-bench-')),
  DATABASE_URL: databaseUrl(),
  JWT_SECRET: BENCH_JWT_SECRET,
  LOG_LEVEL: 'silent',
  // The benchmark drives the problem list from one address on purpose.
  EXPENSIVE_READS_PER_MINUTE: '0',
});
const database = await openDatabase({ databaseUrl: config.databaseUrl });
const app = await buildApp({ config, database, logger: false, mailWorkerAutoStart: false });
await app.listen({ port, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ success: true, hello: 'world' }));
await bare.listen({ port: barePort, host: '127.0.0.1' });

// The runner turns the learner cache off for its cold rows (learners in turn) and on again after them.
process.on('message', (message) => {
  if (message === 'learner-cache:off') keepLearnerReplies(database.db, false);
  if (message === 'learner-cache:on') keepLearnerReplies(database.db, true);
});
process.send?.('ready');
const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
