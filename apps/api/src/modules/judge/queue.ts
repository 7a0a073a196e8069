import { availableParallelism } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';

// Judging goes through pg-boss on the platform's own PostgreSQL (the embedded one too), so every API instance
// on one database shares the queue and each submission is judged once (DESIGN "Growing past the spec").

export const JUDGE_QUEUE = 'judge-submission';

/** pg-boss's own tables live in their own schema beside the platform's. */
export const QUEUE_SCHEMA = 'pgboss';

/** A job not finished in this long (a crashed instance) goes back to the queue for another worker. */
const JOB_EXPIRY_SECONDS = 120;

export interface JobQueue {
  send(name: string, data: object): Promise<void>;
  stop(): Promise<void>;
}

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: several statements in one text (pg-boss installs and migrates itself so). */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * The SQL runner pg-boss is given: the platform's own client (a pg pool, or PGlite in one process). pg-boss
 * marks a job complete or failed without awaiting it, so a job that ends while the server shuts down could
 * query a pool already closed, as an unhandled rejection: `settle()` waits for the statements under way, and
 * from then on the runner never answers (such a job is left to expire). An empty answer would not do: pg-boss
 * reads a count from the first row of a complete or fail, and an answer without one is a TypeError.
 */
export function executorOf(database: Database): PgBoss.Db & { settle(): Promise<void> } {
  const client = (database.db as unknown as { $client: SqlClient }).$client;
  const running = new Set<Promise<unknown>>();
  let settled = false;
  const run = async (text: string, values?: unknown[]): Promise<{ rows: never[] }> => {
    // PGlite prepares any statement sent with parameters, and a prepared statement holds one command.
    if (client.exec && (!values || values.length === 0)) {
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as never[] };
    }
    return client.query(text, values) as Promise<{ rows: never[] }>;
  };
  return {
    executeSql: (text, values) => {
      if (settled) return new Promise<never>(() => undefined);
      const statement = run(text, values);
      running.add(statement);
      statement.then(
        () => running.delete(statement),
        () => running.delete(statement),
      );
      return statement;
    },
    async settle() {
      settled = true;
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * Starts the queue and its workers: at most as many judge jobs at once on this instance as the machine has
 * CPUs. `handler` judges one job; a job it throws on is failed (its submission is then marked by the handler).
 */
export async function startJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  handlers: Record<string, (data: unknown) => Promise<void>>,
  concurrency = availableParallelism(),
): Promise<JobQueue> {
  const executor = executorOf(database);
  const boss = new PgBoss({
    db: executor,
    schema: QUEUE_SCHEMA,
    // No cron here yet; maintenance (expiring and archiving jobs) runs on whichever instance gets to it.
    schedule: false,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const workerIds: string[] = [];
  for (const [name, handler] of Object.entries(handlers)) {
    await boss.createQueue(name, { name, retryLimit: 0, expireInSeconds: JOB_EXPIRY_SECONDS });
    for (let i = 0; i < concurrency; i++) {
      let id = '';
      id = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
        if (!job) return;
        await handler(job.data);
        // A worker that found a job looks for the next at once: pg-boss would otherwise wait out the rest of its
        // polling interval after each job, which held a burst to two jobs a second per worker.
        boss.notifyWorker(id);
      });
      workerIds.push(id);
    }
  }
  return {
    async send(name, data) {
      await boss.send(name, data, { retryLimit: 0, expireInSeconds: JOB_EXPIRY_SECONDS });
      // The workers here look at once instead of at their next poll; other instances find it at theirs.
      for (const id of workerIds) boss.notifyWorker(id);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
      await executor.settle();
    },
  };
}
